import { crc32, inflateRawSync } from 'node:zlib';
import { ApiError } from '../../server/http/errors.ts';

/**
 * Reading a museum archive without trusting it. fflate's readers either size their output by
 * what the archive claims (a lying entry still costs the whole inflate) or, streaming, find the
 * end of a stored file by searching its bytes for a signature (a photo holding those four bytes
 * breaks). So the central directory is read here (a few fixed fields), and each entry is
 * inflated by Node's zlib with `maxOutputLength`: it stops at the size the entry declared, and
 * the declared sizes are bounded before anything is inflated.
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

/** Whether the bytes start as a zip does (a renamed PDF or a text file does not). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3;
}

function endRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - END_SEARCH; at--) {
    if (u32(view, at) === END_SIGNATURE) return at;
  }
  throw invalid('not_zip', 'This file is not a zip archive.');
}

/** Every entry of the central directory, as it declares itself. */
export function listEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecord(view);
  const count = u16(view, end + 10);
  let at = u32(view, end + 16);
  if (count === 0xffff || at === 0xffffffff) {
    throw invalid('zip64', 'Archives over 4 GB (zip64) are not taken.');
  }
  if (count > maxEntries) {
    throw invalid('too_many_files', `The archive holds more than ${maxEntries} files.`);
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(view, at) !== ENTRY_SIGNATURE) {
      throw invalid('corrupt', 'The archive is damaged: its list of files cannot be read.');
    }
    const nameLength = u16(view, at + 28);
    const flags = u16(view, at + 8);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      name: new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes),
      method: u16(view, at + 10),
      crc: u32(view, at + 16),
      compressedSize: u32(view, at + 20),
      size: u32(view, at + 24),
      headerOffset: u32(view, at + 42),
    });
    at += 46 + nameLength + u16(view, at + 30) + u16(view, at + 32);
  }
  return entries;
}

/**
 * An entry's bytes, at most its declared size (checked against the limits by the caller), and
 * only when they are exactly what it declared (size and checksum).
 */
export function readEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.headerOffset;
  const damaged = () => invalid('corrupt', `The archive is damaged: ${entry.name} cannot be read.`);
  if (at + 30 > bytes.length || u32(view, at) !== LOCAL_SIGNATURE) throw damaged();
  const start = at + 30 + u16(view, at + 26) + u16(view, at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw damaged();
  const stored = bytes.subarray(start, end);
  let data: Uint8Array;
  if (entry.method === 0) {
    data = stored;
  } else if (entry.method === 8) {
    try {
      // Never more than declared: a lying entry stops here instead of filling the memory.
      data = inflateRawSync(stored, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') throw damaged();
      throw invalid('bomb', `${entry.name} unpacks to more than it declares: refused.`);
    }
  } else {
    throw invalid('method', `${entry.name} is compressed in a way Legenda does not read.`);
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw damaged();
  return data;
}
