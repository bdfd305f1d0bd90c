import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** How long a rendered page is reused: an edit made in another process shows within this. */
export const PAGE_TTL_MS = 1_000;

export interface CachedPage {
  html: string;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  /** What one showing of the page counts (DESIGN 8); none for staff previews. */
  count: { museumId: number; timeZone: string; articleId: number; language: string } | undefined;
}

/**
 * Rendered visitor pages, per process (a cache, DESIGN 2): a visitor page is the same for every
 * visitor in a language, so a second of reuse spares the database, the translation memory and
 * the rendering at the busiest moments. Saves and resets in this process clear it at once.
 */
/** A page's gzip and the ETag that names its bytes. */
export function compressPage(html: string): { gzip: Uint8Array<ArrayBuffer>; etag: string } {
  return {
    gzip: new Uint8Array(gzipSync(html)),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

export function pageCache(options: { ttlMs?: number; max?: number } = {}) {
  const pages = new LRUCache<string, CachedPage>({
    max: options.max ?? 500,
    ttl: options.ttlMs ?? PAGE_TTL_MS,
  });
  return {
    get: (key: string) => pages.get(key),
    set(key: string, html: string, count: CachedPage['count']): CachedPage {
      const page: CachedPage = { html, ...compressPage(html), count };
      pages.set(key, page);
      return page;
    },
    clear: () => pages.clear(),
  };
}

export type PageCache = ReturnType<typeof pageCache>;
