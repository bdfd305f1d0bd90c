import { hash, randomBytes } from 'node:crypto';
import { lruAtFirstUse } from '../../../server/lru-at-first-use.ts';
import type { EngineKind, EnginePayer } from '../../translation/engine-guard.ts';
import type { Visitor } from '../../stats/repeats.ts';

/** Characters counted under one key within the window: [moment, characters], oldest first. */
type Counted = [number, number][];

/**
 * Characters sent to an engine in the last `windowMs`, per key (an address's hash and an
 * engine), in this process's memory: what engine-gate.ts counts per address.
 */
export function charWindows(options: { now: () => number; windowMs: number; max: number }) {
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

  const sum = (counted: Counted) => counted.reduce((n, [, chars]) => n + chars, 0);

  /** Seconds until enough has left the window for `chars` more (the whole window if never). */
  function wait(counted: Counted, chars: number, limit: number, at: number): number {
    let left = sum(counted);
    for (const [when, n] of counted) {
      left -= n;
      if (left + chars <= limit) return Math.max(1, Math.ceil((when + windowMs - at) / 1000));
    }
    return Math.ceil(windowMs / 1000);
  }

  return {
    /** Counts `chars` under `key` when `limit` allows, else says how many seconds to wait. */
    take(key: string, chars: number, limit: number): number | undefined {
      const at = now();
      const counted = recent(key, at);
      if (sum(counted) + chars > limit) return wait(counted, chars, limit, at);
      counted.push([at, chars]);
      windows().set(key, counted);
      return undefined;
    },
    /** Takes back the last count of `chars` under `key` (its call was not made). */
    giveBack(key: string, chars: number): void {
      const counted = windows().get(key);
      const last = counted?.findLastIndex(([, n]) => n === chars) ?? -1;
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

/** The characters a minute of engine-gate.ts: the museum's for each engine, an address's share. */
export interface CharLimits {
  museumTranslationCharsPerMinute: number;
  museumSpeechCharsPerMinute: number;
  addressCharsPercent: number;
}

/**
 * What each address may send the engines a minute, whatever its browser: a share of the
 * museum's, counted in this process's memory under a salted hash of the address alone.
 */
export function addressCharges(options: {
  limits: CharLimits;
  now: () => number;
  windowMs: number;
  max: number;
}) {
  const { limits } = options;
  // A salt of this process only: the keys cannot be tied back to an address.
  const salt = randomBytes(32).toString('base64');
  const where = (visitor: Visitor | undefined) =>
    hash('sha256', `${salt}\n${visitor?.address ?? ''}`, 'base64url');
  const chars = charWindows(options);
  const museumChars = (engine: EngineKind) =>
    engine === 'translation'
      ? limits.museumTranslationCharsPerMinute
      : limits.museumSpeechCharsPerMinute;
  const addressChars = (engine: EngineKind) =>
    Math.floor((museumChars(engine) * limits.addressCharsPercent) / 100);
  return {
    /** The visitor's address as it pays for engine calls (translation/engine-guard.ts). */
    payer(visitor: Visitor | undefined): EnginePayer {
      const key = (engine: EngineKind) => `${engine}\n${where(visitor)}`;
      return {
        take(engine, count) {
          const retryAfter = chars.take(key(engine), count, addressChars(engine));
          return retryAfter === undefined ? undefined : { kind: 'busy', retryAfter };
        },
        giveBack: (engine, count) => chars.giveBack(key(engine), count),
        museumPerMinute: museumChars,
      };
    },
    /** The address has nothing left for `engine` this minute: seconds to wait, else undefined. */
    full(visitor: Visitor | undefined, engine: EngineKind): number | undefined {
      return chars.full(`${engine}\n${where(visitor)}`, addressChars(engine));
    },
  };
}
