import { describe, expect, it } from 'vitest';
import { backoffMs, memoryBackoff, reasonOf, waiting } from './failures.ts';

const MINUTE = 60_000;

describe('the back-off of failing translations', () => {
  it('doubles from a minute and stops at a day', () => {
    expect([1, 2, 3, 4, 5, 11, 12].map((n) => backoffMs(n) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 1024, 1440,
    ]);
    expect(backoffMs(13)).toBe(24 * 60 * MINUTE);
    expect(backoffMs(10_000)).toBe(24 * 60 * MINUTE);
    // A count that cannot be (0, negative) waits the first minute, never less.
    expect(backoffMs(0)).toBe(MINUTE);
    expect(backoffMs(-3)).toBe(MINUTE);
  });

  it('names the reason: refused only when every text left is one the checks refused', () => {
    expect(reasonOf({ refused: 2, untranslated: 2 })).toBe('refused');
    expect(reasonOf({ refused: 1, untranslated: 3 })).toBe('engine');
    expect(reasonOf({ refused: 0, untranslated: 3 })).toBe('engine');
    expect(reasonOf(undefined)).toBe('engine');
  });

  it('in memory: counts one failure per round, starts again after a success or a reset', async () => {
    const store = memoryBackoff();
    const pair = { museumId: 1, articleId: 'circuit-1', language: 'ja', generation: 0 };
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 21) + ms);
    await store.failed(pair, 'engine', 3, at(0));
    // A second failure of the same round (another visitor's try) changes nothing.
    await store.failed(pair, 'engine', 3, at(10_000));
    let found = await store.find(pair);
    expect(found).toMatchObject({ failures: 1, reason: 'engine', texts: 3 });
    expect(waiting(found, at(MINUTE - 1))).toBe(true);
    expect(waiting(found, at(MINUTE))).toBe(false);
    await store.failed(pair, 'refused', 1, at(MINUTE));
    found = await store.find(pair);
    expect(found).toMatchObject({ failures: 2, reason: 'refused' });
    expect(found?.nextTryAt).toEqual(at(3 * MINUTE));
    // Another generation (a reset) is not this one's back-off, and starts at one.
    expect(await store.find({ ...pair, generation: 1 })).toBeUndefined();
    await store.failed({ ...pair, generation: 1 }, 'engine', 3, at(MINUTE + 1));
    expect(await store.find({ ...pair, generation: 1 })).toMatchObject({ failures: 1 });
    await store.succeeded({ ...pair, generation: 1 });
    expect(await store.find({ ...pair, generation: 1 })).toBeUndefined();
  });
});
