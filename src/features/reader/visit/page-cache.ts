import { LRUCache } from 'lru-cache';
import { cacheBody, type CachedBody } from '../../../server/http/cached-body.ts';

/** How long a rendered page is reused: an edit made in another process shows within this. */
export const PAGE_TTL_MS = 1_000;

/**
 * How old a kept page may be and still be shown while the database cannot be reached (the
 * visitor then reads what they would have read that long ago, rather than an error page).
 */
export const STALE_IF_ERROR_MS = 60 * 60 * 1000;

/** What one showing of a visitor page counts; none for staff previews. */
export type PageCount =
  { museumId: number; timeZone: string; articleId: number; language: string } | undefined;

/** A rendered page: its bytes (not the text too: they are what is sent), tags and age. */
export interface CachedPage extends CachedBody {
  /** The tags a shared cache keeps it by (cdn.ts); none: no shared cache may keep it. */
  tags: readonly string[] | undefined;
  /** Date.now() when it was rendered. */
  renderedAt: number;
}

/**
 * Rendered visitor pages, per process (a cache): a visitor page is the same for every
 * visitor in a language, so a second of reuse spares the database, the translation memory and
 * the rendering at the busiest moments. Saves and resets in this process clear it at once.
 * `stale` is the fallback while the database is out of reach (routes.ts).
 */
export function pageCache(
  options: { ttlMs?: number; max?: number; staleMs?: number; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? STALE_IF_ERROR_MS;
  const pages = new LRUCache<string, CachedPage>({
    max: options.max ?? 500,
    ttl: options.ttlMs ?? PAGE_TTL_MS,
    // An expired page stays (until the LRU drops it or a fresh one replaces it) for `stale`.
    noDeleteOnStaleGet: true,
    // A clock of the caller's (tests): read at every look, not cached for a millisecond.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return {
    get: (key: string) => pages.get(key),
    /** The last page rendered for `key`, expired or not, if younger than `staleMs`. */
    stale(key: string): CachedPage | undefined {
      const page = pages.peek(key, { allowStale: true });
      return page && now() - page.renderedAt <= staleMs ? page : undefined;
    },
    set(key: string, html: string, tags: CachedPage['tags']): CachedPage {
      const page: CachedPage = { ...cacheBody(html), tags, renderedAt: now() };
      pages.set(key, page);
      return page;
    },
    clear: () => pages.clear(),
  };
}

export type PageCache = ReturnType<typeof pageCache>;
