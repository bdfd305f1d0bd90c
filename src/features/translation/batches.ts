import type { SegmentText } from './segments.ts';

/** About 1,500 source tokens a batch: small enough to land early, large enough to keep context. */
export const BATCH_TOKENS = 1_500;

/** The JSON around a segment in the request: `{"id":"12","text":""},`. */
const SEGMENT_OVERHEAD = 8;

/**
 * A cheap token estimate for budgeting, not billing: about 4 characters a token for Latin text,
 * 2 for other alphabets, 1 for Chinese, Japanese and Korean characters.
 */
export function estimateTokens(text: string): number {
  let quarters = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) quarters += 1;
    else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch)) {
      quarters += 4;
    } else quarters += 2;
  }
  return Math.ceil(quarters / 4);
}

export const segmentTokens = (segment: SegmentText): number =>
  estimateTokens(segment.text) + SEGMENT_OVERHEAD;

/** Greedy packing under `cap`: the index where each batch starts. */
function pack(sizes: readonly number[], cap: number): number[] {
  const starts: number[] = [];
  let used = 0;
  sizes.forEach((size, i) => {
    if (starts.length === 0 || used + size > cap) {
      starts.push(i);
      used = 0;
    }
    used += size;
  });
  return starts;
}

/**
 * Splits segments into batches of at most `maxTokens` estimated tokens, in order. Of the
 * splits into the fewest batches, it takes the one whose largest batch is smallest (the whole
 * translation waits for that one): 16 segments of 100 tokens make 8 + 8, not 15 + 1. A segment
 * larger than the budget goes alone.
 */
export function makeBatches<T extends SegmentText>(
  segments: readonly T[],
  maxTokens = BATCH_TOKENS,
): T[][] {
  if (segments.length === 0) return [];
  const sizes = segments.map(segmentTokens);
  const fewest = pack(sizes, maxTokens).length;
  // The smallest cap that still needs no more batches (binary search: fewer batches as the
  // cap grows).
  let low = Math.min(maxTokens, Math.max(...sizes));
  let high = maxTokens;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (pack(sizes, mid).length <= fewest) high = mid;
    else low = mid + 1;
  }
  const starts = pack(sizes, low);
  return starts.map((start, b) => segments.slice(start, starts[b + 1] ?? segments.length));
}

/**
 * Runs tasks with at most `limit` at a time and resolves with their results in order. A task
 * that throws rejects the whole; tasks not yet started then never start.
 */
export async function runBounded<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (!task) continue;
      try {
        results[index] = await task();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker);
  await Promise.all(workers);
  return results;
}
