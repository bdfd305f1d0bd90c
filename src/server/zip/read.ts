import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { ApiError } from '../http/errors.ts';
import { READ_CHUNK, rangeChunks, type ZipSource } from './source.ts';

/**
 * Reading a zip without trusting it: a museum archive (transfer) or a Word document (imports),
 * the one zip reader of both. fflate's readers either size their output by what the archive
 * claims (a lying entry still costs the whole inflate) or, streaming, find the end of a stored
 * file by searching its bytes for a signature (a photo holding those four bytes breaks). So the
 * central directory is read here (a few fixed fields), and each entry is inflated by Node's zlib
 * a chunk at a time: it stops past the size the entry declared, and the declared sizes are
 * bounded before anything is inflated. Everything is read from a ZipSource, a range at a time: a
 * restored archive is never in memory (docs/adr/0036).
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused. */
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

const invalid = (reason: string, message: string) =>
  new ApiError(422, 'invalid_archive', message, { details: { reason } });

const u16 = (view: DataView, at: number) => view.getUint16(at, true);
const u32 = (view: DataView, at: number) => view.getUint32(at, true);

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** A central directory entry: 46 bytes and a name Legenda writes (far under 1 KB). */
const MAX_CENTRAL_ENTRY = 46 + 1024;

/** Whether the file starts as a zip does (a renamed PDF or a text file does not). */
export async function looksLikeZip(source: ZipSource): Promise<boolean> {
  const head = await source.read(0, 4);
  return source.size >= 22 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3;
}

const viewOf = (bytes: Uint8Array) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The end record's place in `tail` (the archive's last bytes). */
function endRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - END_SEARCH; at--) {
    if (u32(view, at) === END_SIGNATURE) return at;
  }
  throw invalid('not_zip', 'This file is not a zip archive.');
}

const zip64 = () => invalid('zip64', 'Archives over 4 GB (zip64) are not taken.');

const corrupt = () =>
  invalid('corrupt', 'The archive is damaged: its list of files cannot be read.');

/** The central directory's bytes, as the end record places them (and no more than it may be). */
async function centralDirectory(source: ZipSource, maxEntries: number) {
  const tailStart = Math.max(0, source.size - END_SEARCH - 22);
  const tail = await source.read(tailStart, source.size - tailStart);
  const view = viewOf(tail);
  const end = endRecord(view);
  const count = u16(view, end + 10);
  const length = u32(view, end + 12);
  const offset = u32(view, end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw zip64();
  if (count > maxEntries) {
    throw invalid('too_many_files', `The archive holds more than ${maxEntries} files.`);
  }
  if (length > count * MAX_CENTRAL_ENTRY || offset + length > tailStart + end) throw corrupt();
  return { count, bytes: await source.read(offset, length) };
}

/** Every entry of the central directory, as it declares itself. */
export async function listEntries(source: ZipSource, maxEntries: number): Promise<ZipEntry[]> {
  const { count, bytes } = await centralDirectory(source, maxEntries);
  const view = viewOf(bytes);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(view, at) !== ENTRY_SIGNATURE) throw corrupt();
    const nameLength = u16(view, at + 28);
    const flags = u16(view, at + 8);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes),
      method: u16(view, at + 10),
      crc: u32(view, at + 16),
      compressedSize: u32(view, at + 20),
      size: u32(view, at + 24),
      headerOffset: u32(view, at + 42),
    };
    if ([entry.compressedSize, entry.size, entry.headerOffset].includes(0xffffffff)) throw zip64();
    entries.push(entry);
    at += 46 + nameLength + u16(view, at + 30) + u16(view, at + 32);
  }
  return entries;
}

const damagedEntry = (entry: ZipEntry) =>
  invalid('corrupt', `The archive is damaged: ${entry.name} cannot be read.`);

/** Where the entry's stored bytes start, after its local header. */
async function dataStart(source: ZipSource, entry: ZipEntry): Promise<number> {
  const at = entry.headerOffset;
  const header = await source.read(at, 30);
  if (header.length < 30 || u32(viewOf(header), 0) !== LOCAL_SIGNATURE) throw damagedEntry(entry);
  const start = at + 30 + u16(viewOf(header), 26) + u16(viewOf(header), 28);
  if (start + entry.compressedSize > source.size) throw damagedEntry(entry);
  return start;
}

/** The entry's stored bytes, inflated when deflated: never holding more than a chunk of either. */
async function* unpacked(source: ZipSource, entry: ZipEntry, start: number) {
  const stored = rangeChunks(source, start, entry.compressedSize);
  if (entry.method === 0) return yield* stored;
  if (entry.method !== 8) {
    throw invalid('method', `${entry.name} is compressed in a way Legenda does not read.`);
  }
  const inflate = createInflateRaw({ chunkSize: READ_CHUNK });
  // Settled whatever happens (a reader stopping early destroys the inflater): never unhandled.
  const piped = pipeline(Readable.from(stored), inflate).then(
    () => true,
    () => false,
  );
  try {
    for await (const chunk of inflate) yield chunk as Uint8Array;
  } catch {
    throw damagedEntry(entry);
  } finally {
    inflate.destroy();
  }
  if (!(await piped)) throw damagedEntry(entry);
}

/**
 * An entry's bytes, a chunk at a time, to `take`: never past its declared size (checked against
 * the limits by the caller; a lying entry stops there, refused), and refused at the end unless
 * they are exactly what it declared (size and checksum).
 */
export async function eachChunk(
  source: ZipSource,
  entry: ZipEntry,
  take: (chunk: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const start = await dataStart(source, entry);
  let size = 0;
  let crc = 0;
  for await (const chunk of unpacked(source, entry, start)) {
    size += chunk.byteLength;
    if (size > entry.size) {
      throw invalid('bomb', `${entry.name} unpacks to more than it declares: refused.`);
    }
    crc = crc32(chunk, crc);
    await take(chunk);
  }
  if (size !== entry.size || crc !== entry.crc) throw damagedEntry(entry);
}

/**
 * An entry's bytes whole (one media file): memory holds this entry, and only it. A stored one
 * (as the export writes media) is read in one go, with nothing else allocated.
 */
export async function readEntry(source: ZipSource, entry: ZipEntry): Promise<Uint8Array> {
  if (entry.method === 0) {
    const start = await dataStart(source, entry);
    if (entry.compressedSize !== entry.size) throw damagedEntry(entry);
    const bytes = await source.read(start, entry.size);
    if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw damagedEntry(entry);
    return bytes;
  }
  const out = new Uint8Array(entry.size);
  let at = 0;
  await eachChunk(source, entry, (chunk) => {
    out.set(chunk, at);
    at += chunk.byteLength;
  });
  return out;
}
