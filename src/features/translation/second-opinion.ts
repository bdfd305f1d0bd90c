import type { Logger } from '../../server/log.ts';
import type { Engine } from './engine-types.ts';
import type { SegmentFlag } from './flags.ts';

/** What a batch's second opinion cost and found: `check` flags by segment key. */
export interface SecondOpinion {
  calls: number;
  sent: number;
  flags: Map<string, SegmentFlag>;
}

/** The most of a flag's detail (flags.ts keeps 2,000 characters). */
const DETAIL_CHARS = 2_000;

/**
 * The second opinion on a batch's stored translations (TRANSLATION_REVIEW=on, ADR 0016): one
 * engine call (engine.ts review) lists each translation's errors; a translation with a major
 * error is kept and flagged `check`, its detail '<category>: <words>' for each major error. A
 * failed or bad review flags nothing and loses nothing: it is said in the log.
 */
export async function secondOpinion(
  deps: { engine: Engine; log?: Logger | undefined; unavailable: boolean },
  request: { articleId: number | string; sourceLang: string; targetLang: string },
  batch: readonly { text: string; key: string }[],
  made: Readonly<Record<string, string>>,
): Promise<SecondOpinion> {
  const none: SecondOpinion = { calls: 0, sent: 0, flags: new Map() };
  const review = deps.engine.review;
  const translated = batch.filter((s) => made[s.key] !== undefined);
  if (!review || deps.unavailable || translated.length === 0) return none;
  // Ids local to the call, as for the translation.
  const segments = translated.map((s, i) => ({
    id: String(i + 1),
    source: s.text,
    text: made[s.key] ?? '',
  }));
  const outcome: SecondOpinion = { calls: 1, sent: segments.length, flags: new Map() };
  let answer;
  try {
    answer = await review({
      segments,
      sourceLang: request.sourceLang,
      targetLang: request.targetLang,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    deps.log?.warn(
      `translation: second opinion failed (${why}), translations kept unflagged: ` +
        `article ${request.articleId}, ${request.targetLang}, ${segments.length} segment(s)`,
    );
    return outcome;
  }
  translated.forEach((s, i) => {
    const major = (answer[String(i + 1)] ?? []).filter((e) => e.severity === 'major');
    if (major.length === 0) return;
    const detail = major.map((e) => `${e.category}: ${e.words}`).join('; ');
    outcome.flags.set(s.key, { kind: 'check', detail: detail.slice(0, DETAIL_CHARS) });
  });
  return outcome;
}
