import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { BlobStore } from '../../server/blobs/store.ts';
import { flaggedKey } from './flags.ts';

/**
 * Translation memory: one JSON document per (article, generation, language) in the
 * blob store, segment key → translated text, with an in-process LRU in front keyed by the same
 * document key.
 *
 * `generation` is the article's translation generation, raised by Reset translations. Documents
 * of an older generation are never asked for again, so an LRU in another process needs no
 * message to forget them; the reset service removes the blobs with
 * `blobs.removeAll(translationsPrefix(articleId))`.
 */
export interface TranslationMemory {
  /**
   * The stored translations. `fresh` skips the LRU and reads the blob store (another process may
   * have added entries since the document was cached).
   */
  read(
    articleId: number | string,
    generation: number,
    lang: string,
    options?: { fresh?: boolean },
  ): Promise<Readonly<Record<string, string>>>;
  /**
   * Adds entries to the document; an entry whose value is '' is removed. With `keep`, entries
   * whose key is in neither `keep` nor `entries` are dropped: translations of text the article
   * no longer holds (and their `flag:` entries, flags.ts). Read, merged and written over the
   * version read (BlobStore.updateJson), so what another process wrote meanwhile is kept.
   */
  write(
    articleId: number | string,
    generation: number,
    lang: string,
    entries: Readonly<Record<string, string>>,
    options?: { keep?: ReadonlySet<string> },
  ): Promise<void>;
  /** Drops the article's documents from this process's LRU. */
  forget(articleId: number | string): void;
  /**
   * When this process read the document `read` gave from the blob store, or wrote it there
   * (Date.now()); undefined when it did not come so (an empty one after a failed read).
   */
  loadedAt?(doc: Readonly<Record<string, string>>): number | undefined;
}

export interface MemoryOptions {
  /** Documents kept in the LRU. */
  maxEntries?: number;
  /** Characters of translated text kept in the LRU, all documents together. */
  maxChars?: number;
}

export const translationsPrefix = (articleId: number | string) => `translations/${articleId}`;

export const documentKey = (articleId: number | string, generation: number, lang: string) =>
  `${translationsPrefix(articleId)}/${generation}-${lang}`;

const documentShape = z.record(z.string(), z.string());
type Doc = Readonly<Record<string, string>>;

const EMPTY: Doc = Object.freeze({});

/** A stored document as read: a damaged one costs a re-translation, never a failed page. */
function docOf(stored: unknown): Doc {
  const parsed = documentShape.safeParse(stored ?? {});
  return parsed.success ? Object.freeze({ ...parsed.data }) : EMPTY;
}

/** `current` with `entries` written in, and with `keep`, only what is kept (see write). */
function merged(
  current: Doc,
  entries: Readonly<Record<string, string>>,
  keep: ReadonlySet<string> | undefined,
): Record<string, string> {
  // A flag entry (flags.ts) goes with its translation's key; an empty value removes one.
  const kept = (k: string) => !keep || keep.has(flaggedKey(k) ?? k);
  const next = Object.fromEntries([
    ...Object.entries(current).filter(([k]) => kept(k)),
    ...Object.entries(entries),
  ]);
  for (const [k, value] of Object.entries(entries)) if (value === '') delete next[k];
  return next;
}

function sizeOf(doc: Doc): number {
  let size = 1;
  for (const [key, value] of Object.entries(doc)) size += key.length + value.length;
  return size;
}

export function translationMemory(
  blobs: BlobStore,
  options: MemoryOptions = {},
): TranslationMemory {
  const cache = new LRUCache<string, Doc>({
    max: options.maxEntries ?? 1_000,
    maxSize: options.maxChars ?? 50_000_000,
    sizeCalculation: sizeOf,
  });
  /** Writes to one document in this process, one after the other. */
  const writing = new Map<string, Promise<void>>();

  /** Blob reads in flight: requests arriving together read a document once. */
  const loading = new Map<string, Promise<Doc>>();

  /**
   * Writes made by this process: a read that overlapped one may hold the older document, so it
   * is not cached (the next read caches).
   */
  let writes = 0;

  /** When each document was read from or written to the store: how fresh a cached one is. */
  const loaded = new WeakMap<Doc, number>();

  async function load(key: string): Promise<Doc> {
    const before = writes;
    const doc = docOf(await blobs.getJson<unknown>(key));
    if (doc !== EMPTY) loaded.set(doc, Date.now());
    if (writes === before) cache.set(key, doc);
    return doc;
  }

  function loadShared(key: string): Promise<Doc> {
    let promise = loading.get(key);
    if (!promise) {
      promise = load(key).finally(() => loading.delete(key));
      loading.set(key, promise);
    }
    return promise;
  }

  return {
    async read(articleId, generation, lang, readOptions) {
      const key = documentKey(articleId, generation, lang);
      await writing.get(key);
      if (readOptions?.fresh) return load(key);
      return cache.get(key) ?? loadShared(key);
    },

    write(articleId, generation, lang, entries, writeOptions) {
      const key = documentKey(articleId, generation, lang);
      // Writers in this process queue up; a writer in another process (another Netlify
      // function instance, another server) that wrote in between makes the store's version
      // check fail, and the merge is made again over what it wrote (BlobStore.updateJson).
      const run = async () => {
        const keep = writeOptions?.keep;
        const written = await blobs.updateJson(key, (stored) =>
          merged(docOf(stored), entries, keep),
        );
        writes += 1;
        const doc = Object.freeze(written);
        loaded.set(doc, Date.now());
        cache.set(key, doc);
      };
      const previous = writing.get(key) ?? Promise.resolve();
      const done = previous.then(run, run);
      const settled = done.catch(() => {});
      writing.set(key, settled);
      void settled.then(() => {
        if (writing.get(key) === settled) writing.delete(key);
      });
      return done;
    },

    loadedAt: (doc) => loaded.get(doc),

    forget(articleId) {
      const prefix = `${translationsPrefix(articleId)}/`;
      for (const key of [...cache.keys()]) {
        if (key.startsWith(prefix)) cache.delete(key);
      }
    },
  };
}
