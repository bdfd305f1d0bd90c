import { describe, expect, it, vi } from 'vitest';
import { bufferedCounts, dayOf, type CountEvent, type CountsRepo } from './counts.ts';

const at = new Date('2026-11-21T10:00:00Z');
const event = (language: string): CountEvent => ({
  museumId: 1,
  timeZone: 'Europe/Paris',
  articleId: 2,
  language,
  kind: 'request',
  at,
});

function fakeRepo() {
  const writes: [string, number][] = [];
  const repo = {
    add: vi.fn(async (e: CountEvent, n = 1) => void writes.push([e.language, n])),
  } as unknown as CountsRepo;
  return { repo, writes };
}

describe('bufferedCounts', () => {
  it('adds up visits in memory and writes one upsert per language at the flush', async () => {
    const { repo, writes } = fakeRepo();
    const counter = bufferedCounts(repo, { flushMs: 60_000 });
    for (let i = 0; i < 5; i++) await counter.add(event('es'));
    await counter.add(event('de'));
    expect(writes).toEqual([]);
    await counter.flush();
    expect(writes).toEqual([
      ['es', 5],
      ['de', 1],
    ]);
    await counter.flush();
    expect(writes).toHaveLength(2);
  });

  it('writes by itself after flushMs', async () => {
    const { repo, writes } = fakeRepo();
    const counter = bufferedCounts(repo, { flushMs: 20 });
    await counter.add(event('es'));
    await vi.waitFor(() => expect(writes).toEqual([['es', 1]]));
  });

  it('writes at once with flushMs 0, and reports a failed write without throwing', async () => {
    const { repo, writes } = fakeRepo();
    await bufferedCounts(repo, { flushMs: 0 }).add(event('es'));
    expect(writes).toEqual([['es', 1]]);

    const failing = { add: async () => Promise.reject(new Error('down')) } as unknown as CountsRepo;
    const onError = vi.fn();
    const counter = bufferedCounts(failing, { flushMs: 60_000, onError });
    await counter.add(event('es'));
    await counter.flush();
    expect(onError).toHaveBeenCalledOnce();
    await bufferedCounts(failing, { flushMs: 0, onError }).add(event('es'));
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('keeps the counts while the database is out of reach, and writes them when it is back', async () => {
    const writes: [string, number][] = [];
    let down = true;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const repo = {
      add: vi.fn(async (e: CountEvent, n = 1) => {
        if (down) throw new Error('Failed query', { cause: refused });
        writes.push([e.language, n]);
      }),
    } as unknown as CountsRepo;
    const onError = vi.fn();
    const counter = bufferedCounts(repo, { flushMs: 60_000, onError });
    for (let i = 0; i < 3; i++) await counter.add(event('es'));
    await counter.add(event('de'));
    await counter.flush();
    // One attempt: the rest of the batch is not tried against a database known to be down.
    expect(repo.add).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledOnce();
    await counter.add(event('es'));
    down = false;
    await counter.flush();
    expect(writes.sort()).toEqual([
      ['de', 1],
      ['es', 4],
    ]);
    await counter.flush();
    expect(writes).toHaveLength(2);
  });
});

describe('dayOf', () => {
  it('gives the museum’s own day, not UTC’s', () => {
    // 23:30 UTC on 21 November is already the 22nd in Paris, still the 21st in New York.
    const lateEvening = new Date('2026-11-21T23:30:00Z');
    expect(dayOf(lateEvening, 'Europe/Paris')).toBe('2026-11-22');
    expect(dayOf(lateEvening, 'America/New_York')).toBe('2026-11-21');
    expect(dayOf(lateEvening, 'UTC')).toBe('2026-11-21');
    // Summer time: 22:30 UTC on 1 July is 00:30 on the 2nd in Paris (UTC+2).
    expect(dayOf(new Date('2026-07-01T22:30:00Z'), 'Europe/Paris')).toBe('2026-07-02');
    expect(dayOf(new Date('2026-01-01T22:30:00Z'), 'Europe/Paris')).toBe('2026-01-01');
  });

  it('keeps a late visitor’s scans and requests on one day in a buffered flush', async () => {
    const { repo } = fakeRepo();
    const counter = bufferedCounts(repo, { flushMs: 60_000 });
    await counter.add({ ...event('es'), at: new Date('2026-11-21T22:59:00Z') });
    await counter.add({ ...event('es'), at: new Date('2026-11-21T23:01:00Z') });
    await counter.flush();
    const days = vi.mocked(repo.add).mock.calls.map(([e, n]) => [dayOf(e.at, e.timeZone), n]);
    expect(days).toEqual([
      ['2026-11-21', 1],
      ['2026-11-22', 1],
    ]);
  });
});
