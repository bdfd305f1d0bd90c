import { randomUUID } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import type { Driver } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs-lite';
import { type BlobReads, STREAM_CHUNK } from './store.ts';

/** Blobs in files below DATA_DIR/blobs (the local default): written whole, read in ranges. */
const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Bytes `start` to `end` of an open file, read a chunk at a time as the stream is consumed; the
 * file is closed at the end, on an error, or when the reader cancels (a client gone).
 */
export function fileStream(
  handle: FileHandle,
  start: number,
  end: number,
): ReadableStream<Uint8Array> {
  let position = start;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const length = Math.min(STREAM_CHUNK, end + 1 - position);
          const { bytesRead, buffer } =
            length > 0
              ? await handle.read(Buffer.allocUnsafe(length), 0, length, position)
              : { bytesRead: 0, buffer: undefined };
          position += bytesRead;
          if (bytesRead > 0) controller.enqueue(buffer!.subarray(0, bytesRead));
          if (bytesRead === 0 || position > end) {
            await close();
            controller.close();
          }
        } catch (error) {
          await close().catch(() => {});
          controller.error(error);
        }
      },
      cancel: () => close(),
    },
    // Nothing is read before the reader asks (a body never read opens no read).
    { highWaterMark: 0 },
  );
}

/** Sizes from the file system, streams from the file: only the bytes asked for are read. */
export function fileReads(root: string): BlobReads {
  const fileOf = (key: string) => path.join(root, ...key.split(':'));
  return {
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async getStream(key, range) {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return undefined;
        }
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
      return fileStream(handle, range?.start ?? 0, range?.end ?? Number.POSITIVE_INFINITY);
    },
  };
}

/** A temporary file of writeAtomically: `.{name}.{uuid}.tmp`. */
const TEMPORARY = /^\..+\.tmp$/;

/**
 * Removes the temporary files writes interrupted by a crash (kill -9, a power cut) left behind:
 * at start, when no write of this process is running (one process per DATA_DIR, db/lock.ts).
 * Returns how many.
 */
export async function removeLeftovers(base: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(path.resolve(base), { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const left = entries.filter((entry) => entry.isFile() && TEMPORARY.test(entry.name));
  await Promise.all(left.map((e) => rm(path.join(e.parentPath, e.name), { force: true })));
  return left.length;
}

/**
 * unstorage's fs-lite driver, with two changes: a write goes to a temporary file renamed into
 * place (a reader or a crash never sees half a file), and listing a prefix reads that directory
 * only (fs-lite walks the whole tree, every upload included, for any prefix).
 */
export function fsBlobDriver(base: string): Driver {
  const root = path.resolve(base);
  const hidden = (name: string) => name.startsWith('.');
  const driver = fsDriver({ base: root });
  const fileOf = (key: string) => path.join(root, ...key.split(':'));

  async function writeAtomically(key: string, data: string | Uint8Array) {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, data);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    ...driver,
    setItem: (key: string, value: string) => writeAtomically(key, value),
    setItemRaw: (key: string, value: Uint8Array) => writeAtomically(key, value),
    async getKeys(prefix: string | undefined) {
      const segments = (prefix ?? '').split(':').filter(Boolean);
      const dir = path.join(root, ...segments);
      let entries;
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .filter((relative) => !relative.split(path.sep).some(hidden))
        .map((relative) => relative.split(path.sep).join(':'));
    },
    async clear(prefix: string | undefined) {
      const segments = (prefix ?? '').split(':').filter(Boolean);
      await rm(path.join(root, ...segments), { recursive: true, force: true });
    },
  };
}

/**
 * Our netlify-blobs driver (netlify.ts) on the site-wide store `legenda`, with strong consistency:
 * translation memory is read, merged and written back by any function instance, and a reset
 * deletes documents, so a read must see the last write (the default, eventual, may answer data
 * up to a minute old). Netlify sets the store's context (site, token, edge URLs) for each
 * request, and the driver keeps the store it made first, with that request's token; so a new
 * driver (no I/O, a few objects) is made for each call and always reads the current context.
 */
