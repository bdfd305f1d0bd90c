import { estimateTokens, makeBatches, segmentTokens } from './batches.ts';
import type { KeyedSegment } from './job-types.ts';
import { systemPrompt, userMessage } from './prompt.ts';
import type { SegmentText } from './segments.ts';
import type { ArticleRequest, WorkEstimate } from './translator-types.ts';

/** What one engine call translating `segments` costs: its prompt, then an answer of about their size. */
export function batchTokens(input: {
  segments: readonly SegmentText[];
  sourceLang: string;
  targetLang: string;
  instructions: string;
}): number {
  return (
    estimateTokens(systemPrompt(input)) +
    estimateTokens(userMessage(input)) +
    input.segments.reduce((sum, s) => sum + segmentTokens(s), 0)
  );
}

/**
 * Each batch costs its prompt (the rules, then the segments as JSON) and its answer, about the
 * size of the segments it translates.
 */
export function estimateWork(
  request: ArticleRequest,
  missing: readonly KeyedSegment[],
  maxBatchTokens: number,
): WorkEstimate {
  if (missing.length === 0) return { segments: 0, batches: 0, tokens: 0 };
  const batches = makeBatches(missing, maxBatchTokens);
  let tokens = 0;
  for (const segments of batches) {
    const { sourceLang, targetLang, instructions } = request;
    tokens += batchTokens({ segments, sourceLang, targetLang, instructions });
  }
  return { segments: missing.length, batches: batches.length, tokens };
}
