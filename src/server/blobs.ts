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
import type { Store as NetlifyStore } from '@netlify/blobs';
import { createStorage, type Driver, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs-lite';
import memoryDriver from 'unstorage/drivers/memory';
import type { Config, S3Settings } from './config.ts';

/**
 * Uploads and translation memory (DESIGN 1, 2): one interface over unstorage drivers: fs
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
interface BlobReads {
  size(key: string): Promise<number | undefined>;
  getStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
}

/** Bytes a streamed read takes from the store at a time. */
const STREAM_CHUNK = 64 * 1024;

/** The site-wide Netlify Blobs store Legenda writes to (shown under this name in Netlify's UI). */
export const NETLIFY_STORE_NAME = 'legenda';

/** Deletions of one removeAll in flight at once: a reset must not flood the store with requests. */
const REMOVE_CONCURRENCY = 8;

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  // unstorage separates with ':'; our segments never contain it.
  return segments.join(':');
}

/** Drivers answer bytes as a Buffer (fs), an ArrayBuffer (fetch-based) or the array given (memory). */
function toBytes(value: unknown, key: string): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (typeof value === 'string') return new TextEncoder().encode(value);
  throw new Error(`Blob ${JSON.stringify(key)} came back as ${typeof value}, not bytes`);
}

async function eachLimited<T>(
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
function bytesStream(bytes: Uint8Array, range?: ByteRange): ReadableStream<Uint8Array> {
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
function wholeValueReads(storage: Storage): BlobReads {
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
function sliceStream(
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
): BlobStore {
  const prefixOf = (prefix: string) => (prefix === '' ? '' : `${checkKey(prefix)}:`);
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

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Bytes `start` to `end` of an open file, read a chunk at a time as the stream is consumed; the
 * file is closed at the end, on an error, or when the reader cancels (a client gone).
 */
function fileStream(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
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
function fileReads(root: string): BlobReads {
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

/**
 * unstorage's fs-lite driver, with two changes: a write goes to a temporary file renamed into
 * place (a reader or a crash never sees half a file), and listing a prefix reads that directory
 * only (fs-lite walks the whole tree, every upload included, for any prefix).
 */
function fsBlobDriver(base: string): Driver {
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
 * unstorage's netlify-blobs driver on the site-wide store `legenda`, with strong consistency:
 * translation memory is read, merged and written back by any function instance, and a reset
 * deletes documents, so a read must see the last write (the default, eventual, may answer data
 * up to a minute old). Netlify sets the store's context (site, token, edge URLs) for each
 * request, and the driver keeps the store it made first, with that request's token; so a new
 * driver (no I/O, a few objects) is made for each call and always reads the current context.
 */
async function netlifyBlobStore(): Promise<BlobStore> {
  const { default: netlifyDriver } = await import('unstorage/drivers/netlify-blobs');
  const fresh = () => netlifyDriver({ name: NETLIFY_STORE_NAME, consistency: 'strong' });
  const probe = fresh();
  const driver: Driver = {
    name: probe.name,
    options: probe.options,
    hasItem: (key, opts) => fresh().hasItem(key, opts),
    getItem: (key, opts) => fresh().getItem(key, opts),
    getItemRaw: (key, opts) => fresh().getItemRaw!(key, opts),
    setItem: (key, value, opts) => fresh().setItem!(key, value, opts),
    // Bytes carry their size as metadata: a HEAD gives it (see netlifyReads).
    setItemRaw: (key, value: Uint8Array, opts) =>
      fresh().setItemRaw!(key, value, { ...opts, metadata: { size: value.byteLength } }),
    removeItem: (key, opts) => fresh().removeItem!(key, opts),
    getKeys: (base, opts) => fresh().getKeys(base, opts),
    clear: (base, opts) => fresh().clear!(base, opts),
  };
  const store = () => fresh().getInstance!() as NetlifyStore;
  return wrapStorage(createStorage({ driver }), netlifyReads(store));
}

/**
 * Netlify Blobs cannot read part of a blob: @netlify/blobs (11.x) has no range option or
 * request header in Store.get, and answers no Content-Length. So a range is read from the
 * start of the blob, the bytes before it dropped as they pass and the read stopped after it
 * (sliceStream): memory stays at one chunk, but a range near the end of a video costs the
 * transfer of the whole video from the store. That cost is bounded by the size of what is
 * stored there: a Netlify function takes requests of at most 6 MB, and loadNetlifyConfig caps
 * uploaded videos at NETLIFY_MAX_VIDEO_MB. The size comes from the metadata setBytes writes
 * (one HEAD); a blob stored without it is counted by streaming it once.
 */
function netlifyReads(store: () => NetlifyStore): BlobReads {
  const stream = async (key: string) =>
    ((await store().get(key, { type: 'stream' })) as ReadableStream<Uint8Array> | null) ??
    undefined;
  return {
    async size(key) {
      const found = await store().getMetadata(key);
      if (!found) return undefined;
      const size = found.metadata.size;
      if (typeof size === 'number' && Number.isSafeInteger(size) && size >= 0) return size;
      const whole = await stream(key);
      if (!whole) return undefined;
      let counted = 0;
      for await (const chunk of whole) counted += chunk.byteLength;
      return counted;
    },
    async getStream(key, range) {
      const whole = await stream(key);
      return whole && range ? sliceStream(whole, range) : whole;
    },
  };
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function xmlText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    }
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const tag = (xml: string, name: string) =>
  new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

/**
 * unstorage's s3 driver (aws4fetch, path-style URLs: endpoint/bucket/key) for reads, writes and
 * deletes. Its listing is replaced: it ignores the prefix and reads only the first page of the
 * whole bucket (1,000 keys), so past that a prefix would look empty; and its clear() would empty
 * the whole bucket. Here a listing is ListObjectsV2 with the prefix, page after page.
 */
async function s3BlobDriver(
  s3: S3Settings,
  listPageSize: number,
): Promise<{ driver: Driver; reads: BlobReads }> {
  const [{ default: s3Driver }, { AwsClient }] = await Promise.all([
    import('unstorage/drivers/s3'),
    import('aws4fetch'),
  ]);
  const driver = s3Driver({ ...s3, bulkDelete: false });
  const client = new AwsClient({
    service: 's3',
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  const bucketUrl = `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`;

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucketUrl);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('max-keys', String(listPageSize));
      if (prefix) url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const res = await client.fetch(url.toString());
      const xml = await res.text();
      if (!res.ok) {
        const code = tag(xml, 'Code');
        throw new Error(
          `S3 listing of bucket ${s3.bucket} failed: ${res.status}${code ? ` ${xmlText(code)}` : ''}`,
        );
      }
      for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = tag(contents!, 'Key');
        if (key !== undefined) keys.push(xmlText(key));
      }
      const truncated = tag(xml, 'IsTruncated') === 'true';
      const next = tag(xml, 'NextContinuationToken');
      if (truncated && !next) {
        throw new Error(`S3 listing of bucket ${s3.bucket} is truncated without a next page`);
      }
      token = truncated ? xmlText(next!) : undefined;
    } while (token);
    return keys;
  }

  // unstorage gives the base as `a:b:` (undefined for everything).
  const toPrefix = (base: string | undefined) => (base ?? '').replaceAll(':', '/');
  // Our keys' segments need no escaping (checkKey).
  const objectUrl = (key: string) => `${bucketUrl}/${key.replaceAll(':', '/')}`;
  const failure = (what: string, key: string, res: Response) =>
    new Error(
      `S3 ${what} of ${key.replaceAll(':', '/')} in bucket ${s3.bucket} failed: ${res.status}`,
    );

  // A size is a HEAD; a stream a GET with a Range header, so only the bytes asked for travel.
  const reads: BlobReads = {
    async size(key) {
      const res = await client.fetch(objectUrl(key), { method: 'HEAD' });
      if (res.status === 404) return undefined;
      if (!res.ok) throw failure('HEAD', key, res);
      const size = Number(res.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) throw failure('HEAD (no length)', key, res);
      return size;
    },
    async getStream(key, range) {
      const res = await client.fetch(objectUrl(key), {
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (res.status === 404 || res.status === 416) {
        await res.body?.cancel();
        return res.status === 404 ? undefined : new ReadableStream({ start: (c) => c.close() });
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw failure('GET', key, res);
      }
      if (!range) return res.body;
      // A store that ignores Range answers the whole object (200); one may send more than
      // asked (s3rver answers `bytes=0-0` with all of it): what is not asked for is dropped.
      const sent = /^bytes (\d+)-(\d+)\//.exec(res.headers.get('content-range') ?? '');
      const from = res.status === 206 && sent ? Number(sent[1]) : 0;
      if (res.status === 206 && (!sent || (from === range.start && Number(sent[2]) <= range.end))) {
        return res.body;
      }
      if (from > range.start) {
        await res.body.cancel();
        throw failure(`GET (range ${res.headers.get('content-range')})`, key, res);
      }
      return sliceStream(res.body, { start: range.start - from, end: range.end - from });
    },
  };

  return {
    reads,
    driver: {
      ...driver,
      getKeys: (base: string | undefined) => listKeys(toPrefix(base)),
      async clear(base: string | undefined) {
        const keys = await listKeys(toPrefix(base));
        await eachLimited(keys, REMOVE_CONCURRENCY, async (key) => {
          await driver.removeItem!(key, {});
        });
      },
    },
  };
}

/** An S3-compatible bucket; `listPageSize` (at most 1,000) is for tests of paginated listings. */
export async function createS3BlobStore(
  s3: S3Settings,
  options: { listPageSize?: number } = {},
): Promise<BlobStore> {
  const { driver, reads } = await s3BlobDriver(s3, options.listPageSize ?? 1000);
  return wrapStorage(createStorage({ driver }), reads);
}

export async function createBlobStore(config: Config): Promise<BlobStore> {
  switch (config.blobStore) {
    case 'memory':
      return createMemoryBlobStore();
    case 'netlify':
      // Loaded only on Netlify, where its environment exists.
      return netlifyBlobStore();
    case 's3': {
      if (!config.s3) throw new Error('BLOB_STORE=s3 needs the S3_ settings');
      return createS3BlobStore(config.s3);
    }
    case 'fs': {
      const root = path.resolve(config.dataDir, 'blobs');
      return wrapStorage(createStorage({ driver: fsBlobDriver(root) }), fileReads(root));
    }
  }
}
