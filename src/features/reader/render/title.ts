import type { ArticleContent, Block } from '../../articles/content.ts';
import { italicSegments } from '../../articles/italics.ts';

/**
 * The name of an article as visitors see it, never the staff's title, which is a "private name,
 * visible only to the museum". The curator's public title (the metadatas entry's `publicTitle`,
 * translated with the article's texts) when there is one; otherwise its first words. Taken from
 * the content the page shows, so a translated page has a translated title: the first text a
 * visitor reads (a text, link, legend, accordion header or a sound's caption, in reading order),
 * without the `[! !]` italics markers, cut on a word boundary.
 */

/** Longest title, in characters (a browser tab shows fewer; a screen reader reads it whole). */
export const MAX_TITLE = 60;

function firstText(block: Block): string {
  switch (block.type) {
    case 'text':
    case 'link':
    case 'legendItem':
      return block.content;
    case 'accordion':
      return block.header.content;
    case 'audio':
      return block.caption;
    default:
      return '';
  }
}

/** `text` at most `max` characters long, cut at the last space before the limit, with '…'. */
export function shorten(text: string, max = MAX_TITLE): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  // The limit falls on a space: the head ends on a whole word.
  const space = /\s/u.test(chars[max - 1] ?? '') ? head.length : head.search(/\s\S*$/u);
  // No space in the second half (one long word, or a script without spaces): cut the characters.
  const cut = space > head.length / 2 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s\p{P}]+$/u, '')}…`;
}

/** Text without the `[! !]` italics markers, its spaces made one. */
const plainText = (text: string) =>
  italicSegments(text)
    .map((part) => part.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The title the curator wrote for visitors, as plain text (italics markers, which keep a name
 * untranslated, left out); undefined when there is none.
 */
export function ownTitle(content: ArticleContent): string | undefined {
  const title = plainText(content[0]?.publicTitle ?? '');
  return title === '' ? undefined : title;
}

/**
 * The article's public title, or undefined when it has none and no text at all (images only).
 */
export function publicTitle(content: ArticleContent): string | undefined {
  const own = ownTitle(content);
  if (own !== undefined) return own;
  for (const block of content.slice(1) as Block[]) {
    const plain = plainText(firstText(block));
    if (/\p{L}|\p{N}/u.test(plain)) return shorten(plain);
  }
  return undefined;
}
