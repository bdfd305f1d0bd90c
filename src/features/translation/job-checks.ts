import type { Logger } from '../../server/log.ts';
import { followGlossary } from './glossary-check.ts';
import type { JobRequest, JobState, KeyedSegment } from './job-types.ts';
import { secondOpinion } from './second-opinion.ts';

/**
 * The glossary entries a translation of the batch did not follow: that segment is sent once
 * more alone, then flagged if still not followed (glossary-check.ts, ADR 0015).
 */
export async function checkGlossary(
  log: Logger | undefined,
  request: JobRequest,
  batch: readonly KeyedSegment[],
  state: JobState,
  made: Record<string, string>,
): Promise<void> {
  const deps = { engine: state.engine, log, unavailable: state.unavailable };
  const pass = await followGlossary(deps, request, batch, made);
  state.calls += pass.calls;
  state.sent += pass.sent;
  state.unavailable ||= pass.unavailable;
  for (const [key, flag] of pass.flags) state.flags[key] = [...(state.flags[key] ?? []), flag];
}

/**
 * TRANSLATION_REVIEW=on: a second opinion on the batch's translations; one with a major error
 * is flagged `check` (second-opinion.ts). Nothing is lost when the review fails.
 */
export async function reviewBatch(
  log: Logger | undefined,
  request: JobRequest,
  batch: readonly KeyedSegment[],
  state: JobState,
  made: Record<string, string>,
): Promise<void> {
  const deps = { engine: state.engine, log, unavailable: state.unavailable };
  const opinion = await secondOpinion(deps, request, batch, made);
  state.calls += opinion.calls;
  state.sent += opinion.sent;
  for (const [key, flag] of opinion.flags) state.flags[key] = [...(state.flags[key] ?? []), flag];
}
