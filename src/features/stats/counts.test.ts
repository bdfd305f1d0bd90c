import { describe, expect, it, vi } from 'vitest';
import { bufferedCounts, type CountEvent, type CountsRepo } from './counts.ts';

const at = new Date('2026-11-21T10:00:00Z');
const event = (language: string): CountEvent => ({
  museumId: 1,
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
});
