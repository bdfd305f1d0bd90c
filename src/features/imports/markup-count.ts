/**
 * What a Word document's XML would cost mammoth, counted while zip-check.ts inflates it, before
 * mammoth sees a byte. mammoth builds a DOM of every part and then its own document model:
 * about 1.5 KB of memory for each element and 0.6 KB for each attribute (measured, mammoth
 * 1.13), so a document is bounded by what it holds, not by its bytes (95 MB of short
 * paragraphs fit the unzip bound and took 4.95 GB). ADR 0035 says how the bounds were chosen.
 */

export interface MarkupBounds {
  /** Paragraphs (elements named `p` in any namespace: `<w:p>`, `<w:p …>`, `<w:p/>`). */
  paragraphs: number;
  /** Elements and attributes together, in every part of the zip. */
  nodes: number;
}

/**
 * A document of 500 blocks (the most an article holds) with room to spare: list items join
 * into one block and empty paragraphs make none, so five paragraphs a block; real Word output
 * writes 30 to 60 elements and attributes a paragraph (runs, their properties, proofing and
 * bookmark marks) and some thousands for styles and numbering, so sixty a paragraph.
 */
export const DOCX_BOUNDS: MarkupBounds = { paragraphs: 2_500, nodes: 150_000 };

export type MarkupExcess = 'paragraphs' | 'nodes';

const LT = 0x3c; // <
const EQ = 0x3d; // =
const COLON = 0x3a;
const P = 0x70;

/** Bytes that end an element's name: white space, `>` and `/`. */
const endsName = (byte: number) =>
  byte === 0x20 ||
  byte === 0x09 ||
  byte === 0x0a ||
  byte === 0x0d ||
  byte === 0x3e ||
  byte === 0x2f;

/** A byte a name may start with: a letter, `_`, `:` or any byte of a non-ASCII character. */
const startsName = (byte: number) =>
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a) ||
  byte === 0x5f ||
  byte === COLON ||
  byte >= 0x80;

/**
 * A counter fed chunk after chunk (a tag may straddle two): `feed` answers what went past its
 * bound first, or null. Binary parts (pictures) are counted too, since mammoth reads whichever
 * part the relationships name as XML; by chance they hold about one `<` and a letter every
 * 1,200 bytes, a few thousand in a 20 MB file, well within the bound.
 */
export function markupCounter(bounds: MarkupBounds = DOCX_BOUNDS) {
  const counts = { paragraphs: 0, nodes: 0 };
  // 0: in text; 1: just after `<`; 2: in an element's name.
  let state = 0;
  // In a name: the bytes since its last colon, and whether they are exactly `p` so far.
  let local = 0;
  let isP = false;
  return {
    counts,
    feed(chunk: Uint8Array): MarkupExcess | null {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (state === 2) {
          if (endsName(byte)) {
            if (isP && local === 1 && ++counts.paragraphs > bounds.paragraphs) return 'paragraphs';
            state = 0;
          } else if (byte === COLON) {
            local = 0;
            isP = false;
          } else {
            local++;
            isP = local === 1 && byte === P;
          }
        } else if (state === 1) {
          state = 0;
          if (startsName(byte)) {
            if (++counts.nodes > bounds.nodes) return 'nodes';
            state = 2;
            local = byte === COLON ? 0 : 1;
            isP = byte === P;
          }
        }
        if (byte === LT) state = 1;
        else if (byte === EQ && ++counts.nodes > bounds.nodes) return 'nodes';
      }
      return null;
    },
  };
}
