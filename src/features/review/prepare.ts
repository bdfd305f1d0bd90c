import { ApiError } from '../../server/http/errors.ts';
import type { Logger } from '../../server/log.ts';
import type { WorkEstimate } from '../translation/translator.ts';
import type { ReviewService } from './service.ts';
import type { StatusRepo } from './status-repo.ts';

/** Which articles and languages to prepare: one article, or every article of the museum. */
export interface PrepareScope {
  articleId?: number | undefined;
  langs: string[];
}

/** GET /api/read/translate_now: the museum's Translate now work in this process. */
export interface PrepareProgress {
  /** Work is going on. */
  running: boolean;
  /** Article-and-language pairs asked for since the work started, and how many are done. */
  total: number;
  done: number;
  /** Of the done ones, those left incomplete (the engine failed, or texts were refused). */
  incomplete: number;
}

interface Unit {
  articleId: number;
  lang: string;
}

/**
 * Translate now (issue 18, story 4): articles translated into chosen languages in the
 * background, so no visitor waits for them, one article and language after the other (each
 * one's batches go in parallel, as a visitor's would). The same after every save for the
 * museum's priority languages. Progress is this process's: the overview's counts, read from the
 * database, show what every process has done.
 */
export function prepareService(deps: {
  review: ReviewService;
  status: StatusRepo;
  configured: boolean;
  sourceLanguage: (museumId: number) => Promise<string>;
  priorityLanguages: (museumId: number) => Promise<string[]>;
  log?: Logger | undefined;
}) {
  /** Per museum: the units waiting, the tally, and the worker's promise while it runs. */
  const queues = new Map<
    number,
    { units: Unit[]; keys: Set<string>; total: number; done: number; incomplete: number }
  >();
  const workers = new Map<number, Promise<void>>();
  /** Saves whose priority languages are being read, before their work is queued. */
  const asking = new Set<Promise<void>>();

  async function articlesOf(museumId: number, scope: PrepareScope): Promise<number[]> {
    if (scope.articleId !== undefined) {
      // Another museum's article is not found (review.open answers 404).
      await deps.review.open(museumId, scope.articleId, scope.langs[0]!);
      return [scope.articleId];
    }
    return (await deps.status.articles(museumId)).map((a) => a.id);
  }

  async function checkLanguages(museumId: number, langs: readonly string[]): Promise<void> {
    const source = await deps.sourceLanguage(museumId);
    const index = langs.findIndex((l) => l.toLowerCase() === source.toLowerCase());
    if (index >= 0) {
      throw new ApiError(
        422,
        'invalid_body',
        `langs.${index}: ${langs[index]} is the museum’s own language: nothing to translate.`,
        { details: { field: `langs.${index}` } },
      );
    }
  }

  async function work(museumId: number): Promise<void> {
    const queue = queues.get(museumId);
    while (queue && queue.units.length > 0) {
      const unit = queue.units.shift()!;
      queue.keys.delete(`${unit.articleId}:${unit.lang}`);
      try {
        const { run } = await deps.review.open(museumId, unit.articleId, unit.lang);
        const result = await run.translate();
        if (!result.complete) queue.incomplete += 1;
        // Counted even when nothing was sent: the overview lists the language as prepared.
        await deps.review.recount(museumId, unit.articleId, unit.lang);
      } catch (error) {
        queue.incomplete += 1;
        // An article deleted meanwhile is simply skipped.
        if (!(error instanceof ApiError && error.status === 404)) {
          deps.log?.warn(`translate now: article ${unit.articleId}, ${unit.lang} failed`, error);
        }
      }
      queue.done += 1;
    }
  }

  /** Queues the units and starts the museum's worker if none runs: the worker's promise. */
  function enqueue(museumId: number, units: readonly Unit[]): Promise<void> {
    let queue = queues.get(museumId);
    if (!queue || !workers.has(museumId)) {
      queue = { units: [], keys: new Set(), total: 0, done: 0, incomplete: 0 };
      queues.set(museumId, queue);
    }
    for (const unit of units) {
      const key = `${unit.articleId}:${unit.lang}`;
      if (queue.keys.has(key)) continue;
      queue.keys.add(key);
      queue.units.push(unit);
      queue.total += 1;
    }
    let worker = workers.get(museumId);
    if (!worker) {
      worker = work(museumId).finally(() => workers.delete(museumId));
      workers.set(museumId, worker);
    }
    return worker;
  }

  return {
    /** What Translate now would cost, before it starts (the translator's estimate). */
    async estimate(
      museumId: number,
      scope: PrepareScope,
    ): Promise<WorkEstimate & { articles: number; langs: string[] }> {
      await checkLanguages(museumId, scope.langs);
      const ids = await articlesOf(museumId, scope);
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
     * Starts Translate now: the answer comes at once (202), the work goes on; `background`
     * is given the worker so a platform that stops after answering lets it finish.
     */
    async start(
      museumId: number,
      scope: PrepareScope,
      background?: (work: Promise<void>) => void,
    ): Promise<PrepareProgress & { articles: number; langs: string[] }> {
      if (!deps.configured) {
        throw new ApiError(503, 'no_engine', 'No translation engine is configured.');
      }
      await checkLanguages(museumId, scope.langs);
      const ids = await articlesOf(museumId, scope);
      const units = ids.flatMap((articleId) => scope.langs.map((lang) => ({ articleId, lang })));
      background?.(enqueue(museumId, units));
      return { ...this.progress(museumId), articles: ids.length, langs: scope.langs };
    },

    progress(museumId: number): PrepareProgress {
      const queue = queues.get(museumId);
      return {
        running: workers.has(museumId),
        total: queue?.total ?? 0,
        done: queue?.done ?? 0,
        incomplete: queue?.incomplete ?? 0,
      };
    },

    /**
     * After a save: the museum's priority languages prepared in the background. Nothing
     * without an engine or priority languages; the worker's promise otherwise.
     */
    afterSave(museumId: number, articleId: number): Promise<void> {
      if (!deps.configured) return Promise.resolve();
      const run = (async () => {
        const source = (await deps.sourceLanguage(museumId)).toLowerCase();
        const langs = (await deps.priorityLanguages(museumId)).filter(
          (l) => l.toLowerCase() !== source,
        );
        if (langs.length === 0) return;
        await enqueue(
          museumId,
          langs.map((lang) => ({ articleId, lang })),
        );
      })().catch((error: unknown) => {
        deps.log?.warn(`priority languages of article ${articleId} not prepared`, error);
      });
      // Counted as work from the start: settled() waits for the settings read too.
      asking.add(run);
      void run.finally(() => asking.delete(run));
      return run;
    },

    /** Resolves when no museum's work is running or about to (tests). */
    async settled(): Promise<void> {
      while (workers.size > 0 || asking.size > 0) {
        await Promise.all([...workers.values(), ...asking]);
      }
    },
  };
}

export type PrepareService = ReturnType<typeof prepareService>;
