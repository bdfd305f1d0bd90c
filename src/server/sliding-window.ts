import { lruAtFirstUse } from './lru-at-first-use.ts';

/** What was admitted under one key within the window: [moment, amount], oldest first. */
type Counted = [number, number][];

/**
 * Limits over a sliding window, per key, in this process's memory: how many admissions (or how
 * many characters) a key had in the last `windowMs`. What the engine gate, the address's
 * characters and the visitors' reports count with. At most `max` keys are remembered, the
 * least recently used forgotten first.
 */
export function slidingWindows(options: { now: () => number; windowMs: number; max: number }) {
  const { now, windowMs } = options;
  const windows = lruAtFirstUse<string, Counted>({
    max: options.max,
    ttl: windowMs,
    ttlAutopurge: false,
  });

  /** What is counted under `key` still in the window (the stale ones dropped). */
  function recent(key: string, at: number): Counted {
    const counted = windows().get(key) ?? [];
    while (counted.length > 0 && counted[0]![0] <= at - windowMs) counted.shift();
    return counted;
  }

  const sum = (counted: Counted) => counted.reduce((n, [, amount]) => n + amount, 0);

  /** Seconds until enough has left the window for `amount` more (the whole window if never). */
  function wait(counted: Counted, amount: number, limit: number, at: number): number {
    let left = sum(counted);
    for (const [when, n] of counted) {
      left -= n;
      if (left + amount <= limit) return Math.max(1, Math.ceil((when + windowMs - at) / 1000));
    }
    return Math.ceil(windowMs / 1000);
  }

  /**
   * Counts `amount` under every key whose limit allows it, or under none and answers the
   * seconds to wait (for the first key that is full): one refused is not counted.
   */
  function admit(keys: readonly (readonly [string, number])[], amount = 1): number | undefined {
    const at = now();
    const all = keys.map(([key, limit]) => ({ key, limit, counted: recent(key, at) }));
    const full = all.find(({ limit, counted }) => sum(counted) + amount > limit);
    if (full) return wait(full.counted, amount, full.limit, at);
    for (const { key, counted } of all) {
      counted.push([at, amount]);
      windows().set(key, counted);
    }
    return undefined;
  }

  return {
    admit,
    /** Counts `amount` under `key` when `limit` allows, else says how many seconds to wait. */
    take: (key: string, amount: number, limit: number) => admit([[key, limit]], amount),
    /** Takes back the last count of `amount` under `key` (what it paid for did not happen). */
    giveBack(key: string, amount: number): void {
      const counted = windows().get(key);
      const last = counted?.findLastIndex(([, n]) => n === amount) ?? -1;
      if (last >= 0) counted!.splice(last, 1);
    },
    /** Nothing more fits under `key` now: seconds to wait, else undefined. */
    full(key: string, limit: number): number | undefined {
      const at = now();
      const counted = recent(key, at);
      return sum(counted) >= limit ? wait(counted, 1, limit, at) : undefined;
    },
  };
}

export type SlidingWindows = ReturnType<typeof slidingWindows>;
