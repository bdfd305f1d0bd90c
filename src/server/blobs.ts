import path from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs-lite';
import memoryDriver from 'unstorage/drivers/memory';
import type { Config } from './config.ts';

/**
 * Uploads and translation memory (DESIGN 1): one interface over the fs driver locally
 * (DATA_DIR/blobs), Netlify Blobs on Netlify, memory in tests. Keys are `/`-separated paths of
 * safe segments chosen by the server, never by a client.
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

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  // unstorage separates with ':'; our segments never contain it.
  return segments.join(':');
}

export function wrapStorage(storage: Storage): BlobStore {
  const prefixOf = (prefix: string) => (prefix === '' ? '' : `${checkKey(prefix)}:`);
  return {
    async getBytes(key) {
      const value = await storage.getItemRaw<Uint8Array | Buffer | ArrayBuffer>(checkKey(key));
      if (value == null) return undefined;
      return value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value);
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
    has: (key) => storage.hasItem(checkKey(key)),
    remove: (key) => storage.removeItem(checkKey(key)),
    async list(prefix) {
      const base = prefixOf(prefix);
      const keys = await storage.getKeys(base);
      return keys.map((k) => k.slice(base.length).replaceAll(':', '/'));
    },
    async removeAll(prefix) {
      const base = prefixOf(prefix);
      const keys = await storage.getKeys(base);
      await Promise.all(keys.map((k) => storage.removeItem(k)));
      return keys.length;
    },
  };
}

export const createMemoryBlobStore = (): BlobStore =>
  wrapStorage(createStorage({ driver: memoryDriver() }));

export async function createBlobStore(config: Config): Promise<BlobStore> {
  switch (config.blobStore) {
    case 'memory':
      return createMemoryBlobStore();
    case 'netlify': {
      // Loaded only on Netlify, where its environment exists.
      const { default: netlifyDriver } = await import('unstorage/drivers/netlify-blobs');
      return wrapStorage(createStorage({ driver: netlifyDriver({ name: 'legenda' }) }));
    }
    case 'fs':
      return wrapStorage(
        createStorage({ driver: fsDriver({ base: path.join(config.dataDir, 'blobs') }) }),
      );
  }
}
