import { TITLE_ELEMENT, withBlockIds } from '../articles/block-ids.ts';
import type { ArticleContent, Block, Detail } from '../articles/content.ts';
import type { GlossaryHint } from './glossary-match.ts';

/**
 * The text of an article a visitor reads: its public title (first, so it travels in the first
 * batch), text, link and legend text, accordion
 * headers and details, image descriptions (`alt`, read aloud), and a sound's caption and
 * transcript (read aloud, ADR 0019; the recording itself stays the museum's). Never URLs, colours, sizes or
 * types. A segment's id is its path in the content: `0.publicTitle`, `3.content`, `5.alt`,
 * `6.header.content`, `6.details.2.content`, `7.transcript`.
 */
/** What the engine is sent of a segment: where it is, and its text. */
export interface SegmentText {
  id: string;
  text: string;
  /**
   * The museum's checked translation of an earlier version of this text (ADR 0013: a stale
   * check), for the engine to keep its wording where the text did not change.
   */
  reference?: { source: string; text: string } | undefined;
  /** The museum's glossary entries whose term the text holds (glossary-match.ts). */
  glossary?: readonly GlossaryHint[] | undefined;
}

export interface Segment extends SegmentText {
  /**
   * The segment's lasting name: its element's id and field (`Xk2p9aQr1c.content`,
   * `p6.header`), the same while the element exists wherever it moves (block-ids.ts). What the
   * museum checks is filed under it; `id` is where the text is now.
   */
  ref: string;
}

/** Nothing to translate: empty, blank, or no letter at all ('1789', '—', '[!!]'). */
export const isTranslatable = (text: string): boolean => /\p{L}/u.test(text);

type TextField = 'content' | 'alt' | 'caption' | 'transcript';

/** The translatable fields of an element, in reading order. */
function fieldsOf(item: Block | Detail): TextField[] {
  switch (item.type) {
    case 'text':
      return ['content'];
    case 'link':
    case 'legendItem':
      return ['content', 'alt'];
    case 'image':
      return ['alt'];
    case 'audio':
      return ['caption', 'transcript'];
    default:
      return [];
  }
}

function pushFields(out: Segment[], prefix: string, item: Block | Detail): void {
  for (const field of fieldsOf(item)) {
    const text = (item as Partial<Record<TextField, string>>)[field];
    if (typeof text === 'string' && isTranslatable(text)) {
      out.push({ id: `${prefix}.${field}`, text, ref: `${item.id ?? prefix}.${field}` });
    }
  }
}

/** The public title's segment id (where it is) and lasting name (the metadatas entry has no id). */
export const TITLE_SEGMENT_ID = '0.publicTitle';
export const TITLE_SEGMENT_REF = `${TITLE_ELEMENT}.publicTitle`;

export function extractSegments(stored: ArticleContent): Segment[] {
  const out: Segment[] = [];
  const content = withBlockIds(stored);
  const title = stored[0].publicTitle ?? '';
  if (isTranslatable(title)) {
    out.push({ id: TITLE_SEGMENT_ID, text: title, ref: TITLE_SEGMENT_REF });
  }
  content.forEach((item, index) => {
    if (index === 0 || item.type === 'metadatas') return;
    if (item.type === 'accordion') {
      if (isTranslatable(item.header.content)) {
        out.push({
          id: `${index}.header.content`,
          text: item.header.content,
          ref: `${item.id ?? index}.header`,
        });
      }
      item.details.forEach((detail, d) => pushFields(out, `${index}.details.${d}`, detail));
      return;
    }
    pushFields(out, String(index), item);
  });
  return out;
}

function withFields<T extends Block | Detail>(
  item: T,
  prefix: string,
  translated: ReadonlyMap<string, string>,
): T {
  let copy: T | undefined;
  for (const field of fieldsOf(item)) {
    const text = translated.get(`${prefix}.${field}`);
    if (text !== undefined) {
      copy ??= { ...item };
      (copy as unknown as Record<TextField, string>)[field] = text;
    }
  }
  return copy ?? item;
}

/**
 * A new content with the texts of `translated` (segment id → text) in place; everything else is
 * the same, and an element without a translated text is the same object.
 */
export function applyTranslations(
  content: ArticleContent,
  translated: ReadonlyMap<string, string>,
): ArticleContent {
  if (translated.size === 0) return content;
  const [stored, ...blocks] = content;
  const title = translated.get(TITLE_SEGMENT_ID);
  const meta = title === undefined ? stored : { ...stored, publicTitle: title };
  const out: Block[] = blocks.map((block, i) => {
    const index = i + 1;
    if (block.type !== 'accordion') return withFields(block, String(index), translated);
    const header = translated.get(`${index}.header.content`);
    const details = block.details.map((detail, d) =>
      withFields(detail, `${index}.details.${d}`, translated),
    );
    const detailsChanged = details.some((detail, d) => detail !== block.details[d]);
    if (header === undefined && !detailsChanged) return block;
    return {
      ...block,
      header: header === undefined ? block.header : { ...block.header, content: header },
      details: detailsChanged ? details : block.details,
    };
  });
  return [meta, ...out];
}
