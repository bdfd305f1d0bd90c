import type { Logger } from '../../server/log.ts';
import type { Engine } from './engine-types.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import type { SegmentFlag } from './flags.ts';
import { unfollowed, type GlossaryHint } from './glossary-match.ts';
import type { SegmentText } from './segments.ts';

/** A segment of a batch, as the job knows it. */
export interface GlossarySegment {
  key: string;
  text: string;
  reference?: SegmentText['reference'];
  glossary?: readonly GlossaryHint[] | undefined;
}

export interface GlossaryOutcome {
  /** Engine calls made (one per retried segment) and segments sent. */
  calls: number;
  sent: number;
  /** The engine could not be reached: the job sends nothing more. */
  unavailable: boolean;
  /** By segment key: the glossary not followed, even after the retry. */
  flags: Map<string, SegmentFlag>;
}

const flagOf = (missed: readonly GlossaryHint[]): SegmentFlag => ({
  kind: 'glossary',
  detail: missed.map((h) => h.term).join(', '),
});

/**
 * After a batch (ADR 0015): each translation is checked against the glossary entries its source
 * holds. One that did not follow them all is sent once more, alone, its entries not followed
 * marked (the prompt names them). The better of the two translations is kept (the one that
 * misses fewer entries; the retry on a tie); if it still misses some, it is stored all the same,
 * flagged 'glossary' with the terms not followed, for the museum to check. `out` (key →
 * translation) is updated in place.
 */
export async function followGlossary(
  deps: { engine: Engine; log?: Logger | undefined; unavailable: boolean },
  request: {
    articleId: number | string;
    sourceLang: string;
    targetLang: string;
    instructions: string;
  },
  batch: readonly GlossarySegment[],
  out: Record<string, string>,
): Promise<GlossaryOutcome> {
  const outcome: GlossaryOutcome = {
    calls: 0,
    sent: 0,
    unavailable: deps.unavailable,
    flags: new Map(),
  };
  for (const segment of batch) {
    const first = out[segment.key];
    if (!segment.glossary?.length || first === undefined) continue;
    const missed = unfollowed(segment.glossary, segment.text, first);
    if (missed.length === 0) continue;
    if (outcome.unavailable) {
      outcome.flags.set(segment.key, flagOf(missed));
      continue;
    }
    const where = `article ${request.articleId}, ${request.targetLang}`;
    const terms = missed.map((h) => JSON.stringify(h.term)).join(', ');
    deps.log?.warn(`translation: glossary not followed (${terms}), trying again: ${where}`);
    const glossary = segment.glossary.map((h) =>
      missed.includes(h) ? { ...h, missed: true as const } : h,
    );
    outcome.calls += 1;
    outcome.sent += 1;
    let second: string | undefined;
    try {
      const answer = await deps.engine.translate({
        segments: [
          {
            id: '1',
            text: segment.text,
            ...(segment.reference && { reference: segment.reference }),
            glossary,
          },
        ],
        sourceLang: request.sourceLang,
        targetLang: request.targetLang,
        instructions: request.instructions,
      });
      second = answer.translations['1'];
    } catch (error) {
      if (error instanceof EngineUnavailableError) outcome.unavailable = true;
      else if (!(error instanceof BadAnswerError)) {
        deps.log?.error(`translation: unexpected failure of a glossary retry: ${where}`, error);
      }
    }
    const missedAgain =
      second === undefined ? undefined : unfollowed(segment.glossary, segment.text, second);
    const kept = missedAgain !== undefined && missedAgain.length <= missed.length;
    if (kept) out[segment.key] = second!;
    const still = kept ? missedAgain : missed;
    if (still.length > 0) {
      deps.log?.warn(`translation: glossary still not followed, flagged: ${where}`);
      outcome.flags.set(segment.key, flagOf(still));
    }
  }
  return outcome;
}
