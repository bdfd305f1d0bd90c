import { createStorage, type Storage } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { valueVersions, versionedUpdate, type JsonVersions } from './update.ts';

/**
 * Uploads and translation memory: one interface over unstorage drivers: fs
 * locally (DATA_DIR/blobs), Netlify Blobs on Netlify, an S3-compatible bucket when self-hosted
 * at scale, memory in tests. Keys are `/`-separated paths of safe segments chosen by the server,
 * never by a client.
 */
export interface BlobStore {
  getBytes(key: string): Promise<Uint8Array | undefined>;
  setBytes(key: string, data: Uint8Array): Promise<void>;
  /** A blob's size in bytes, without reading it; undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /**
   * A blob's bytes, all or `range`, as a stream read from the store while it is consumed (a
   * large video is never held whole in memory); undefined when there is none. A range past the
   * end stops at the end. Cancelling the stream (a client gone mid-answer) closes the file or
   * the store's response.
   */
  getStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  getJson<T>(key: string): Promise<T | undefined>;
  setJson(key: string, value: unknown): Promise<void>;
  /**
   * Reads a JSON document, changes it and writes what `change` answers, only over the version it
   * read: when another writer wrote in between, `change` is called again on what is there now
   * (update.ts). Answers what was written.
   */
  updateJson<T>(key: string, change: (current: unknown) => T): Promise<T>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Keys under a prefix, `/`-separated, without the prefix. */
  list(prefix: string): Promise<string[]>;
  /** Removes every key under a prefix (e.g. all translations of one article); how many. */
  removeAll(prefix: string): Promise<number>;
}

/** Bytes `start` to `end` of a blob, both included (an HTTP byte range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** How sizes and streams are read, per driver, on keys already checked (unstorage's form). */
export interface BlobReads {
  size(key: string): Promise<number | undefined>;
  getStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
}

/** Bytes a streamed read takes from the store at a time. */
export const STREAM_CHUNK = 64 * 1024;

/** The site-wide Netlify Blobs store Legenda writes to (shown under this name in Netlify's UI). */
export const NETLIFY_STORE_NAME = 'legenda';

/** Deletions of one removeAll in flight at once: a reset must not flood the store with requests. */
export const REMOVE_CONCURRENCY = 8;

export const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  // unstorage separates with ':'; our segments never contain it.
  return segments.join(':');
}

/** Drivers answer bytes as a Buffer (fs), an ArrayBuffer (fetch-based) or the array given (memory). */
export function toBytes(value: unknown, key: string): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (typeof value === 'string') return new TextEncoder().encode(value);
  throw new Error(`Blob ${JSON.stringify(key)} came back as ${typeof value}, not bytes`);
}

export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The bytes of `range` in `bytes`, already in memory, as views of a chunk at a time. */
export function bytesStream(bytes: Uint8Array, range?: ByteRange): ReadableStream<Uint8Array> {
  const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
  let offset = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (offset < part.byteLength)
          controller.enqueue(part.subarray(offset, offset + STREAM_CHUNK));
        offset += STREAM_CHUNK;
        if (offset >= part.byteLength) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Sizes and streams from whole values: for the memory driver, where the bytes already are. */
export function wholeValueReads(storage: Storage): BlobReads {
  const bytesOf = async (key: string) => {
    const value = await storage.getItemRaw<unknown>(key);
    return value == null ? undefined : toBytes(value, key);
  };
  return {
    size: async (key) => (await bytesOf(key))?.byteLength,
    async getStream(key, range) {
      const bytes = await bytesOf(key);
      return bytes && bytesStream(bytes, range);
    },
  };
}

/**
 * The bytes of `range` out of a stream of the whole blob: those before it are dropped as they
 * pass, and the source is cancelled once the range is sent. For a store that cannot read a
 * range (Netlify Blobs): memory stays at one chunk, but the store still sends everything up to
 * the range's end.
 */
export function sliceStream(
  source: ReadableStream<Uint8Array>,
  range: ByteRange,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let offset = 0; // of the next byte the source gives
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    controller.close();
    reader.cancel().catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          if (offset > range.end) return finish(controller);
          const { done, value } = await reader.read();
          if (done) return controller.close();
          const from = offset;
          offset += value.byteLength;
          if (offset <= range.start) continue;
          const part = value.subarray(Math.max(0, range.start - from), range.end + 1 - from);
          if (part.byteLength > 0) {
            controller.enqueue(part);
            if (offset > range.end) finish(controller);
            return;
          }
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

export function wrapStorage(
  storage: Storage,
  reads: BlobReads = wholeValueReads(storage),
  versions: JsonVersions = valueVersions(storage),
): BlobStore {
  const prefixOf = (prefix: string) => (prefix === '' ? '' : `${checkKey(prefix)}:`);
  const update = versionedUpdate(versions);
  return {
    async getBytes(key) {
      const value = await storage.getItemRaw<unknown>(checkKey(key));
      return value == null ? undefined : toBytes(value, key);
    },
    async setBytes(key, data) {
      await storage.setItemRaw(checkKey(key), data);
    },
    async size(key) {
      return reads.size(checkKey(key));
    },
    async getStream(key, range) {
      return reads.getStream(checkKey(key), range);
    },
    async getJson<T>(key: string) {
      const value = await storage.getItem<T>(checkKey(key));
      return value ?? undefined;
    },
    async setJson(key, value) {
      await storage.setItem(checkKey(key), JSON.stringify(value));
    },
    updateJson: (key, change) => update(checkKey(key), change),
    async has(key) {
      return storage.hasItem(checkKey(key));
    },
    async remove(key) {
      await storage.removeItem(checkKey(key));
    },
    async list(prefix) {
      const base = prefixOf(prefix);
      const keys = await storage.getKeys(base);
      return keys.map((k) => k.slice(base.length).replaceAll(':', '/'));
    },
    async removeAll(prefix) {
      const base = prefixOf(prefix);
      const keys = await storage.getKeys(base);
      await eachLimited(keys, REMOVE_CONCURRENCY, (k) => storage.removeItem(k));
      return keys.length;
    },
  };
}

export const createMemoryBlobStore = (): BlobStore =>
  wrapStorage(createStorage({ driver: memoryDriver() }));

/**
 * A store opened at its first use: a Netlify function makes its store at each cold start, yet
 * most of its requests (a kept page, a scan, a count) never touch it, so its client and its
 * package load only when one does (docs/adr/0032-a-light-visitor-function.md). A failed opening
 * is tried again at the next call.
 */
export function storeAtFirstUse(open: () => Promise<BlobStore>): BlobStore {
  let opened: Promise<BlobStore> | undefined;
  const store = () => {
    if (!opened) {
      opened = open();
      opened.catch(() => (opened = undefined));
    }
    return opened;
  };
  return {
    getBytes: async (key) => (await store()).getBytes(key),
    setBytes: async (key, data) => (await store()).setBytes(key, data),
    size: async (key) => (await store()).size(key),
    getStream: async (key, range) => (await store()).getStream(key, range),
    getJson: async <T>(key: string) => (await store()).getJson<T>(key),
    setJson: async (key, value) => (await store()).setJson(key, value),
    updateJson: async (key, change) => (await store()).updateJson(key, change),
    has: async (key) => (await store()).has(key),
    remove: async (key) => (await store()).remove(key),
    list: async (prefix) => (await store()).list(prefix),
    removeAll: async (prefix) => (await store()).removeAll(prefix),
  };
}
