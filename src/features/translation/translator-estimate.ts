import { estimateTokens, makeBatches, segmentTokens } from './batches.ts';
import type { KeyedSegment } from './job-types.ts';
import { systemPrompt, userMessage } from './prompt.ts';
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
  for (const batch of batches) {
    const input = {
      segments: batch,
      sourceLang: request.sourceLang,
      targetLang: request.targetLang,
      instructions: request.instructions,
    };
    tokens += estimateTokens(systemPrompt(input)) + estimateTokens(userMessage(input));
    tokens += batch.reduce((sum, s) => sum + segmentTokens(s), 0);
  }
  return { segments: missing.length, batches: batches.length, tokens };
}
