import { ApiError } from '../../server/http/errors.ts';
import { errorReason } from '../../server/db/errors.ts';
import { reasonOf, type FailuresRepo } from '../translation/failures.ts';
import type { TranslationResult } from '../translation/translator-types.ts';
import type { Logger } from '../../server/log.ts';
import type { QueueRepo, QueuedUnit } from './queue-repo.ts';
import type { ReviewService } from './service.ts';
import type { StatusRepo } from './status-repo.ts';
import { preparedLanguages } from './prepare-languages.ts';

/** What Translate now reads, queues and translates through. */
export interface PrepareDeps {
  review: ReviewService;
  status: StatusRepo;
  queue: QueueRepo;
  /** Failed translations' back-off: Translate now tries a pair at once, and records how it went. */
  failures?: Pick<FailuresRepo, 'clear' | 'clearLanguages' | 'failed'> | undefined;
  configured: boolean;
  sourceLanguage: (museumId: number) => Promise<string>;
  priorityLanguages: (museumId: number) => Promise<string[]>;
  /** The languages the museum's visitors may choose (null: all); not given: all. */
  visitorLanguages?: (museumId: number) => Promise<readonly string[] | null>;
  /** How long one worker starts new pairs; Infinity: until the queue is empty. */
  budgetMs: number;
  log?: Logger | undefined;
  now?: () => number;
  /** The time a failure is recorded at (the app's clock). */
  clock?: (() => Date) | undefined;
  /** The museum's monthly engine budget: reached, no new translation starts. */
  budget?: { translationPaused(museumId: number): Promise<boolean> } | undefined;
}

/** The museum's monthly engine budget is reached: no new translation starts. */
export const budgetPaused = (deps: PrepareDeps, museumId: number): Promise<boolean> =>
  deps.budget?.translationPaused(museumId) ?? Promise.resolve(false);

/** A pair's translation left unfinished: recorded for the back-off, or its failure cleared. */
async function recordOutcome(
  deps: PrepareDeps,
  unit: QueuedUnit,
  run: { missing: number },
  result: TranslationResult,
  generation: number,
  clock: () => Date,
): Promise<void> {
  // Calls the budget held back (ADR 0034) failed nothing: the pair is no failure.
  if (result.held) return;
  if (run.missing > 0 && !result.complete) {
    // Visitors do not try it again at once either: the overview shows it failing.
    const pair = { museumId: unit.museumId, articleId: unit.articleId, language: unit.lang };
    await deps.failures?.failed(
      { ...pair, generation },
      reasonOf(result),
      result.untranslated,
      clock(),
    );
  } else if (run.missing > 0) await deps.failures?.clear(unit.articleId, unit.lang);
  if (!result.complete) {
    deps.log?.warn(
      `translate now: article ${unit.articleId}, ${unit.lang}: ${result.untranslated} text(s) left untranslated`,
    );
  }
}

/** One queued pair translated, counted for the overview, and taken off the queue. */
async function translate(
  deps: PrepareDeps,
  stillOffered: (unit: QueuedUnit) => Promise<boolean>,
  clock: () => Date,
  unit: QueuedUnit,
): Promise<void> {
  try {
    if (await budgetPaused(deps, unit.museumId)) {
      // Dropped, not kept waiting: Translate now is refused until the next month.
      deps.log?.warn(
        `translate now: article ${unit.articleId}, ${unit.lang} not translated: the museum's token budget is reached`,
      );
      return;
    }
    if (!(await stillOffered(unit))) return;
    const { run, row } = await deps.review.open(unit.museumId, unit.articleId, unit.lang);
    const result = await run.translate();
    await recordOutcome(deps, unit, run, result, row.translationGeneration, clock);
    // Counted even when nothing was sent: the overview lists the language as prepared.
    await deps.review.recount(unit.museumId, unit.articleId, unit.lang);
  } catch (error) {
    // An article deleted meanwhile, or the museum's own language now: nothing to do.
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 422))) {
      deps.log?.warn(`translate now: article ${unit.articleId}, ${unit.lang} failed`, error);
    }
  } finally {
    await deps.queue.done(unit);
  }
}

/** This process's workers, which take pairs from the queue one after the other. */
export function prepareWorkers(deps: PrepareDeps) {
  const now = deps.now ?? (() => performance.now());
  const clock = deps.clock ?? (() => new Date());
  /** This process's workers, by museum ('*': every museum, the scheduled drain). */
  const workers = new Map<number | '*', Promise<number>>();
  const { stillOffered } = preparedLanguages(deps);

  /** Pairs taken from the queue one after the other until none waits or the budget is spent. */
  async function work(museumId: number | undefined, budgetMs: number): Promise<number> {
    const started = now();
    let done = 0;
    while (now() - started < budgetMs) {
      const unit = await deps.queue.claim(museumId);
      if (!unit) break;
      await translate(deps, stillOffered, clock, unit);
      done += 1;
    }
    return done;
  }

  /**
   * This process's worker for the museum, started if none runs: its promise, which fails when
   * the queue cannot be read (the database is down). `quietly` for work nobody awaits.
   */
  function kick(museumId: number | undefined, budgetMs = deps.budgetMs): Promise<number> {
    const key = museumId ?? '*';
    let worker = workers.get(key);
    if (!worker) {
      worker = work(museumId, budgetMs).finally(() => workers.delete(key));
      workers.set(key, worker);
    }
    return worker;
  }

  /** A worker's promise that never fails: a failure is logged (it is tried again later). */
  const quietly = (worker: Promise<number>): Promise<number> =>
    worker.catch((error: unknown) => {
      deps.log?.warn(`translate now: the queue could not be read (${errorReason(error)})`);
      return 0;
    });

  return { workers, kick, quietly };
}

export type PrepareWorkers = ReturnType<typeof prepareWorkers>;
