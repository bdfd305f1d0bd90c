import { ApiError } from '../../server/http/errors.ts';
import { isOffered } from '../languages/offered.ts';
import { sameLanguage } from '../languages/catalogue.ts';
import type { WorkEstimate } from '../translation/translator-types.ts';
import { budgetReached } from './budget.ts';
import { preparedLanguages } from './prepare-languages.ts';
import {
  budgetPaused,
  prepareWorkers,
  type PrepareDeps,
  type PrepareWorkers,
} from './prepare-worker.ts';

/** Which articles and languages to prepare: one article, or every article of the museum. */
export interface PrepareScope {
  articleId?: number | undefined;
  langs: string[];
}

/** GET /api/read/translate_now: the museum's Translate now work, as the database holds it. */
export interface PrepareProgress {
  /** Article-and-language pairs waiting or being translated, in every process. */
  waiting: number;
  /** Work is going on (some pair waits). */
  running: boolean;
}

/** POST /api/manage/translate_now's answer (202). */
export interface PrepareStarted extends PrepareProgress {
  articles: number;
  langs: string[];
  /** Pairs this call queued. */
  queued: number;
}

async function articlesOf(
  deps: PrepareDeps,
  museumId: number,
  scope: PrepareScope,
): Promise<number[]> {
  if (scope.articleId !== undefined) {
    // Another museum's article is not found (review.open answers 404).
    await deps.review.open(museumId, scope.articleId, scope.langs[0]!);
    return [scope.articleId];
  }
  return (await deps.status.articles(museumId)).map((a) => a.id);
}

async function progressOf(deps: PrepareDeps, museumId: number): Promise<PrepareProgress> {
  const waiting = await deps.queue.waiting(museumId);
  return { waiting, running: waiting > 0 };
}

/** Translate now asked for by the curator: its cost first, then the work started. */
function prepareAsked(deps: PrepareDeps, { kick, quietly }: PrepareWorkers) {
  const { checkLanguages } = preparedLanguages(deps);
  return {
    /** What Translate now would cost, before it starts (the translator's estimate). */
    async estimate(
      museumId: number,
      scope: PrepareScope,
    ): Promise<WorkEstimate & { articles: number; langs: string[] }> {
      await checkLanguages(museumId, scope.langs);
      const ids = await articlesOf(deps, museumId, scope);
      const total: WorkEstimate = { segments: 0, batches: 0, tokens: 0 };
      for (const articleId of ids) {
        for (const lang of scope.langs) {
          const { run } = await deps.review.open(museumId, articleId, lang);
          const one = run.estimate();
          total.segments += one.segments;
          total.batches += one.batches;
          total.tokens += one.tokens;
        }
      }
      return { ...total, articles: ids.length, langs: scope.langs };
    },

    /**
     * Starts Translate now: the pairs queued, a worker started, the answer at once (202);
     * `background` is given the worker so a platform that stops after answering lets it run.
     */
    async start(
      museumId: number,
      scope: PrepareScope,
      background?: (work: Promise<unknown>) => void,
    ): Promise<PrepareStarted> {
      if (!deps.configured) {
        throw new ApiError(503, 'no_engine', 'No translation engine is configured.');
      }
      if (await budgetPaused(deps, museumId)) throw budgetReached();
      await checkLanguages(museumId, scope.langs);
      const ids = await articlesOf(deps, museumId, scope);
      const units = ids.flatMap((articleId) => scope.langs.map((lang) => ({ articleId, lang })));
      // Tried at once, whatever the back-off of a pair that kept failing said.
      await deps.failures?.clearLanguages(museumId, scope.langs, scope.articleId);
      await deps.queue.add(museumId, units);
      const worker = quietly(kick(museumId));
      background?.(worker);
      return {
        ...(await progressOf(deps, museumId)),
        articles: ids.length,
        langs: scope.langs,
        queued: units.length,
      };
    },
  };
}

/** The work kept going: after saves, while the curator watches, and on a schedule. */
function prepareKept(deps: PrepareDeps, { workers, kick, quietly }: PrepareWorkers) {
  /** Saves whose priority languages are being read, before their pairs are queued. */
  const asking = new Set<Promise<void>>();

  /** The museum's priority languages to prepare after a save (none offered: none). */
  async function priorityOf(museumId: number): Promise<string[]> {
    const source = await deps.sourceLanguage(museumId);
    const offered = (await deps.visitorLanguages?.(museumId)) ?? null;
    return (await deps.priorityLanguages(museumId)).filter(
      (l) => !sameLanguage(l, source) && isOffered(l, offered, source),
    );
  }

  return {
    /**
     * The museum's progress; while pairs wait and no worker of this process runs, one starts:
     * the curator's page watching the work keeps it going from whichever process answers.
     */
    async progress(
      museumId: number,
      background?: (work: Promise<unknown>) => void,
    ): Promise<PrepareProgress> {
      const state = await progressOf(deps, museumId);
      if (state.running && deps.configured && !workers.has(museumId)) {
        background?.(quietly(kick(museumId)));
      }
      return state;
    },

    /**
     * After a save: the museum's priority languages queued and a worker started. Nothing
     * without an engine or priority languages.
     */
    afterSave(museumId: number, articleId: number): Promise<void> {
      if (!deps.configured) return Promise.resolve();
      const run = (async () => {
        const langs = await priorityOf(museumId);
        if (langs.length === 0 || (await budgetPaused(deps, museumId))) return;
        await deps.queue.add(
          museumId,
          langs.map((lang) => ({ articleId, lang })),
        );
        void quietly(kick(museumId));
      })().catch((error: unknown) => {
        deps.log?.warn(`priority languages of article ${articleId} not prepared`, error);
      });
      // Counted as work from the start: settled() waits for the settings read too.
      asking.add(run);
      void run.finally(() => asking.delete(run));
      return run;
    },

    /**
     * Every museum's waiting pairs, for `budgetMs` (the scheduled function, the Node server
     * every minute): pairs done. Fails when the queue cannot be read.
     */
    drain(budgetMs = deps.budgetMs): Promise<number> {
      if (!deps.configured) return Promise.resolve(0);
      return kick(undefined, budgetMs);
    },

    /** Resolves when this process's workers have stopped, and the saves' asks are queued. */
    async settled(): Promise<void> {
      while (workers.size > 0 || asking.size > 0) {
        await Promise.all([...[...workers.values()].map(quietly), ...asking]);
      }
    },
  };
}

/**
 * Translate now: articles translated into chosen languages in the
 * background, so no visitor waits for them, and the museum's priority languages after every
 * save. The pairs wait in the database (queue-repo.ts): a process works through them one after
 * the other (each one's batches in parallel, as a visitor's reading would), for as long as its
 * budget allows (without end on the Node server; on Netlify within a function's limit), and any
 * later call takes up the rest: the curator's page asking for progress, the next Translate now,
 * the scheduled function (netlify/functions/prepare.mts).
 */
export function prepareService(deps: PrepareDeps) {
  const workers = prepareWorkers(deps);
  return { ...prepareAsked(deps, workers), ...prepareKept(deps, workers) };
}

export type PrepareService = ReturnType<typeof prepareService>;
