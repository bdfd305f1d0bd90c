import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  getJson<T>(key: string): Promise<T | undefined>;
  setJson(key: string, value: unknown): Promise<void>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Keys under a prefix, `/`-separated, without the prefix. */
  list(prefix: string): Promise<string[]>;
  /** Removes every key under a prefix (e.g. all translations of one article); how many. */
  removeAll(prefix: string): Promise<number>;
}

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

export function wrapStorage(storage: Storage): BlobStore {
  const prefixOf = (prefix: string) => (prefix === '' ? '' : `${checkKey(prefix)}:`);
  return {
    async getBytes(key) {
      const value = await storage.getItemRaw<unknown>(checkKey(key));
      return value == null ? undefined : toBytes(value, key);
    },
    async setBytes(key, data) {
      await storage.setItemRaw(checkKey(key), data);
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
async function netlifyBlobDriver(): Promise<Driver> {
  const { default: netlifyDriver } = await import('unstorage/drivers/netlify-blobs');
  const fresh = () => netlifyDriver({ name: NETLIFY_STORE_NAME, consistency: 'strong' });
  const probe = fresh();
  return {
    name: probe.name,
    options: probe.options,
    hasItem: (key, opts) => fresh().hasItem(key, opts),
    getItem: (key, opts) => fresh().getItem(key, opts),
    getItemRaw: (key, opts) => fresh().getItemRaw!(key, opts),
    setItem: (key, value, opts) => fresh().setItem!(key, value, opts),
    setItemRaw: (key, value, opts) => fresh().setItemRaw!(key, value, opts),
    removeItem: (key, opts) => fresh().removeItem!(key, opts),
    getKeys: (base, opts) => fresh().getKeys(base, opts),
    clear: (base, opts) => fresh().clear!(base, opts),
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
async function s3BlobDriver(s3: S3Settings, listPageSize: number): Promise<Driver> {
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
  return {
    ...driver,
    getKeys: (base: string | undefined) => listKeys(toPrefix(base)),
    async clear(base: string | undefined) {
      const keys = await listKeys(toPrefix(base));
      await eachLimited(keys, REMOVE_CONCURRENCY, async (key) => {
        await driver.removeItem!(key, {});
      });
    },
  };
}

/** An S3-compatible bucket; `listPageSize` (at most 1,000) is for tests of paginated listings. */
export async function createS3BlobStore(
  s3: S3Settings,
  options: { listPageSize?: number } = {},
): Promise<BlobStore> {
  const driver = await s3BlobDriver(s3, options.listPageSize ?? 1000);
  return wrapStorage(createStorage({ driver }));
}

export async function createBlobStore(config: Config): Promise<BlobStore> {
  switch (config.blobStore) {
    case 'memory':
      return createMemoryBlobStore();
    case 'netlify':
      // Loaded only on Netlify, where its environment exists.
      return wrapStorage(createStorage({ driver: await netlifyBlobDriver() }));
    case 's3': {
      if (!config.s3) throw new Error('BLOB_STORE=s3 needs the S3_ settings');
      return createS3BlobStore(config.s3);
    }
    case 'fs':
      return wrapStorage(
        createStorage({ driver: fsBlobDriver(path.join(config.dataDir, 'blobs')) }),
      );
  }
}
