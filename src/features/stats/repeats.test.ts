import { describe, expect, it, vi } from 'vitest';
import { bufferedCounts, type CountEvent, type CountsRepo } from './counts.ts';
import { REPEAT_WINDOW_MS, repeatFilter } from './repeats.ts';

const MINUTE = 60_000;
/** 10:00 UTC: the day's salt is drawn at 00:00 UTC. */
const t0 = Date.parse('2026-11-21T10:00:00Z');
const phone = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1)' };

describe('repeatFilter', () => {
  it('counts a visitor once per subject in a 30-minute window that repeats do not move', () => {
    const repeats = repeatFilter();
    expect(REPEAT_WINDOW_MS).toBe(30 * MINUTE);
    expect(repeats.first(phone, 'a', t0)).toBe(true);
    for (let m = 1; m < 30; m++) expect(repeats.first(phone, 'a', t0 + m * MINUTE)).toBe(false);
    expect(repeats.first(phone, 'a', t0 + 30 * MINUTE - 1)).toBe(false);
    // The window runs from the counted one, not from the last repeat.
    expect(repeats.first(phone, 'a', t0 + 30 * MINUTE)).toBe(true);
    expect(repeats.first(phone, 'a', t0 + 31 * MINUTE)).toBe(false);
  });

  it('tells apart subjects, addresses and user agents', () => {
    const repeats = repeatFilter();
    expect(repeats.first(phone, 'a', t0)).toBe(true);
    expect(repeats.first(phone, 'b', t0)).toBe(true);
    expect(repeats.first({ ...phone, address: '203.0.113.8' }, 'a', t0)).toBe(true);
    expect(repeats.first({ ...phone, userAgent: 'Mozilla/5.0 (Linux; Android 15)' }, 'a', t0)).toBe(
      true,
    );
    expect(repeats.first({ ...phone, userAgent: undefined }, 'a', t0)).toBe(true);
    expect(repeats.first({ ...phone, userAgent: undefined }, 'a', t0 + 1)).toBe(false);
  });

  it('keeps salted hashes only, forgets them when their window is over, and is bounded', () => {
    const repeats = repeatFilter({ max: 3 });
    for (let i = 0; i < 3; i++) repeats.first({ ...phone, address: `10.0.0.${i}` }, 'a', t0);
    expect(repeats.size).toBe(3);
    for (const key of repeats.remembered()) {
      expect(key).toMatch(/^[\w-]{43}$/);
      expect(key).not.toContain('10.0.0');
      expect(key).not.toContain('iPhone');
    }
    // Full: a fourth visitor pushes out the oldest, whose repeat then counts again.
    expect(repeats.first({ ...phone, address: '10.0.0.3' }, 'a', t0 + MINUTE)).toBe(true);
    expect(repeats.size).toBe(3);
    expect(repeats.first({ ...phone, address: '10.0.0.0' }, 'a', t0 + MINUTE)).toBe(true);
    // Past the window, what was remembered goes at the next look.
    repeats.first(phone, 'b', t0 + 40 * MINUTE);
    expect(repeats.size).toBe(1);
  });

  it('draws a new salt each UTC day and forgets the day before with it', () => {
    const newSalt = vi.fn(() => `salt ${newSalt.mock.calls.length}`);
    const repeats = repeatFilter({ newSalt });
    const lateEvening = Date.parse('2026-11-21T23:50:00Z');
    expect(repeats.first(phone, 'a', lateEvening)).toBe(true);
    const yesterday = repeats.remembered();
    expect(repeats.first(phone, 'a', lateEvening + 5 * MINUTE)).toBe(false);
    expect(newSalt).toHaveBeenCalledTimes(1);
    // 00:05 UTC: a new salt; the same visitor and subject hash differently and count again.
    expect(repeats.first(phone, 'a', lateEvening + 15 * MINUTE)).toBe(true);
    expect(newSalt).toHaveBeenCalledTimes(2);
    expect(repeats.remembered()).toHaveLength(1);
    expect(repeats.remembered()).not.toEqual(yesterday);
  });

  it('draws a random salt: two processes hash the same visitor differently', () => {
    const [a, b] = [repeatFilter(), repeatFilter()];
    a.first(phone, 'a', t0);
    b.first(phone, 'a', t0);
    expect(a.remembered()).not.toEqual(b.remembered());
  });
});

describe('bufferedCounts with repeats', () => {
  const event = (language: string, at: number, kind: CountEvent['kind'] = 'request') => ({
    museumId: 1,
    timeZone: 'Europe/Paris',
    articleId: 2,
    language,
    kind,
    at: new Date(at),
  });

  it('counts a reload loop once per window, a scan apart from a request, and anonymous calls always', async () => {
    const writes: [string, string, number][] = [];
    const repo = {
      add: vi.fn(async (e: CountEvent, n = 1) => void writes.push([e.kind, e.language, n])),
    } as unknown as CountsRepo;
    const counter = bufferedCounts(repo, { flushMs: 60_000, repeats: repeatFilter() });
    // 100 reloads in ten minutes, from one phone.
    for (let i = 0; i < 100; i++) await counter.add(event('es', t0 + i * 6000), phone);
    await counter.add(event('de', t0), phone);
    await counter.add(event('es', t0, 'scan'), phone);
    await counter.add(event('es', t0 + MINUTE, 'scan'), phone);
    // Half an hour after the first: counted again.
    await counter.add(event('es', t0 + 30 * MINUTE), phone);
    // No visitor named (callers that do not know one): every call counts.
    await counter.add(event('it', t0));
    await counter.add(event('it', t0));
    await counter.flush();
    expect(writes).toEqual([
      ['request', 'es', 2],
      ['request', 'de', 1],
      ['scan', 'es', 1],
      ['request', 'it', 2],
    ]);
  });
});
