import fs from 'node:fs';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { AwsClient } from 'aws4fetch';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  startNetlifyBlobsServer,
  startS3Server,
  tempDir,
  withNetlifyContext,
  type S3TestServer,
} from '../../tests/helpers/blob-servers.ts';
import { createBlobStore, createS3BlobStore } from './blobs.ts';
import { NETLIFY_STORE_NAME, type BlobStore } from './blobs/store.ts';
import { parseConfig } from './config.ts';
import { netlifyVersions } from './blobs/netlify.ts';

/** One fake S3 for the file (a process); each store gets a bucket of its own. */
let s3Server: Promise<S3TestServer> | undefined;
const s3 = () => (s3Server ??= startS3Server());
afterAll(async () => {
  if (s3Server) await (await s3Server).stop();
});

/** One backend of the contract: a fresh, empty store each time, and how to let it go. */
interface Backend {
  name: string;
  open(): Promise<{ store: BlobStore; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'memory',
    open: async () => ({
      store: await createBlobStore(parseConfig({ BLOB_STORE: 'memory' })),
      close: async () => {},
    }),
  },
  {
    name: 'fs',
    async open() {
      const dir = tempDir('blobs');
      return {
        store: await createBlobStore(parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir })),
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    // As on Netlify: the store is configured from the context Netlify puts in the environment.
    name: 'netlify',
    async open() {
      const server = await startNetlifyBlobsServer();
      const before = globalThis.netlifyBlobsContext;
      globalThis.netlifyBlobsContext = server.context;
      return {
        store: await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' })),
        async close() {
          globalThis.netlifyBlobsContext = before;
          await server.stop();
        },
      };
    },
  },
  {
    name: 's3',
    async open() {
      const bucket = await (await s3()).newBucket();
      return {
        store: await createBlobStore(parseConfig(bucket.env)),
        close: async () => {},
      };
    },
  },
];

/** Every byte value, and sequences that are not UTF-8: a store that keeps text would break them. */
function awkwardBytes(): Uint8Array {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const notUtf8 = [0x00, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0xed, 0xa0, 0x80, 0x00, 0x0d, 0x0a, 0xff];
  const large = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7919 + (i >> 8)) & 0xff);
  const out = new Uint8Array(all.length + notUtf8.length + large.length);
  out.set(all, 0);
  out.set(notUtf8, all.length);
  out.set(large, all.length + notUtf8.length);
  return out;
}

/** The BlobStore contract, written once and run against every backend. */
function blobStoreContract(backend: Backend) {
  describe(`the ${backend.name} blob store`, () => {
    let opened: Awaited<ReturnType<Backend['open']>> | undefined;
    const open = async () => {
      opened = await backend.open();
      return opened.store;
    };
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('keeps bytes exactly, 0x00 and 0xFF and non-UTF-8 sequences included, and overwrites', async () => {
      const store = await open();
      const bytes = awkwardBytes();
      await store.setBytes('media/1/images/abc.png', bytes);
      const back = await store.getBytes('media/1/images/abc.png');
      expect(back).toBeInstanceOf(Uint8Array);
      expect(back!.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);

      // A view into a larger buffer stores only its own bytes.
      const view = new Uint8Array([9, 0xff, 0x00, 0xfe, 9]).subarray(1, 4);
      await store.setBytes('media/1/images/abc.png', view);
      expect([...(await store.getBytes('media/1/images/abc.png'))!]).toEqual([0xff, 0x00, 0xfe]);
    });

    it('gives a size without the bytes, and streams all of them or any range', async () => {
      const store = await open();
      const bytes = awkwardBytes(); // 300 KB: several chunks of a streamed read
      const key = 'media/1/videos/Ab12Cd-x.webm';
      await store.setBytes(key, bytes);
      expect(await store.size(key)).toBe(bytes.byteLength);
      expect(await store.size('media/1/videos/none.webm')).toBeUndefined();
      expect(await store.getStream('media/1/videos/none.webm')).toBeUndefined();
      expect(await store.size('media/1')).toBeUndefined(); // a prefix is not a blob

      // A reader that stops early (a client gone) cancels the read; the store still answers.
      const reader = (await store.getStream(key))!.getReader();
      const first = await reader.read();
      expect(first.value!.byteLength).toBeLessThan(bytes.byteLength);
      await reader.cancel();

      const read = async (range?: { start: number; end: number }) =>
        Buffer.from(await new Response(await store.getStream(key, range)).arrayBuffer());
      expect((await read()).equals(Buffer.from(bytes))).toBe(true);
      const last = bytes.byteLength - 1;
      for (const [start, end] of [
        [0, 0],
        [1, 1],
        [65_535, 65_537], // across a chunk's end
        [100_000, 250_000],
        [last, last],
        [last - 9, last + 100], // past the end: stops at the end
      ] as const) {
        const expected = Buffer.from(bytes.subarray(start, Math.min(end, last) + 1));
        expect((await read({ start, end })).equals(expected), `${start}-${end}`).toBe(true);
      }
      await expect(store.size('../x')).rejects.toThrow('Invalid blob key');
      await expect(store.getStream('../x')).rejects.toThrow('Invalid blob key');
    });

    it('keeps JSON documents, strings that look like JSON staying strings', async () => {
      const store = await open();
      const doc = { a: 'hola [!mundo!]', b: 'مرحبا 👋', n: [1, 2.5, -3], nested: { t: true } };
      await store.setJson('translations/7/3-es', doc);
      expect(await store.getJson('translations/7/3-es')).toEqual(doc);
      await store.setJson('translations/7/3-ar', '{"a":1}');
      expect(await store.getJson('translations/7/3-ar')).toBe('{"a":1}');
      await store.setJson('translations/7/3-de', 42);
      expect(await store.getJson('translations/7/3-de')).toBe(42);
    });

    it('updates a JSON document over the version it read, losing no writer’s change', async () => {
      const store = await open();
      const key = 'translations/7/3-es';
      const add = (entry: string) => (current: unknown) => ({
        ...(current as Record<string, string> | undefined),
        [entry]: entry.toUpperCase(),
      });
      expect(await store.updateJson(key, add('a'))).toEqual({ a: 'A' });
      const entries = ['b', 'c', 'd', 'e', 'f', 'g'];
      await Promise.all(entries.map((entry) => store.updateJson(key, add(entry))));
      const stored = (await store.getJson<Record<string, string>>(key))!;
      expect(Object.keys(stored).sort()).toEqual(['a', ...entries]);
      expect(stored.g).toBe('G');
    });

    it('answers undefined and false for a missing key, and removing one is no error', async () => {
      const store = await open();
      expect(await store.getBytes('nothing/here')).toBeUndefined();
      expect(await store.getJson('nothing/here')).toBeUndefined();
      expect(await store.has('nothing/here')).toBe(false);
      await store.remove('nothing/here');
      expect(await store.list('nothing')).toEqual([]);
      expect(await store.removeAll('nothing')).toBe(0);
    });

    it('says whether a key is there, and removes one key', async () => {
      const store = await open();
      await store.setJson('translations/70/1-es', { x: 'y' });
      await store.setBytes('media/1/images/a.png', new Uint8Array([1]));
      expect(await store.has('translations/70/1-es')).toBe(true);
      expect(await store.has('media/1/images/a.png')).toBe(true);
      await store.remove('translations/70/1-es');
      expect(await store.has('translations/70/1-es')).toBe(false);
      expect(await store.getJson('translations/70/1-es')).toBeUndefined();
      expect(await store.has('media/1/images/a.png')).toBe(true);
    });

    it('lists keys under a prefix, at any depth, and nothing from a longer sibling', async () => {
      const store = await open();
      await store.setJson('translations/7/1-es', {});
      await store.setJson('translations/7/1-ar', {});
      await store.setJson('translations/7/old/2-de', {});
      await store.setJson('translations/70/1-es', {});
      await store.setJson('translations7/x', {});
      await store.setBytes('media/1/images/a.png', new Uint8Array([0]));
      expect((await store.list('translations/7')).sort()).toEqual(['1-ar', '1-es', 'old/2-de']);
      expect((await store.list('translations/7/old')).sort()).toEqual(['2-de']);
      expect(await store.list('translations/70')).toEqual(['1-es']);
      expect((await store.list('translations')).sort()).toEqual([
        '7/1-ar',
        '7/1-es',
        '7/old/2-de',
        '70/1-es',
      ]);
      expect((await store.list('')).sort()).toEqual([
        'media/1/images/a.png',
        'translations/7/1-ar',
        'translations/7/1-es',
        'translations/7/old/2-de',
        'translations/70/1-es',
        'translations7/x',
      ]);
    });

    it('removes everything under a prefix, and only that, saying how many', async () => {
      const store = await open();
      for (let i = 0; i < 20; i++) await store.setJson(`translations/7/${i}-es`, { i });
      await store.setJson('translations/70/1-es', {});
      await store.setJson('translations7/x', {});
      expect(await store.removeAll('translations/7')).toBe(20);
      expect(await store.list('translations/7')).toEqual([]);
      expect(await store.has('translations/7/3-es')).toBe(false);
      expect(await store.list('translations/70')).toEqual(['1-es']);
      expect(await store.has('translations7/x')).toBe(true);
    });

    it('refuses keys that could leave their place, before any I/O', async () => {
      const store = await open();
      const bad = ['../etc/passwd', 'a/../../b', '', 'a//b', '/abs', 'a/', 'a:b', 'a/.hidden'];
      for (const key of [...bad, 'a?b', 'a#b', 'a b', 'é', 'a\\b', 'x'.repeat(129)]) {
        await expect(store.setJson(key, 1)).rejects.toThrow('Invalid blob key');
        await expect(store.setBytes(key, new Uint8Array([1]))).rejects.toThrow('Invalid blob key');
        await expect(store.getBytes(key)).rejects.toThrow('Invalid blob key');
        await expect(store.getJson(key)).rejects.toThrow('Invalid blob key');
        await expect(store.has(key)).rejects.toThrow('Invalid blob key');
        await expect(store.remove(key)).rejects.toThrow('Invalid blob key');
      }
      for (const prefix of bad.filter((k) => k !== '')) {
        await expect(store.list(prefix)).rejects.toThrow('Invalid blob key');
        await expect(store.removeAll(prefix)).rejects.toThrow('Invalid blob key');
      }
      expect(await store.list('')).toEqual([]);
    });
  });
}

for (const backend of backends) blobStoreContract(backend);

describe('the fs blob store', () => {
  it('writes under DATA_DIR/blobs and survives a new instance', async () => {
    const dir = tempDir('blobs');
    const config = parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir });
    await (await createBlobStore(config)).setJson('translations/1/de', { x: 'Hallo' });
    expect(fs.existsSync(path.join(dir, 'blobs', 'translations', '1', 'de'))).toBe(true);
    expect(await (await createBlobStore(config)).getJson('translations/1/de')).toEqual({
      x: 'Hallo',
    });
  });

  it('writes through a temporary file (none left behind) and never lists one', async () => {
    const dir = tempDir('blobs');
    const store = await createBlobStore(parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir }));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.setJson('translations/1/de', { i })),
    );
    expect(fs.readdirSync(path.join(dir, 'blobs', 'translations', '1'))).toEqual(['de']);
    // What a write interrupted by a crash leaves: not a key.
    fs.writeFileSync(path.join(dir, 'blobs', 'translations', '1', '.de.1234.tmp'), '{"i":');
    expect(await store.list('translations/1')).toEqual(['de']);
    expect(await store.removeAll('translations')).toBe(1);
  });

  it('removes the temporary files of interrupted writes at start, and nothing else', async () => {
    const dir = tempDir('blobs');
    const config = parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir });
    const store = await createBlobStore(config);
    await store.setBytes('media/1/images/abc.png', new Uint8Array([1, 2]));
    await store.setJson('translations/1/de', { x: 1 });
    const images = path.join(dir, 'blobs', 'media', '1', 'images');
    fs.writeFileSync(path.join(images, '.abc.png.5f0c.tmp'), 'half');
    fs.writeFileSync(path.join(dir, 'blobs', '.top.tmp'), 'half');
    // Not ours: kept.
    fs.writeFileSync(path.join(images, 'notes.tmp'), 'x');
    fs.writeFileSync(path.join(images, '.keep'), 'x');
    await createBlobStore(config);
    expect(fs.readdirSync(images).sort()).toEqual(['.keep', 'abc.png', 'notes.tmp']);
    expect(fs.existsSync(path.join(dir, 'blobs', '.top.tmp'))).toBe(false);
    expect(await store.getJson('translations/1/de')).toEqual({ x: 1 });
  });
  it('reads only the bytes of a range, and closes the file when a reader cancels', async () => {
    const dir = tempDir('blobs');
    const store = await createBlobStore(parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir }));
    await store.setBytes('media/1/videos/a.webm', new Uint8Array(1024 * 1024).fill(1));
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const one = await store.getStream('media/1/videos/a.webm', { start: 500_000, end: 500_000 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of one!) chunks.push(chunk);
    expect(chunks.map((c) => c.byteLength)).toEqual([1]);
    expect(openFiles()).toBe(before);

    const reader = (await store.getStream('media/1/videos/a.webm'))!.getReader();
    await reader.read();
    expect(openFiles()).toBe(before + 1);
    await reader.cancel();
    expect(openFiles()).toBe(before);
  });
});

describe('the netlify blob store', () => {
  it('refuses a write over an ETag another writer has replaced, and takes it over the new one', async () => {
    const server = await startNetlifyBlobsServer();
    try {
      const versions = netlifyVersions(() =>
        getStore({
          name: NETLIFY_STORE_NAME,
          siteID: server.siteID,
          token: server.token,
          edgeURL: server.url,
          uncachedEdgeURL: server.url,
          consistency: 'strong',
        }),
      );
      const key = 'translations:9:0-it';
      expect(await versions.put(key, { a: 'A' }, undefined)).toBe(true);
      // Only if new: a second first write is refused.
      expect(await versions.put(key, { b: 'B' }, undefined)).toBe(false);
      const mine = await versions.read(key);
      expect(mine.value).toEqual({ a: 'A' });
      expect(await versions.version(key)).toBe(mine.version);
      // Another process writes in between: a write over what this one read is refused.
      expect(await versions.put(key, { a: 'A', c: 'C' }, mine.version)).toBe(true);
      expect(await versions.put(key, { a: 'A', d: 'D' }, mine.version)).toBe(false);
      const now = await versions.read(key);
      expect(now.value).toEqual({ a: 'A', c: 'C' });
      expect(await versions.put(key, { a: 'A', c: 'C', d: 'D' }, now.version)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('says clearly when it runs outside Netlify', async () => {
    const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
    await expect(store.getJson('a/b')).rejects.toThrow(/Netlify Blobs/);
  });

  it("writes to the site-wide store named legenda, as Netlify's own client reads it", async () => {
    const server = await startNetlifyBlobsServer();
    try {
      await withNetlifyContext(server.context, async () => {
        const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
        await store.setBytes('media/3/images/x.png', new Uint8Array([0, 255]));
        await store.setJson('translations/3/1-es', { a: 'b' });
      });
      const netlify = getStore({
        name: NETLIFY_STORE_NAME,
        siteID: server.siteID,
        token: server.token,
        edgeURL: server.url,
      });
      const { blobs } = await netlify.list();
      expect(blobs.map((b) => b.key).sort()).toEqual([
        'media:3:images:x.png',
        'translations:3:1-es',
      ]);
      const bytes = await netlify.get('media:3:images:x.png', { type: 'arrayBuffer' });
      expect([...new Uint8Array(bytes)]).toEqual([0, 255]);
      expect(await netlify.get('translations:3:1-es', { type: 'json' })).toEqual({ a: 'b' });
    } finally {
      await server.stop();
    }
  });

  it('keeps the size of bytes as metadata, and still sizes a blob stored without it', async () => {
    const server = await startNetlifyBlobsServer();
    try {
      const netlify = getStore({
        name: NETLIFY_STORE_NAME,
        siteID: server.siteID,
        token: server.token,
        edgeURL: server.url,
      });
      await withNetlifyContext(server.context, async () => {
        const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
        await store.setBytes('media/3/videos/a.webm', new Uint8Array(70_000));
        expect((await netlify.getMetadata('media:3:videos:a.webm'))?.metadata).toEqual({
          size: 70_000,
        });
        await netlify.set('media:3:videos:old.webm', new Uint8Array(70_001).buffer);
        expect(await store.size('media/3/videos/old.webm')).toBe(70_001);
      });
    } finally {
      await server.stop();
    }
  });

  it('reads the context Netlify gives at each call, not the first one it saw', async () => {
    const first = await startNetlifyBlobsServer('site-one');
    const second = await startNetlifyBlobsServer('site-two');
    try {
      const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
      await withNetlifyContext(first.context, () => store.setJson('translations/1/1-es', 1));
      await withNetlifyContext(second.context, async () => {
        expect(await store.has('translations/1/1-es')).toBe(false);
        await store.setJson('translations/1/1-es', 2);
      });
      await withNetlifyContext(first.context, async () => {
        expect(await store.getJson('translations/1/1-es')).toBe(1);
      });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('fails when the token is refused', async () => {
    const server = await startNetlifyBlobsServer();
    try {
      const wrong = Buffer.from(
        JSON.stringify({
          siteID: server.siteID,
          token: 'not-the-token',
          edgeURL: server.url,
          uncachedEdgeURL: server.url,
        }),
      ).toString('base64');
      await withNetlifyContext(wrong, async () => {
        const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
        await expect(store.setJson('a/b', 1)).rejects.toThrow(/403/);
        await expect(store.list('a')).rejects.toThrow(/403/);
      });
    } finally {
      await server.stop();
    }
  });
});

describe('the s3 blob store', () => {
  it('lists a prefix page after page, past keys of the bucket that sort before it', async () => {
    const { settings } = await (await s3()).newBucket();
    const store = await createS3BlobStore(settings, { listPageSize: 3 });
    for (let i = 0; i < 7; i++) await store.setJson(`media/${i}/images/a.png`, i);
    for (let i = 0; i < 8; i++) await store.setJson(`translations/5/${i}-es`, i);
    await store.setJson('translations/50/1-es', 0);
    await store.setJson('uploads/x', 0);
    const listed = await store.list('translations/5');
    expect(listed.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `${i}-es`).sort());
    expect(await store.list('')).toHaveLength(17);
    expect(await store.removeAll('translations/5')).toBe(8);
    expect(await store.list('translations')).toEqual(['50/1-es']);
    expect(await store.list('media')).toHaveLength(7);
  });

  it('lists a prefix in a bucket of more than 1,000 keys (one page of the whole bucket)', async () => {
    const { settings } = await (await s3()).newBucket();
    const store = await createS3BlobStore(settings);
    const media = Array.from({ length: 1005 }, (_, i) => `media/1/images/${i}.png`);
    const one = new Uint8Array([1]);
    for (let i = 0; i < media.length; i += 50) {
      await Promise.all(media.slice(i, i + 50).map((key) => store.setBytes(key, one)));
    }
    await store.setJson('translations/5/1-es', {});
    await store.setJson('translations/5/1-de', {});
    expect((await store.list('translations/5')).sort()).toEqual(['1-de', '1-es']);
    expect(await store.list('media/1/images')).toHaveLength(1005);
  });

  // s3rver escapes `&`, `<`, `>` and quotes in a listed key twice (AWS and MinIO once), so keys
  // with those are read in blobs/s3-listing.test.ts, from answers as AWS writes them.
  it('lists keys other tools wrote, with unicode, spaces and URL characters, as they are', async () => {
    const { settings } = await (await s3()).newBucket();
    const store = await createS3BlobStore(settings, { listPageSize: 2 });
    const client = new AwsClient({
      service: 's3',
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    });
    const names = ['musée 日本 😀', ' spaced ', 'a+b=c%20d', 'ø~!$()*,;@', 'x'.repeat(200)];
    for (const name of names) {
      const url = `${settings.endpoint}/${settings.bucket}/translations/5/${encodeURIComponent(name)}`;
      const res = await client.fetch(url, { method: 'PUT', body: '1' });
      expect(res.status, name).toBe(200);
    }
    expect((await store.list('translations/5')).sort()).toEqual([...names].sort());
  });

  it('fails with the status, and no secret, when the keys are refused or the bucket is missing', async () => {
    const { settings } = await (await s3()).newBucket();
    const secretAccessKey = 'a-wrong-secret-value-1234';
    const refused = await createS3BlobStore({
      ...settings,
      accessKeyId: 'NOT-S3RVER',
      secretAccessKey,
    });
    const errors = await Promise.all([
      refused.setJson('a/b', 1).catch((e: unknown) => e),
      refused.list('a').catch((e: unknown) => e),
      refused.has('a/b').catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/403/);
      expect((error as Error).message).not.toContain(secretAccessKey);
    }

    const missing = await createS3BlobStore({ ...settings, bucket: 'no-such-bucket' });
    await expect(missing.list('healthz')).rejects.toThrow(/404 NoSuchBucket/);
  });
});
