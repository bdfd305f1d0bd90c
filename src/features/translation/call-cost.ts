import { estimateTokens, segmentTokens } from './batches.ts';
import { systemPrompt, userMessage } from './prompt.ts';
import type { SegmentText } from './segments.ts';

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
