import type { ArticleContent } from '../../src/features/articles/content.ts';
import {
  BATCH_TOKENS,
  estimateTokens,
  makeBatches,
  planBatches,
  segmentTokens,
} from '../../src/features/translation/batches.ts';
import { systemPrompt, userMessage } from '../../src/features/translation/prompt.ts';
import { extractSegments, type SegmentText } from '../../src/features/translation/segments.ts';

/** Estimated engine tokens of a plan: each batch's prompt and an answer the size of its texts. */
function tokensOf(
  batches: readonly (readonly SegmentText[])[],
  sourceLang: string,
  targetLang: string,
  instructions: string,
): number {
  let tokens = 0;
  for (const segments of batches) {
    const input = { segments, sourceLang, targetLang, instructions };
    tokens += estimateTokens(systemPrompt(input)) + estimateTokens(userMessage(input));
    tokens += segments.reduce((sum, s) => sum + segmentTokens(s), 0);
  }
  return tokens;
}

/**
 * A first translation's estimated engine tokens as planned today (one list of batches of about
 * BATCH_TOKENS) and by this code's plan.
 */
export function plannedTokens(
  content: ArticleContent,
  sourceLang: string,
  targetLang: string,
  instructions: string,
): { today: number; now: number } {
  const segments = extractSegments(content);
  const today = tokensOf(makeBatches(segments, BATCH_TOKENS), sourceLang, targetLang, instructions);
  const now = tokensOf(planBatches(segments, BATCH_TOKENS), sourceLang, targetLang, instructions);
  return { today, now };
}
