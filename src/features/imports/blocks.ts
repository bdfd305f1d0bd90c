import { ApiError } from '../../server/http/errors.ts';
import {
  DEFAULT_FONT_SIZE,
  isSafeLink,
  MAX_ELEMENTS,
  MAX_LINK_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_PUBLIC_TITLE_LENGTH,
} from '../articles/content-fields.ts';

/**
 * What a document becomes before anything is stored: the blocks of an article in the content
 * model's shape, with images still as bytes (stored only once every file converted), and the
 * first heading for the public title. Parsers (docx.ts, markdown.ts) build it through
 * `draftBuilder`, which keeps every text within the model's limits.
 */

export type DraftBlock =
  | { type: 'text'; content: string; bold: boolean; fontSize: number }
  | { type: 'link'; content: string; link: string }
  /** `image` indexes the draft's images. */
  | { type: 'image'; image: number; alt: string };

export interface DraftImage {
  bytes: Uint8Array;
}

export interface DocumentDraft {
  file: string;
  publicTitle: string;
  blocks: DraftBlock[];
  images: DraftImage[];
  /** Images the document names but does not hold (a relative or web address in Markdown). */
  skippedImages: string[];
}

/** Headings' sizes by level (the body text is the model's default, 16). */
const HEADING_SIZES = [28, 24, 20, 18, 18, 18];
const MAX_ALT = 300;

/** The refusal of one file: `reason` lets the interface say it in the curator's language. */
export function refused(
  status: 413 | 415 | 422,
  file: string,
  reason: string,
  message: string,
  more: Record<string, string | number> = {},
) {
  return new ApiError(status, 'invalid_document', `${file}: ${message}`, {
    details: { file, reason, ...more },
  });
}

/**
 * Text as the content model takes it: no control characters but tab and line breaks, no lone
 * surrogate halves, spaces collapsed. Markup stays as the characters it is (the visitor page
 * shows text, never HTML).
 */
export function cleanText(value: string): string {
  return value
    .replace(/(?![\t\n])[\p{Cc}\p{Cs}]/gu, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** An address a visitor may follow from an article (`http:`, `https:`, `mailto:`). */
const isFollowed = (href: string) =>
  href.trim().length <= MAX_LINK_LENGTH && isSafeLink(href.trim());

/**
 * A link inside a paragraph, as a text block can hold it: a text block holds no link (the
 * editor's text is words and italics only), so an address a visitor may follow is written after
 * the link's words, in brackets ('En savoir plus (https://example.org)'), once when the words
 * are the address; any other address (javascript:, a file) is dropped and its words stay, once.
 */
export function linkInText(link: { words: string; href: string }): string {
  const address = link.href.trim();
  if (!isFollowed(address)) return link.words;
  const shown = address.replace(/^mailto:/i, '');
  const words = cleanText(link.words);
  if (words === '') return shown;
  if (words === shown || words === address) return link.words;
  return `${link.words} (${shown})`;
}

/** A long text cut into parts the model takes, at a space or line break where one is near. */
function pieces(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > MAX_TEXT_LENGTH) {
    const cut = Math.max(
      rest.lastIndexOf(' ', MAX_TEXT_LENGTH),
      rest.lastIndexOf('\n', MAX_TEXT_LENGTH),
    );
    const at = cut > MAX_TEXT_LENGTH / 2 ? cut : MAX_TEXT_LENGTH;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

export function draftBuilder(file: string) {
  const draft: DocumentDraft = { file, publicTitle: '', blocks: [], images: [], skippedImages: [] };
  // Whether the first heading was met (it may have been too long to be the title).
  let titled = false;
  const push = (block: DraftBlock) => {
    if (draft.blocks.length >= MAX_ELEMENTS) {
      throw refused(
        422,
        file,
        'too_many_blocks',
        `the document makes more than ${MAX_ELEMENTS} blocks, the most an article holds. Split it into several documents.`,
        { max: MAX_ELEMENTS },
      );
    }
    draft.blocks.push(block);
  };
  return {
    draft,
    /**
     * The first heading is the title visitors see, above the blocks: it is not a block too, or
     * the page would say it twice. One longer than a title may be stays a heading, the title
     * left empty (the page is then named by its first words, which are that heading).
     */
    heading(raw: string, level: number) {
      const content = cleanText(raw);
      if (content === '') return;
      if (draft.publicTitle === '' && !titled) {
        titled = true;
        if (content.length <= MAX_PUBLIC_TITLE_LENGTH) {
          draft.publicTitle = content;
          return;
        }
      }
      const fontSize = HEADING_SIZES[Math.min(Math.max(level, 1), 6) - 1]!;
      for (const part of pieces(content))
        push({ type: 'text', content: part, bold: true, fontSize });
    },
    text(raw: string) {
      for (const part of pieces(cleanText(raw))) {
        push({ type: 'text', content: part, bold: false, fontSize: DEFAULT_FONT_SIZE });
      }
    },
    /**
     * A paragraph: one text block, its links written in it (`linkInText`), or a link block when
     * the paragraph is nothing but one link a visitor may follow. `text` is the paragraph's
     * text as linkInText wrote it; `links` its links' own words and addresses.
     */
    paragraph(text: string, links: readonly { words: string; href: string }[]) {
      const only = links.length === 1 ? links[0]! : undefined;
      if (only && isFollowed(only.href) && cleanText(text) === cleanText(linkInText(only))) {
        const content = cleanText(only.words) || only.href.trim();
        push({ type: 'link', content: pieces(content)[0] ?? '', link: only.href.trim() });
        return;
      }
      this.text(text);
    },
    image(bytes: Uint8Array, alt: string) {
      draft.images.push({ bytes });
      push({
        type: 'image',
        image: draft.images.length - 1,
        alt: cleanText(alt).slice(0, MAX_ALT),
      });
    },
    skipImage(src: string) {
      draft.skippedImages.push(src.slice(0, 200));
    },
  };
}

export type DraftBuilder = ReturnType<typeof draftBuilder>;

/**
 * A line of a list: numbered, or a bullet ('◦' below the first level; the text block keeps no
 * indentation, so the mark shows the nesting).
 */
export function listLine(text: string, item: { ordered: boolean; number: number; level: number }) {
  const mark = item.ordered ? `${item.number}. ` : item.level > 0 ? '◦ ' : '• ';
  return `${mark}${cleanText(text)}`;
}
