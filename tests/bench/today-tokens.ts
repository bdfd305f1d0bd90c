import type { ArticleContent } from '../../src/features/articles/content.ts';
import { BATCH_TOKENS, makeBatches } from '../../src/features/translation/batches.ts';
import { systemPrompt, userMessage } from '../../src/features/translation/prompt.ts';
import { extractSegments } from '../../src/features/translation/segments.ts';
import { estimateTokens } from '../helpers/fake-openai.ts';

/**
 * A first translation's engine tokens as they were before the page was streamed (ADR 0020; one list of batches of about
 * BATCH_TOKENS, no first batch, each answered whole), counted as the fake engine counts the
 * calls it gets (about 4 characters a token of each message and of the answer's content), so
 * that a run's recorded tokens compare with it directly. The fake's answer to a batch is
 * `{"translations":[{"id","text":"[xx] text"}]}`, the ids local to the call as jobs.ts sends them.
 */
export function todayTokens(
  content: ArticleContent,
  sourceLang: string,
  targetLang: string,
  instructions: string,
): number {
  let tokens = 0;
  for (const batch of makeBatches(extractSegments(content), BATCH_TOKENS)) {
    const segments = batch.map((s, i) => ({ id: String(i + 1), text: s.text }));
    const input = { segments, sourceLang, targetLang, instructions };
    const answer = JSON.stringify({
      translations: segments.map((s) => ({ id: s.id, text: `[${targetLang}] ${s.text}` })),
    });
    tokens += estimateTokens(systemPrompt(input)) + estimateTokens(userMessage(input));
    tokens += estimateTokens(answer);
  }
  return tokens;
}
