import type { Store as NetlifyStore } from '@netlify/blobs';
import { createStorage, type Driver } from 'unstorage';
import {
  type BlobReads,
  type BlobStore,
  NETLIFY_STORE_NAME,
  sliceStream,
  wrapStorage,
} from './store.ts';
import { jsonOf, type JsonVersions } from './update.ts';

/**
 * Netlify Blobs through unstorage, with a driver of our own rather than unstorage's: that one
 * hands @netlify/blobs ofetch's fetch, and bundles node-fetch-native with it (170 kB in the
 * visitors' function, docs/adr/0032-a-light-visitor-function.md), where Node's own fetch, the
 * library's default, does the same.
 */
export function netlifyDriver(store: () => NetlifyStore): Driver {
  return {
    name: 'netlify-blobs',
    getInstance: store,
    hasItem: async (key) => Boolean(await store().getMetadata(checkedKey(key))),
    getItem: (key) => store().get(checkedKey(key), { type: 'text' }),
    getItemRaw: (key) => store().get(checkedKey(key), { type: 'arrayBuffer' }),
    setItem: (key, value) =>
      store()
        .set(checkedKey(key), value)
        .then(() => undefined),
    // Bytes carry their size as metadata: a HEAD gives it (see netlifyReads).
    setItemRaw: (key, value: Uint8Array) =>
      store()
        .set(checkedKey(key), exactBuffer(value), { metadata: { size: value.byteLength } })
        .then(() => undefined),
    removeItem: (key) => store().delete(checkedKey(key)),
    getKeys: async (base) => (await store().list({ prefix: base })).blobs.map((b) => b.key),
    async clear(base) {
      const here = store();
      const { blobs } = await here.list({ prefix: base });
      await Promise.allSettled(blobs.map((blob) => here.delete(blob.key)));
    },
  };
}

/** The bytes as an ArrayBuffer of their own (a view into a larger one is copied out). */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength
    ? buffer
    : bytes.slice().buffer;
}

/** Netlify Blobs' keys are URL paths: none empty, none with a query, fragment or control. */
function checkedKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  if (!key || /[?#\u0000-\u001f]/.test(key)) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  return key;
}

/**
 * Versions are Netlify Blobs' ETags, and a write over one is conditional (`onlyIfMatch`, or
 * `onlyIfNew` over none): another function instance's write in between is never overwritten.
 * Netlify's local server (`netlify dev`) answers a read with no ETag, but lists blobs with
 * theirs: there the listing's is taken, before and after the read, so that it is the one of
 * the document read.
 */
export function netlifyVersions(store: () => NetlifyStore): JsonVersions {
  const listed = async (key: string) =>
    (await store().list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag;
  return {
    async read(key) {
      for (;;) {
        const before = await listed(checkedKey(key));
        const found = await store().getWithMetadata(checkedKey(key), { type: 'text' });
        if (!found) return { value: undefined, version: undefined };
        const version = found.etag ?? (before === (await listed(key)) ? before : undefined);
        if (version !== undefined) return { value: jsonOf(found.data), version };
      }
    },
    async version(key) {
      return (await store().getMetadata(checkedKey(key)))?.etag ?? listed(key);
    },
    async put(key, value, version) {
      const text = JSON.stringify(value);
      const only = version === undefined ? { onlyIfNew: true } : { onlyIfMatch: version };
      return (await store().set(checkedKey(key), text, only)).modified;
    },
  };
}

/** Netlify Blobs, on Netlify; the package loads with the store (ADR 0032). */
export async function netlifyBlobStore(): Promise<BlobStore> {
  const { getStore } = await import('@netlify/blobs');
  // @netlify/blobs reads the site and its token from the function's environment when a store
  // is made, so one is made at each call (a warm function serves deploys and contexts in turn).
  const storeNow = () => getStore({ name: NETLIFY_STORE_NAME, consistency: 'strong' });
  return wrapStorage(
    createStorage({ driver: netlifyDriver(storeNow) }),
    netlifyReads(storeNow),
    netlifyVersions(storeNow),
  );
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
export function netlifyReads(store: () => NetlifyStore): BlobReads {
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
