import { Inflate } from 'fflate';
import {
  DOCX_BOUNDS,
  markupCounter,
  type MarkupBounds,
  type MarkupExcess,
} from './markup-count.ts';

/**
 * A Word document is a zip; mammoth unzips it whole, in memory. A zip bomb (a few megabytes that
 * inflate to gigabytes) must be refused before that: the zip's central directory says what each
 * entry inflates to, and each entry is then inflated here as a stream that stops as soon as it
 * goes past what was declared, so a zip that lies about its sizes is refused too, having cost at
 * most the declared total. What the XML holds is counted on the way (markup-count.ts): a
 * document of more paragraphs or markup than an article can hold stops the inflating there.
 */

/** What the files of one Word document may inflate to, together. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export type ZipVerdict =
  | { ok: true; entries: ZipEntry[] }
  | { ok: false; reason: 'not_zip' | 'too_large' }
  | { ok: false; reason: 'too_much_markup'; excess: MarkupExcess; max: number };

type Counter = ReturnType<typeof markupCounter>;
type Inflated = 'ok' | 'over' | 'corrupt' | MarkupExcess;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the central directory, or null when the bytes are not a zip we can read. */
export function centralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : -1);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : -1);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65557); at--) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(end + 10);
  let at = u32(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(at) !== CENTRAL) return null;
    const nameLength = u16(at + 28);
    const entry: ZipEntry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localOffset: u32(at + 42),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    // ZIP64 (sizes of 4 GB and more): no Word document we take is that large.
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return null;
    entries.push(entry);
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return entries;
}

/**
 * Inflates one entry, counting its markup, stopping past its declared size or the markup's
 * bounds: whether it is what it says and holds no more than a document may.
 */
function inflatesAsDeclared(bytes: Uint8Array, entry: ZipEntry, counter: Counter): Inflated {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) return 'corrupt';
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return 'corrupt';
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) return 'corrupt';
    return counter.feed(data) ?? 'ok';
  }
  if (entry.method !== 8) return 'corrupt';
  let produced = 0;
  let excess: MarkupExcess | null = null;
  const stop = new Error('stop');
  const inflate = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced > entry.size) throw stop;
    excess = counter.feed(chunk);
    if (excess) throw stop;
  });
  try {
    // Deflate inflates up to a thousandfold: small steps keep each chunk counted small.
    const step = 4 * 1024;
    for (let from = 0; from < data.length; from += step) {
      inflate.push(data.subarray(from, from + step), from + step >= data.length);
    }
  } catch {
    return excess ?? (produced > entry.size ? 'over' : 'corrupt');
  }
  return produced === entry.size ? 'ok' : 'corrupt';
}

/**
 * Whether a zip may be handed to an unzipper: readable, small once inflated, and holding no more
 * paragraphs and markup than `bounds` (smaller in tests).
 */
export function checkZip(
  bytes: Uint8Array,
  maxBytes = MAX_UNZIPPED_BYTES,
  bounds: MarkupBounds = DOCX_BOUNDS,
): ZipVerdict {
  const entries = centralDirectory(bytes);
  if (!entries) return { ok: false, reason: 'not_zip' };
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > maxBytes) return { ok: false, reason: 'too_large' };
  const counter = markupCounter(bounds);
  for (const entry of entries) {
    const verdict = inflatesAsDeclared(bytes, entry, counter);
    if (verdict === 'paragraphs' || verdict === 'nodes') {
      return { ok: false, reason: 'too_much_markup', excess: verdict, max: bounds[verdict] };
    }
    if (verdict !== 'ok')
      return { ok: false, reason: verdict === 'over' ? 'too_large' : 'not_zip' };
  }
  return { ok: true, entries };
}
