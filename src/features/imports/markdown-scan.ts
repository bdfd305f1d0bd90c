import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import { refused } from './blocks.ts';

/**
 * A Markdown file's size in what the parser would build, read line by line before it is parsed.
 * mdast-util-from-markdown builds the whole tree first and it is costly: some 20 KB of memory
 * for each paragraph, list item or emphasis (measured, micromark 2), so a 19.9 MB file took
 * minutes and gigabytes before the 500-block limit could be checked. A file is refused here as
 * soon as it holds more than an article can (ADR 0035 says how the bounds were chosen).
 */

export interface MarkdownBounds {
  /** Characters, not counting the pictures written into the file (`data:image/…;base64,…`). */
  characters: number;
  /** Lines that surely start a block: after a blank line, a heading, a code fence. */
  blocks: number;
  /** Lines, blank ones too (the parser keeps a token for each), list items among them. */
  lines: number;
  listItems: number;
  /** Characters that open inline markup: `*`, `_`, `` ` ``, `[`, `<`, `&`. */
  marks: number;
}

/**
 * An article holds 500 blocks and 900 KB of JSON: twice its characters leave room for markup
 * and reference links; twenty thousand lines for text wrapped at 80 columns and the blank lines
 * between paragraphs; five list items a block (a list is one block); ten thousand marks, five
 * thousand emphases or links.
 */
export const MARKDOWN_BOUNDS: MarkdownBounds = {
  characters: 2_000_000,
  blocks: MAX_ELEMENTS,
  lines: 20_000,
  listItems: 2_500,
  marks: 10_000,
};

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line's quote marks and list markers, each a container the parser opens (nested or not). */
const CONTAINERS = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?)+/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** Lines that make no block: a reference definition, a thematic break, an indented line. */
const NO_BLOCK = /^(?: {0,3}\[[^\]]+\]:| {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$| {4}|\t)/;
const DATA_IMAGE = /data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*/gi;

type Counts = Omit<MarkdownBounds, 'characters'>;

/** Characters of the text but those of its pictures' bytes. */
function charactersOf(source: string): number {
  let pictures = 0;
  for (const match of source.matchAll(DATA_IMAGE)) pictures += match[0].length;
  return source.length - pictures;
}

/** Characters that open inline markup: `*`, `_`, `` ` ``, `[`, `<`, `&`. */
function marksOf(text: string): number {
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 42 || code === 95 || code === 96 || code === 91 || code === 60 || code === 38) {
      marks++;
    }
  }
  return marks;
}

/** The counts of the lines, stopping as soon as one goes past its bound. */
function countLines(source: string, bounds: MarkdownBounds): keyof Counts | null {
  const counts: Counts = { blocks: 0, lines: 0, listItems: 0, marks: 0 };
  let fence: string | null = null;
  // Whether the previous line ended a block: the next line that is text starts one.
  let ended = true;
  // In a list, an indented line after a blank one goes on the item: no block of its own.
  let inList = false;
  // CommonMark ends a line at LF, CR LF or a lone CR.
  const endings = /\r\n?|\n/g;
  for (let from = 0; from < source.length;) {
    const end = endings.exec(source);
    const raw = source.slice(from, end ? end.index : source.length);
    from = end ? endings.lastIndex : source.length;
    if (++counts.lines > bounds.lines) return 'lines';
    const containers = CONTAINERS.exec(raw)?.[0] ?? '';
    const line = raw.slice(containers.length);
    const items = containers.replace(/[\s>]/g, '').length > 0;
    if (line.trim() === '' && !items) {
      ended = true;
      continue;
    }
    const opens = FENCE.exec(line)?.[1];
    if (fence !== null) {
      // Code: no markup in it, and one block however long.
      if (opens !== undefined && opens[0] === fence[0] && opens.length >= fence.length)
        [fence, ended] = [null, true];
    } else {
      counts.marks += marksOf(line) + (containers.match(/>/g)?.length ?? 0);
      counts.listItems += containers.match(/[-*+]|\d[.)]/g)?.length ?? 0;
      if (opens !== undefined) {
        [fence, ended] = [opens, false];
        counts.blocks++;
      } else if (items) {
        [ended, inList] = [false, true];
      } else if (HEADING.test(line)) {
        [counts.blocks, ended] = [counts.blocks + 1, true];
      } else {
        inList &&= /^\s/.test(raw);
        if (ended && !inList && !NO_BLOCK.test(line)) counts.blocks++;
        ended = false;
      }
    }
    const over = (Object.keys(counts) as (keyof Counts)[]).find((key) => counts[key] > bounds[key]);
    if (over) return over;
  }
  return null;
}

/** Refuses a file holding more than an article can, before it is parsed. */
export function scanMarkdown(file: string, source: string, bounds = MARKDOWN_BOUNDS): void {
  if (charactersOf(source) > bounds.characters) {
    throw refused(422, file, 'too_long', 'the document is longer than an article may be.', {
      max: bounds.characters,
    });
  }
  const over = countLines(source, bounds);
  if (over === 'blocks') {
    throw refused(
      422,
      file,
      'too_many_blocks',
      `the document makes more than ${bounds.blocks} blocks, the most an article holds. Split it into several documents.`,
      { max: bounds.blocks },
    );
  }
  if (over) {
    throw refused(
      422,
      file,
      'too_complex',
      `the document holds more than ${bounds[over]} ${over === 'listItems' ? 'list items' : over}, more than an article needs. Split it into several documents.`,
      { max: bounds[over] },
    );
  }
}
