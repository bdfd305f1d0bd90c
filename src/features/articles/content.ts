import { z } from 'zod';
import { blockId, newBlockId, withBlockIds } from './block-ids.ts';

/**
 * An article's content (spec 3): an ordered list whose first entry is the `metadatas` entry (url,
 * background colour), then the blocks a visitor sees. One schema for the editor, the API and the
 * visitor page. Missing style fields take spec 9's defaults; unknown fields are dropped.
 */

export const DEFAULT_BACKGROUND = '#341539';
export const DEFAULT_COLOR = '#ffffff';
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_LINE_HEIGHT = 16;
export const DEFAULT_SIZE = 100;
export const DEFAULT_SPACE = 40;
export const DEFAULT_LEGEND_WIDTH = 30;

/** Spec 5: font size, line height, sizes and widths go from 1 to 100. */
export const STYLE_MIN = 1;
export const STYLE_MAX = 100;
/** A space is measured in pixels, so it may be taller than 100 (our choice, see the README). */
export const SPACE_MAX = 400;

export const MAX_ELEMENTS = 500;
export const MAX_DETAILS = 200;
export const MAX_TEXT_LENGTH = 5_000;
export const MAX_TITLE_LENGTH = 120;
export const MAX_INSTRUCTIONS_LENGTH = 2_000;
export const MAX_URL_LENGTH = 100;
export const MAX_LINK_LENGTH = 2_000;
export const MAX_ALT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 300;

/** Spec 5: the public url holds letters, digits and dashes standing for spaces. */
export const URL_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
/** A public url as a visitor's address may carry it: the pattern, within the length. */
export const isPublicUrl = (name: string | undefined): name is string =>
  name !== undefined && name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name);
export const articleUrl = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .regex(URL_PATTERN, 'may only hold letters, digits and single dashes between them');

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb');

const styleNumber = (max = STYLE_MAX) =>
  z
    .number('must be a number')
    .int(`must be a whole number from ${STYLE_MIN} to ${max}`)
    .min(STYLE_MIN, `must be a whole number from ${STYLE_MIN} to ${max}`)
    .max(max, `must be a whole number from ${STYLE_MIN} to ${max}`);

/** Control characters other than tab and line breaks: never typed, sometimes pasted. */
export const hasControlCharacters = (s: string) => /(?![\t\n\r])\p{Cc}/u.test(s);

const text = z
  .string()
  .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
  .refine((s) => !hasControlCharacters(s), { message: 'must not contain control characters' });

/** What an image shows, read aloud to blind visitors; empty for a decorative image. */
const alt = text
  .pipe(z.string().max(MAX_ALT_LENGTH, `must be at most ${MAX_ALT_LENGTH} characters`))
  .default('');

/** Where uploaded media live (uploads feature); staff content never points elsewhere. */
export const MEDIA_PREFIX = '/media/';
export const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const mediaSrc = z
  .string()
  .max(300)
  .refine((s) => s === '' || (MEDIA_PATH.test(s) && !s.includes('..')), {
    message: 'must be a file uploaded to Legenda',
  });

/** Links a visitor may follow: web pages and e-mail addresses, never scripts. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'];
export function isSafeLink(href: string): boolean {
  if (!URL.canParse(href)) return false;
  return LINK_PROTOCOLS.includes(new URL(href).protocol);
}
const link = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH, `must be at most ${MAX_LINK_LENGTH} characters`)
  .refine((s) => s === '' || isSafeLink(s), {
    message: 'must start with http://, https:// or mailto:',
  });

export const VIDEO_ID = /^[A-Za-z0-9]{6}$/;
const videoId = z
  .string()
  .refine((s) => s === '' || VIDEO_ID.test(s), { message: 'must be 6 letters or digits' });

export const JUSTIFY = ['flex-start', 'center', 'flex-end'] as const;
export const ALIGN = ['left', 'center', 'justify', 'right'] as const;
export const LEGEND_SIDES = ['left', 'right'] as const;

const justify = z.enum(JUSTIFY).default('center');
const align = z.enum(ALIGN).default('left');

/** Every element may carry a background colour (spec 3, common fields). */
/** `id`: the element's own name, kept while it exists (block-ids.ts). */
const common = { id: blockId.optional(), backgroundColor: color.optional() };

const textStyle = {
  fontSize: styleNumber().default(DEFAULT_FONT_SIZE),
  bold: z.boolean().default(false),
  italic: z.boolean().default(false),
  color: color.default(DEFAULT_COLOR),
  size: styleNumber().default(DEFAULT_SIZE),
};

export const metadatasSchema = z.object({
  type: z.literal('metadatas'),
  url: articleUrl,
  backgroundColor: color.default(DEFAULT_BACKGROUND),
});

export const textSchema = z.object({
  type: z.literal('text'),
  ...common,
  content: text.default(''),
  ...textStyle,
  lineHeight: styleNumber().default(DEFAULT_LINE_HEIGHT),
  justify,
  align,
});

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
 * Audio (issue 20, the eighth type): the museum's recording, played as it is; its caption and
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

export type Metadatas = z.infer<typeof metadatasSchema>;
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

/**
 * The types the editor offers (spec 2), in its order, then issue 20's audio; details take a
 * subset.
 */
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

/** A new element of a type with spec 9's defaults, and a name of its own. */
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

/** Spec 2: the page background is the first content item's that has one. */
export function backgroundOf(content: readonly { backgroundColor?: string }[]): string {
  return content.find((item) => item.backgroundColor)?.backgroundColor ?? DEFAULT_BACKGROUND;
}
