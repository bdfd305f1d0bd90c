import { LRUCache } from 'lru-cache';

/**
 * An LRU cache made at its first use: lru-cache sizes its arrays for `max` at once (about ten
 * milliseconds for 50,000 entries), which a process that never needs the cache (a visitor
 * function that takes no report, starts no engine work) need not spend at its cold start.
 */
export function lruAtFirstUse<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: LRUCache.Options<K, V, unknown>,
): () => LRUCache<K, V> {
  let made: LRUCache<K, V> | undefined;
  return () => (made ??= new LRUCache<K, V>(options));
}
