import type { Store as NetlifyStore } from '@netlify/blobs';
import { createStorage, type Driver } from 'unstorage';
import {
  type BlobReads,
  type BlobStore,
  NETLIFY_STORE_NAME,
  sliceStream,
  wrapStorage,
} from './store.ts';

/** Netlify Blobs, on Netlify. */
export async function netlifyBlobStore(): Promise<BlobStore> {
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
