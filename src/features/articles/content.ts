import * as z from 'zod';
import { newBlockId, withBlockIds } from './block-ids.ts';
import { stopField } from './stop.ts';
import {
  DEFAULT_BACKGROUND,
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  DEFAULT_SPACE,
  DEFAULT_LEGEND_WIDTH,
  LEGEND_SIDES,
  lineHeightFor,
  MAX_CAPTION_LENGTH,
  MAX_DETAILS,
  MAX_ELEMENTS,
  MAX_PUBLIC_TITLE_LENGTH,
  SPACE_MAX,
  align,
  alt,
  articleUrl,
  color,
  common,
  justify,
  link,
  mediaSrc,
  styleNumber,
  text,
  textStyle,
  videoId,
} from './content-fields.ts';

/**
 * The title visitors see (heading, tab, picker, circuits), translated with the article's texts;
 * optional: empty, the page is named by its first words. Trimmed, one line. Not the staff's
 * private name, which stays the museum's. An empty one is left out (absent reads as ''), so the
 * content of an article without one is stored as it was before the field existed.
 */
export const publicTitleField = text
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(MAX_PUBLIC_TITLE_LENGTH, `must be at most ${MAX_PUBLIC_TITLE_LENGTH} characters`),
  )
  .optional()
  .transform((s) => (s === '' ? undefined : s));

export const metadatasSchema = z.object({
  type: z.literal('metadatas'),
  url: articleUrl,
  backgroundColor: color.default(DEFAULT_BACKGROUND),
  publicTitle: publicTitleField,
  stop: stopField,
});

// Without a line height, one that suits the text's own font size (content-fields.ts).
export const textSchema = z
  .object({
    type: z.literal('text'),
    ...common,
    content: text.default(''),
    ...textStyle,
    lineHeight: styleNumber().optional(),
    justify,
    align,
  })
  .transform(({ lineHeight, ...rest }) => ({
    ...rest,
    lineHeight: lineHeight ?? lineHeightFor(rest.fontSize),
  }));

export const linkSchema = z.object({
  type: z.literal('link'),
  ...common,
  src: mediaSrc.default(''),
  alt,
  content: text.default(''),
  link: link.default(''),
  ...textStyle,
  justify,
});

export const imageSchema = z.object({
  type: z.literal('image'),
  ...common,
  src: mediaSrc.default(''),
  alt,
  size: styleNumber().default(DEFAULT_SIZE),
  justify,
});

export const videoSchema = z.object({
  type: z.literal('video'),
  ...common,
  src: mediaSrc.default(''),
  subtitles: mediaSrc.default(''),
  videoId: videoId.default(''),
  size: styleNumber().default(DEFAULT_SIZE),
  justify,
});

/**
 * Audio (the eighth type, added to the editor's seven): the museum's recording, played as it is; its caption and
 * transcript are texts like any other, translated for the visitor. `color` is the caption's and
 * the transcript's, as every text's.
 */
export const audioSchema = z.object({
  type: z.literal('audio'),
  ...common,
  src: mediaSrc.default(''),
  caption: text
    .pipe(z.string().max(MAX_CAPTION_LENGTH, `must be at most ${MAX_CAPTION_LENGTH} characters`))
    .default(''),
  transcript: text.default(''),
  color: color.default(DEFAULT_COLOR),
  size: styleNumber().default(DEFAULT_SIZE),
  justify,
});

export const spaceSchema = z.object({
  type: z.literal('space'),
  ...common,
  size: styleNumber(SPACE_MAX).default(DEFAULT_SPACE),
});

export const legendItemSchema = z.object({
  type: z.literal('legendItem'),
  ...common,
  src: mediaSrc.default(''),
  alt,
  width: styleNumber().default(DEFAULT_LEGEND_WIDTH),
  content: text.default(''),
  ...textStyle,
  justify: z.enum(LEGEND_SIDES).default('left'),
});

export const accordionHeaderSchema = z.object({
  content: text.default(''),
  ...textStyle,
  justify,
});

export const detailSchema = z.discriminatedUnion('type', [
  textSchema,
  linkSchema,
  imageSchema,
  spaceSchema,
  legendItemSchema,
]);

export const accordionSchema = z.object({
  type: z.literal('accordion'),
  ...common,
  header: accordionHeaderSchema.default(() => accordionHeaderSchema.parse({})),
  details: z
    .array(detailSchema)
    .max(MAX_DETAILS, `must hold at most ${MAX_DETAILS} details`)
    .default([]),
});

export const blockSchema = z.discriminatedUnion('type', [
  textSchema,
  imageSchema,
  linkSchema,
  spaceSchema,
  accordionSchema,
  videoSchema,
  legendItemSchema,
  audioSchema,
]);

/** Its output is ArticleContent (checked here), so what it parses needs no cast. */
export const contentSchema = z.tuple([metadatasSchema], blockSchema).check((ctx) => {
  if (ctx.value.length > MAX_ELEMENTS + 1) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `must hold at most ${MAX_ELEMENTS} elements`,
    });
  }
}) satisfies z.ZodType<ArticleContent>;

/** `publicTitle` is absent when there is none: read it with `?? ''`. */
export type Metadatas = Omit<z.infer<typeof metadatasSchema>, 'publicTitle' | 'stop'> & {
  publicTitle?: string | undefined;
  /** The stop number; absent when there is none. */
  stop?: number | undefined;
};

export type TextElement = z.infer<typeof textSchema>;
export type LinkElement = z.infer<typeof linkSchema>;
export type ImageElement = z.infer<typeof imageSchema>;
export type VideoElement = z.infer<typeof videoSchema>;
export type AudioElement = z.infer<typeof audioSchema>;
export type SpaceElement = z.infer<typeof spaceSchema>;
export type LegendItemElement = z.infer<typeof legendItemSchema>;
export type AccordionHeader = z.infer<typeof accordionHeaderSchema>;
export type AccordionElement = z.infer<typeof accordionSchema>;
export type Detail = z.infer<typeof detailSchema>;
export type Block = z.infer<typeof blockSchema>;
export type ArticleContent = [Metadatas, ...Block[]];

/** The types the editor offers, in its order, audio last; details take a subset. */
export const BLOCK_TYPES = [
  'text',
  'image',
  'link',
  'space',
  'accordion',
  'video',
  'legendItem',
  'audio',
] as const satisfies readonly Block['type'][];
export const DETAIL_TYPES = [
  'text',
  'link',
  'image',
  'space',
  'legendItem',
] as const satisfies readonly Detail['type'][];
export type BlockType = (typeof BLOCK_TYPES)[number];
export type DetailType = (typeof DETAIL_TYPES)[number];

export const isBlockType = (type: string): type is BlockType =>
  (BLOCK_TYPES as readonly string[]).includes(type);
export const isDetailType = (type: string): type is DetailType =>
  (DETAIL_TYPES as readonly string[]).includes(type);

/** A new element of a type with its defaults, and a name of its own. */
export function newBlock<T extends BlockType>(type: T): Extract<Block, { type: T }> {
  return blockSchema.parse({ type, id: newBlockId() }) as Extract<Block, { type: T }>;
}
export function newDetail<T extends DetailType>(type: T): Extract<Detail, { type: T }> {
  return detailSchema.parse({ type, id: newBlockId() }) as Extract<Detail, { type: T }>;
}

/**
 * Stored content made safe to show to a visitor: everything saved passed this schema, but a block
 * written by an older version that no longer parses is left out rather than failing the page.
 */
export function readContent(stored: unknown, fallbackUrl: string): ArticleContent {
  // Named before anything is left out: by position in what is stored, as the editor names them.
  const items = withBlockIds(Array.isArray(stored) ? (stored as unknown[]) : []);
  const meta = metadatasSchema.safeParse(items[0]);
  const blocks: Block[] = [];
  for (const item of items.slice(1)) {
    const block = blockSchema.safeParse(item);
    if (block.success) blocks.push(block.data);
  }
  return [
    meta.success ? meta.data : metadatasSchema.parse({ type: 'metadatas', url: fallbackUrl }),
    ...blocks,
  ];
}
