import { clean, segmentProblem } from './answer.ts';
import type { AnswerLanguages } from './answer.ts';
import { answerEntries } from './answer-stream.ts';
import type { SegmentText } from './segments.ts';

/**
 * What reads a streamed answer ahead: each entry of an id sent, its text checked alone once
 * the language identifier is there, told to `onText` when it passes.
 */
export function readAhead(
  segments: readonly SegmentText[],
  languages: AnswerLanguages,
  identifier: Promise<unknown> | undefined,
  onText: (id: string, text: string) => void,
): (delta: string) => Promise<void> {
  const sources = new Map(segments.map((s) => [s.id, s.text]));
  const arrived: [string, string][] = [];
  const entries = answerEntries((id, text) => {
    if (sources.has(id)) arrived.push([id, clean(text)]);
    // Reading ahead is a bonus: without its parser the whole answer still comes, checked.
  }).catch(() => ({ write: () => {} }));
  return async (delta) => {
    // Deltas wait for the reader in the order they came.
    (await entries).write(delta);
    if (arrived.length === 0) return;
    await identifier;
    for (const [id, text] of arrived.splice(0)) {
      if (segmentProblem(sources.get(id) ?? '', text, languages) === undefined) onText(id, text);
    }
  };
}
