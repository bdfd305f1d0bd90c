import * as z from 'zod';
import { blockId } from './block-ids.ts';

/**
 * The fields an article's elements are made of: their defaults (those of the museum's original
 * editor), their limits, and the checks of colours, numbers, texts, media and links. The elements
 * themselves are in content.ts; code that reads these imports them from here (no re-exports,
 * ADR 0047).
 */

export const DEFAULT_BACKGROUND = '#341539';
export const DEFAULT_COLOR = '#ffffff';
export const DEFAULT_FONT_SIZE = 16;
/**
 * A text's line height when none is given: one and a half times its font size, so lines do not
 * touch (the original editor's 16 px for a 16 px font did). Texts stored with a value keep it.
 */
export const LINE_HEIGHT_RATIO = 1.5;
export const lineHeightFor = (fontSize: number): number =>
  Math.min(STYLE_MAX, Math.round(fontSize * LINE_HEIGHT_RATIO));
export const DEFAULT_SIZE = 100;
export const DEFAULT_SPACE = 40;
export const DEFAULT_LEGEND_WIDTH = 30;

/** Font size, line height, sizes and widths go from 1 to 100, as in the editor's inputs. */
export const STYLE_MIN = 1;
export const STYLE_MAX = 100;
export const DEFAULT_LINE_HEIGHT = lineHeightFor(DEFAULT_FONT_SIZE);
/** A space is measured in pixels, so it may be taller than 100 (our choice, see docs/curators.md). */
export const SPACE_MAX = 400;

export const MAX_ELEMENTS = 500;
export const MAX_DETAILS = 200;
export const MAX_TEXT_LENGTH = 5_000;
export const MAX_TITLE_LENGTH = 120;
/** The title visitors see (the metadatas entry's `publicTitle`): as long as the private name. */
export const MAX_PUBLIC_TITLE_LENGTH = 120;
export const MAX_INSTRUCTIONS_LENGTH = 2_000;
/** Stop numbers, as audio guides number their stops: 1 to 9999, unique in a museum. */
export const STOP_MIN = 1;
export const STOP_MAX = 9_999;
export const MAX_URL_LENGTH = 100;
export const MAX_LINK_LENGTH = 2_000;
export const MAX_ALT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 300;

/** The public url holds letters, digits and dashes standing for spaces. */
export const URL_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
/** A public url as a visitor's address may carry it: the pattern, within the length. */
export const isPublicUrl = (name: string | undefined): name is string =>
  name !== undefined && name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name);
export const articleUrl = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .regex(URL_PATTERN, 'may only hold letters, digits and single dashes between them');

export const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb');

export const styleNumber = (max = STYLE_MAX) =>
  z
    .number('must be a number')
    .int(`must be a whole number from ${STYLE_MIN} to ${max}`)
    .min(STYLE_MIN, `must be a whole number from ${STYLE_MIN} to ${max}`)
    .max(max, `must be a whole number from ${STYLE_MIN} to ${max}`);

/** Control characters other than tab and line breaks: never typed, sometimes pasted. */
export const hasControlCharacters = (s: string) => /(?![\t\n\r])\p{Cc}/u.test(s);

export const text = z
  .string()
  .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
  .refine((s) => !hasControlCharacters(s), { message: 'must not contain control characters' });

/** What an image shows, read aloud to blind visitors; empty for a decorative image. */
export const alt = text
  .pipe(z.string().max(MAX_ALT_LENGTH, `must be at most ${MAX_ALT_LENGTH} characters`))
  .default('');

/** Where uploaded media live (uploads feature); staff content never points elsewhere. */
export const MEDIA_PREFIX = '/media/';
export const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
export const mediaSrc = z
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
export const link = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH, `must be at most ${MAX_LINK_LENGTH} characters`)
  .refine((s) => s === '' || isSafeLink(s), {
    message: 'must start with http://, https:// or mailto:',
  });

export const VIDEO_ID = /^[A-Za-z0-9]{6}$/;
export const videoId = z
  .string()
  .refine((s) => s === '' || VIDEO_ID.test(s), { message: 'must be 6 letters or digits' });

export const JUSTIFY = ['flex-start', 'center', 'flex-end'] as const;
export const ALIGN = ['left', 'center', 'justify', 'right'] as const;
export const LEGEND_SIDES = ['left', 'right'] as const;

export const justify = z.enum(JUSTIFY).default('center');
export const align = z.enum(ALIGN).default('left');

/**
 * What every element may carry: its own name, kept while it exists (block-ids.ts), and a
 * background colour.
 */
export const common = { id: blockId.optional(), backgroundColor: color.optional() };

/** The style of an element's text. */
export const textStyle = {
  fontSize: styleNumber().default(DEFAULT_FONT_SIZE),
  bold: z.boolean().default(false),
  italic: z.boolean().default(false),
  color: color.default(DEFAULT_COLOR),
  size: styleNumber().default(DEFAULT_SIZE),
};

/** The page background is the first content item's that has one. */
export function backgroundOf(content: readonly { backgroundColor?: string }[]): string {
  return content.find((item) => item.backgroundColor)?.backgroundColor ?? DEFAULT_BACKGROUND;
}
