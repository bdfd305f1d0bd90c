import { makeBatches } from './batches.ts';
import { batchTokens } from './call-cost.ts';
import type { KeyedSegment } from './job-types.ts';
import type { ArticleRequest, WorkEstimate } from './translator-types.ts';

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
