import { open, type FileHandle } from 'node:fs/promises';

/**
 * Where a restore reads its archive from: a file on disk (the upload, as it arrived) or bytes
 * already in memory (tests, small archives). Only the ranges asked for are read, so a restore
 * holds one entry at a time, never the archive (docs/adr/0036).
 */
export interface ZipSource {
  readonly size: number;
  /** Bytes `position` to `position + length` (fewer only past the end). */
  read(position: number, length: number): Promise<Uint8Array>;
}

/** Bytes a streamed range reads at a time. */
export const READ_CHUNK = 64 * 1024;

export function bytesSource(bytes: Uint8Array): ZipSource {
  return {
    size: bytes.byteLength,
    read: async (position, length) => bytes.subarray(position, position + length),
  };
}

/** fs reads stop at 2 GB a call: a larger range is read in several. */
const MAX_READ = 1024 * 1024 * 1024;

async function readFully(handle: FileHandle, position: number, length: number) {
  const out = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const want = Math.min(MAX_READ, length - done);
    const { bytesRead } = await handle.read(out, done, want, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return out.subarray(0, done);
}

/** The file at `path`, open until `close`. */
export async function fileSource(path: string): Promise<ZipSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      read: (position, length) =>
        readFully(handle, position, Math.max(0, Math.min(length, size - position))),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A range of the source, a chunk at a time, each read only when the previous one is taken. */
export async function* rangeChunks(
  source: ZipSource,
  position: number,
  length: number,
): AsyncGenerator<Uint8Array> {
  const end = position + length;
  for (let at = position; at < end; at += READ_CHUNK) {
    const chunk = await source.read(at, Math.min(READ_CHUNK, end - at));
    if (chunk.byteLength === 0) return;
    yield chunk;
  }
}
