import type { Logger } from '../../server/log.ts';
import type { Engine } from './engine-types.ts';
import type { SegmentFlag } from './flags.ts';
import { followGlossary } from './glossary-check.ts';
import type { JobRequest, JobState, KeyedSegment } from './job-types.ts';
import { secondOpinion } from './second-opinion.ts';

/** One batch of a job at work: what it asks, its segments, the job's tally, what it made. */
export interface BatchWork {
  request: JobRequest;
  batch: readonly KeyedSegment[];
  /** The job's running tally: calls, segments sent, refusals, flags. */
  state: JobState;
  /** Translations made by the job so far, by key; the batch's are added here. */
  made: Record<string, string>;
  log?: Logger | undefined;
}

/** What a check of a batch's translations cost and found. */
interface CheckPass {
  calls: number;
  sent: number;
  /** The engine could not be reached: the job sends nothing more. */
  unavailable?: boolean;
  /** By segment key: what the check found. */
  flags: Map<string, SegmentFlag>;
}

type BatchCheck = (
  deps: { engine: Engine; log?: Logger | undefined; unavailable: boolean },
  request: JobRequest,
  batch: readonly KeyedSegment[],
  made: Record<string, string>,
) => Promise<CheckPass>;

/**
 * The checks after a batch is translated, in order: the glossary entries a translation did not
 * follow (that segment sent once more alone, then flagged if still not followed; ADR 0015),
 * then, with TRANSLATION_REVIEW=on, a second opinion (a translation with a major error flagged
 * `check`; nothing is lost when the review fails).
 */
const CHECKS: readonly BatchCheck[] = [followGlossary, secondOpinion];

/** Runs the checks on a batch's translations, each one's calls and flags added to the job's. */
export async function checkBatch(work: BatchWork): Promise<void> {
  const { state } = work;
  for (const check of CHECKS) {
    const deps = { engine: state.engine, log: work.log, unavailable: state.unavailable };
    const pass = await check(deps, work.request, work.batch, work.made);
    state.calls += pass.calls;
    state.sent += pass.sent;
    state.unavailable ||= pass.unavailable ?? false;
    for (const [key, flag] of pass.flags) state.flags[key] = [...(state.flags[key] ?? []), flag];
  }
}
