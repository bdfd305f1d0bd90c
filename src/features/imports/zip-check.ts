import { ApiError } from '../../server/http/errors.ts';
import { eachChunk, listEntries, type ZipEntry } from '../../server/zip/read.ts';
import { bytesSource, type ZipSource } from '../../server/zip/source.ts';
import {
  DOCX_BOUNDS,
  markupCounter,
  type MarkupBounds,
  type MarkupExcess,
} from './markup-count.ts';

/**
 * A Word document is a zip; mammoth unzips it whole, in memory. A zip bomb (a few megabytes that
 * inflate to gigabytes) must be refused before that: the zip's central directory says what each
 * entry inflates to, and each entry is then inflated by the one zip reader (server/zip/read.ts)
 * a chunk at a time, stopping as soon as it goes past what was declared, so a zip that lies
 * about its sizes is refused too, having cost at most the declared total. What the XML holds is
 * counted on the way (markup-count.ts): a document of more paragraphs or markup than an article
 * can hold stops the inflating there.
 */

/** What the files of one Word document may inflate to, together. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

export type ZipVerdict =
  | { ok: true; entries: ZipEntry[] }
  | { ok: false; reason: 'not_zip' | 'too_large' }
  | { ok: false; reason: 'too_much_markup'; excess: MarkupExcess; max: number };

type Inflated = 'ok' | 'over' | 'corrupt' | MarkupExcess;

/** Entries a Word document may hold: the most a zip without zip64 lists. */
const MAX_ENTRIES = 0xfffe;

/** The entries of the central directory, or null when the bytes are not a zip we can read. */
async function entriesOf(source: ZipSource): Promise<ZipEntry[] | null> {
  try {
    return await listEntries(source, MAX_ENTRIES);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** Thrown by the counter's feed to stop the inflating: the markup is past its bounds. */
class Excess extends Error {
  readonly excess: MarkupExcess;
  constructor(excess: MarkupExcess) {
    super(excess);
    this.excess = excess;
  }
}

/**
 * Inflates one entry, counting its markup, stopping past its declared size or the markup's
 * bounds: whether it is what it says and holds no more than a document may.
 */
async function inflatesAsDeclared(
  source: ZipSource,
  entry: ZipEntry,
  counter: ReturnType<typeof markupCounter>,
): Promise<Inflated> {
  try {
    await eachChunk(source, entry, (chunk) => {
      const excess = counter.feed(chunk);
      if (excess) throw new Excess(excess);
    });
    return 'ok';
  } catch (error) {
    if (error instanceof Excess) return error.excess;
    if (!(error instanceof ApiError)) throw error;
    return (error.details as { reason?: string } | undefined)?.reason === 'bomb'
      ? 'over'
      : 'corrupt';
  }
}

/**
 * Whether a zip may be handed to an unzipper: readable, small once inflated, and holding no more
 * paragraphs and markup than `bounds` (smaller in tests).
 */
export async function checkZip(
  bytes: Uint8Array,
  maxBytes = MAX_UNZIPPED_BYTES,
  bounds: MarkupBounds = DOCX_BOUNDS,
): Promise<ZipVerdict> {
  const source = bytesSource(bytes);
  const entries = await entriesOf(source);
  if (!entries) return { ok: false, reason: 'not_zip' };
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > maxBytes) return { ok: false, reason: 'too_large' };
  const counter = markupCounter(bounds);
  for (const entry of entries) {
    const verdict = await inflatesAsDeclared(source, entry, counter);
    if (verdict === 'paragraphs' || verdict === 'nodes') {
      return { ok: false, reason: 'too_much_markup', excess: verdict, max: bounds[verdict] };
    }
    if (verdict !== 'ok')
      return { ok: false, reason: verdict === 'over' ? 'too_large' : 'not_zip' };
  }
  return { ok: true, entries };
}
