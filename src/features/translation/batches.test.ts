import { describe, expect, it } from 'vitest';
import { estimateTokens, makeBatches, runBounded, segmentTokens } from './batches.ts';
import { words } from './fixtures.ts';

const seg = (id: number, chars: number) => ({ id: String(id), text: 'a'.repeat(chars) });

describe('estimateTokens', () => {
  it('counts about 4 Latin characters, 1 CJK character a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('博物馆')).toBe(3);
    expect(estimateTokens('музей')).toBe(3);
  });
});

describe('makeBatches', () => {
  it('keeps order and stays within the budget', () => {
    const segments = Array.from({ length: 200 }, (_, i) => ({ id: String(i), text: words(30, i) }));
    const batches = makeBatches(segments, 1_500);
    expect(batches.flat()).toEqual(segments);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.reduce((n, s) => n + segmentTokens(s), 0)).toBeLessThanOrEqual(1_500);
    }
  });

  it('makes the largest batch as small as the fewest batches allow', () => {
    // 16 segments of 100 tokens: greedy packing would give 15 + 1; the translation waits for
    // the largest batch, so 8 + 8.
    const segments = Array.from({ length: 16 }, (_, i) => seg(i, 368));
    expect(segmentTokens(segments[0] ?? seg(0, 0))).toBe(100);
    expect(makeBatches(segments, 1_500).map((b) => b.length)).toEqual([8, 8]);
    // Uneven sizes: the split minimises the largest batch.
    const uneven = [seg(1, 4_000), seg(2, 400), seg(3, 400), seg(4, 400), seg(5, 2_000)];
    const batches = makeBatches(uneven, 1_500);
    expect(batches.map((b) => b.map((s) => s.id))).toEqual([['1'], ['2', '3', '4', '5']]);
  });

  it('sends a segment larger than the budget alone', () => {
    const batches = makeBatches([seg(1, 100), seg(2, 10_000), seg(3, 100)], 1_500);
    expect(batches.map((b) => b.map((s) => s.id))).toEqual([['1'], ['2'], ['3']]);
  });

  it('makes one batch of a small article and none of an empty one', () => {
    expect(makeBatches([seg(1, 10), seg(2, 10)])).toHaveLength(1);
    expect(makeBatches([])).toEqual([]);
  });
});

describe('runBounded', () => {
  it('runs at most `limit` tasks at once and keeps the order of results', async () => {
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 10 }, (_, i) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3) * 5));
      running -= 1;
      return i;
    });
    expect(await runBounded(tasks, 3)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
  });

  it('rejects when a task fails and starts no more', async () => {
    const started: number[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) => async () => {
      started.push(i);
      if (i === 1) throw new Error('boom');
      return i;
    });
    await expect(runBounded(tasks, 1)).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
  });

  it('resolves an empty list', async () => {
    expect(await runBounded([], 4)).toEqual([]);
  });
});
