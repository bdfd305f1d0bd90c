import { hash, randomBytes } from 'node:crypto';
import type { Visitor } from './repeats.ts';
import { addressBlock } from '../../server/http/address-block.ts';
import { lruAtFirstUse } from '../../server/lru-at-first-use.ts';

/**
 * Reading time and circuit completion, as the visitor page's beacons tell them (public/reader.js):
 * sums only, never a visitor. A reading is kept as one more count in a span of seconds (a
 * histogram bucket), so an article read a million times takes the same few rows a day as one
 * read ten times, and its quartiles are read back from the buckets.
 */

/** Where each bucket starts, in seconds; the last one holds every longer reading. */
export const BUCKET_STARTS = [
  0, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800,
] as const;
/** The end of the last bucket, for placing a quartile inside it (a page left open all day). */
export const LAST_BUCKET_END = 3600;
/** Longer than this is a page forgotten on a screen, not read: not counted. */
export const MAX_READING_SECONDS = 4 * 3600;

/** The bucket of a reading of `seconds` (at least 1, at most MAX_READING_SECONDS). */
export function bucketOf(seconds: number): number {
  let bucket = 0;
  while (bucket + 1 < BUCKET_STARTS.length && seconds >= BUCKET_STARTS[bucket + 1]!) bucket++;
  return bucket;
}

export interface ReadingSummary {
  count: number;
  /** Seconds; a quartile is placed inside its bucket as if its readings were spread evenly. */
  q1: number;
  median: number;
  q3: number;
}

/** The quartiles of a histogram (`counts[bucket]`), or undefined when it is empty. */
export function summarise(counts: ReadonlyMap<number, number>): ReadingSummary | undefined {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total <= 0) return undefined;
  const at = (fraction: number): number => {
    const wanted = fraction * total;
    let before = 0;
    for (let bucket = 0; bucket < BUCKET_STARTS.length; bucket++) {
      const n = counts.get(bucket) ?? 0;
      if (n > 0 && before + n >= wanted) {
        const start = BUCKET_STARTS[bucket]!;
        const end = BUCKET_STARTS[bucket + 1] ?? LAST_BUCKET_END;
        return Math.round(start + ((wanted - before) / n) * (end - start));
      }
      before += n;
    }
    return LAST_BUCKET_END;
  };
  return { count: total, q1: at(0.25), median: at(0.5), q3: at(0.75) };
}

/**
 * The longest reading of an article that is counted: a slow reader's time, three times over,
 * and never less than a few minutes in front of a short label. Longer is a page forgotten on a
 * screen or a made-up beacon, and one client must not be able to move an article's median far
 * past what its length allows. A recording (sound or video) adds its own time to listen.
 */
export const READING_FLOOR_SECONDS = 180;
/** About 10 characters a second is a slow reader's 100 words a minute; three times that. */
export const SECONDS_PER_CHARACTER = 0.3;
export const SECONDS_PER_RECORDING = 15 * 60;

/** The fields of an article's elements a visitor reads (articles/content.ts). */
const READ_FIELDS = new Set(['publicTitle', 'content', 'alt', 'caption', 'transcript']);

/** The characters a visitor reads in `value` (an article's content), and its recordings. */
function measure(value: unknown, sum: { characters: number; recordings: number }): void {
  if (Array.isArray(value)) {
    for (const item of value) measure(item, sum);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const element = value as Record<string, unknown>;
  if (element.type === 'audio' || element.type === 'video') sum.recordings++;
  for (const [key, field] of Object.entries(element)) {
    if (typeof field === 'string') sum.characters += READ_FIELDS.has(key) ? field.length : 0;
    else measure(field, sum);
  }
}

/** The longest reading counted for an article of this content, in seconds. */
export function plausibleSeconds(content: unknown): number {
  const sum = { characters: 0, recordings: 0 };
  measure(content, sum);
  const reading = Math.max(READING_FLOOR_SECONDS, sum.characters * SECONDS_PER_CHARACTER);
  return Math.min(MAX_READING_SECONDS, Math.ceil(reading + sum.recordings * SECONDS_PER_RECORDING));
}

/** How many beacons are counted at most. */
export interface BeaconLimits {
  /**
   * One address a minute (an IPv6 address by its /64), whatever browser it names: a client that changes its User-Agent at
   * each beacon is still one address (visitors on a museum's Wi-Fi share one, hence a bound
   * well above one phone's few beacons).
   */
  perAddressPerMinute: number;
  /** One museum, whoever sends, a minute. */
  perMuseumPerMinute: number;
  /** One museum, a calendar month (UTC): the most its tables can grow by in a month. */
  perMuseumPerMonth: number;
}

export const BEACON_LIMITS: BeaconLimits = {
  perAddressPerMinute: 30,
  perMuseumPerMinute: 600,
  perMuseumPerMonth: 500_000,
};

const MINUTE_MS = 60_000;

/**
 * The bounds of what anonymous beacons may add: per address and per museum a minute, per museum
 * a month. In memory, per process, like the engine's limits: an address is kept as a salted
 * hash, never written anywhere. A beacon past a bound is dropped without a word (the page has
 * gone anyway).
 */
export function beaconGate(options: { limits?: BeaconLimits; now: () => number; max?: number }) {
  const limits = options.limits ?? BEACON_LIMITS;
  const salt = randomBytes(32).toString('base64');
  const minutes = lruAtFirstUse<string, number[]>({ max: options.max ?? 50_000, ttl: MINUTE_MS });
  const months = new Map<string, number>();

  const within = (key: string, limit: number, at: number): number[] | undefined => {
    const moments = (minutes().get(key) ?? []).filter((m) => m > at - MINUTE_MS);
    return moments.length < limit ? moments : undefined;
  };

  return {
    /** Whether one more beacon of `visitor` for `museumId` is counted now (and counts it). */
    admit(museumId: number, visitor: Visitor): boolean {
      const at = options.now();
      const month = `${museumId}\n${new Date(at).toISOString().slice(0, 7)}`;
      const used = months.get(month) ?? 0;
      if (used >= limits.perMuseumPerMonth) return false;
      const address = addressBlock(visitor.address);
      const client = `a\n${hash('sha256', `${salt}\n${address}`, 'base64url')}`;
      const museum = `m\n${museumId}`;
      const mine = within(client, limits.perAddressPerMinute, at);
      const theirs = within(museum, limits.perMuseumPerMinute, at);
      if (!mine || !theirs) return false;
      minutes().set(client, [...mine, at]);
      minutes().set(museum, [...theirs, at]);
      // Last month's tallies go: only the current one is ever asked.
      for (const key of months.keys())
        if (!key.endsWith(month.slice(month.indexOf('\n')))) months.delete(key);
      months.set(month, used + 1);
      return true;
    },
  };
}

export type BeaconGate = ReturnType<typeof beaconGate>;
