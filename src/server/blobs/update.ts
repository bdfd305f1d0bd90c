import type { Storage } from 'unstorage';

/**
 * A JSON document read, changed and written back with a version check, so that two writers
 * never drop each other's changes: the write is made only if the document is still the version
 * the change was made from, and otherwise the change is made again from what is there now.
 * Translation memory (features/translation/memory.ts) is written so by every process that
 * translates (several Netlify function instances, several servers on one bucket).
 */

/** How a store reads a document with its version, and writes one only over a version. */
export interface JsonVersions {
  /** The document (undefined when there is none) and its version (undefined: none stored). */
  read(key: string): Promise<{ value: unknown; version: string | undefined }>;
  /** The version stored now, without the document when the store can say it apart. */
  version(key: string): Promise<string | undefined>;
  /**
   * Writes `value` if the document is still at `version` (undefined: still absent), where the
   * store can check it (Netlify Blobs' and S3's ETags, across processes); false when it is not.
   */
  put(key: string, value: unknown, version: string | undefined): Promise<boolean>;
}

/** A stored text as JSON, or as the text itself when it is none (unstorage's reading). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Writes tried before an update gives up: each lost try means another writer just wrote. */
export const UPDATE_TRIES = 20;

/** The document as its own version: for stores one process owns (fs, memory). */
export function valueVersions(storage: Storage): JsonVersions {
  const read = async (key: string) => {
    const value = (await storage.getItem<unknown>(key)) ?? undefined;
    return { value, version: value === undefined ? undefined : JSON.stringify(value) };
  };
  return {
    read,
    version: async (key) => (await read(key)).version,
    async put(key, value) {
      await storage.setItem(key, JSON.stringify(value));
      return true;
    },
  };
}

/**
 * updateJson over a store's versions. Within this process the check and the write of one key
 * are made one at a time, so the check holds even where the store itself checks nothing (fs,
 * memory, or an S3 service that ignores If-Match); across processes the store's conditional
 * write holds it.
 */
export function versionedUpdate(versions: JsonVersions) {
  const turns = new Map<string, Promise<unknown>>();
  function alone<T>(key: string, work: () => Promise<T>): Promise<T> {
    const mine = (turns.get(key) ?? Promise.resolve()).then(work, work);
    const settled = mine.catch(() => {});
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return mine;
  }

  return async function updateJson<T>(key: string, change: (current: unknown) => T): Promise<T> {
    for (let tries = 1; ; tries++) {
      const { value, version } = await versions.read(key);
      const next = change(value);
      const written = await alone(
        key,
        async () => (await versions.version(key)) === version && versions.put(key, next, version),
      );
      if (written) return next;
      if (tries >= UPDATE_TRIES) {
        throw new Error(`Blob ${key} changed ${UPDATE_TRIES} times while it was being updated`);
      }
    }
  };
}
