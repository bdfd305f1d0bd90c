import { createHash } from 'node:crypto';
import type { Logger } from '../../server/log.ts';
import type { ArticleContent } from '../articles/content.ts';
import { BATCH_TOKENS, makeBatches, runBounded } from './batches.ts';
import type { Engine } from './engine.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { segmentKey } from './keys.ts';
import { sameLanguage } from '../languages/index.ts';
import type { TranslationMemory } from './memory.ts';
import { applyTranslations, extractSegments } from './segments.ts';

export interface TranslatorOptions {
  /** undefined when no engine is configured: visitors read the original. */
  engine: Engine | undefined;
  memory: TranslationMemory;
  /** The model in the memory keys; the engine's own by default. */
  model?: string | undefined;
  /** Batches of one article in flight at once. */
  concurrency?: number;
  maxBatchTokens?: number;
  log?: Logger | undefined;
}

export interface ArticleRequest {
  articleId: number | string;
  /** The article's translation generation, raised by Reset translations. */
  generation: number;
  content: ArticleContent;
  instructions: string;
  sourceLang: string;
  targetLang: string;
}

export interface TranslateArticleRequest extends ArticleRequest {
  /** Stops this caller's wait (the visitor left); the shared job goes on and is stored. */
  signal?: AbortSignal | undefined;
  /** Only what is stored is applied: the engine is not called (a pause after a failure). */
  storedOnly?: boolean | undefined;
}

export interface TranslationResult {
  /** The article with every translated text in place; the others show their source text. */
  content: ArticleContent;
  /** Every segment is translated (or nothing needed translating). */
  complete: boolean;
  /** Segments shown in their source text: not translated, or refused. */
  untranslated: number;
  /**
   * Of those, the ones whose translation this request's job refused twice (answer.ts's checks):
   * the engine answered, and the text stays in the source language, not stored (DESIGN 6.8).
   */
  refused: number;
  /**
   * Engine calls (retries included) and segments sent by the job this request started. A
   * request that joined another's job, or was served from memory, reports 0: summed over
   * requests they count the real work.
   */
  engineCalls: number;
  segmentsSent: number;
}

export interface Estimate {
  /** Translatable segments in the article. */
  segments: number;
  /** Segments that would go to the engine now: 0 for the source language or without engine. */
  missing: number;
  /** Engine batches they make. */
  batches: number;
}

export interface Translator {
  /** An engine is configured: without one, visitors read the original. */
  readonly configured: boolean;
  translateArticle(request: TranslateArticleRequest): Promise<TranslationResult>;
  /** A translation job of this article and language is running (show progress). */
  pending(articleId: number | string, generation: number, lang: string): boolean;
  /** Batches finished and planned by the running jobs, or undefined when none runs. */
  progress(
    articleId: number | string,
    generation: number,
    lang: string,
  ): { done: number; batches: number } | undefined;
  /** What a request would cost now, without calling the engine. */
  estimate(request: ArticleRequest): Promise<Estimate>;
}

interface KeyedSegment {
  id: string;
  text: string;
  key: string;
}

interface JobOutcome {
  /** segment key → translated text, for the keys the job was asked for. */
  translations: Record<string, string>;
  /** Keys whose translation was refused by the checks on both tries. */
  refused: readonly string[];
  engineCalls: number;
  segmentsSent: number;
}

interface Job {
  articleId: string;
  generation: number;
  lang: string;
  done: number;
  batches: number;
  promise: Promise<JobOutcome>;
}

const NO_WORK: JobOutcome = { translations: {}, refused: [], engineCalls: 0, segmentsSent: 0 };

export function createTranslator(options: TranslatorOptions): Translator {
  const { engine, memory, log } = options;
  const model = options.model ?? engine?.model ?? '';
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxBatchTokens = options.maxBatchTokens ?? BATCH_TOKENS;
  /** Single flight (DESIGN 6.4): running jobs by article, generation, language and keys. */
  const jobs = new Map<string, Job>();

  function keyed(request: ArticleRequest): KeyedSegment[] {
    return extractSegments(request.content).map((segment) => ({
      ...segment,
      key: segmentKey({
        source: segment.text,
        target: request.targetLang,
        instructions: request.instructions,
        model,
      }),
    }));
  }

  async function readMemory(
    request: ArticleRequest,
    fresh = false,
  ): Promise<Readonly<Record<string, string>>> {
    try {
      return await memory.read(request.articleId, request.generation, request.targetLang, {
        fresh,
      });
    } catch (error) {
      // Without memory the article is translated again: slower, never a failed page.
      log?.warn('translation memory: read failed', error);
      return {};
    }
  }

  /** The segments to translate, one per distinct key (a text repeated is sent once). */
  function missingOf(
    segments: readonly KeyedSegment[],
    stored: Readonly<Record<string, string>>,
  ): KeyedSegment[] {
    const seen = new Set<string>();
    return segments.filter((s) => {
      if (Object.hasOwn(stored, s.key) || seen.has(s.key)) return false;
      seen.add(s.key);
      return true;
    });
  }

  async function translateBatch(
    request: ArticleRequest,
    batch: readonly KeyedSegment[],
    state: { calls: number; sent: number; unavailable: boolean; refused: string[] },
    out: Record<string, string>,
  ): Promise<void> {
    if (!engine) return;
    /** The last try ended with texts refused by the checks (not a bad answer as a whole). */
    let refusedLast = false;
    // A bad batch is sent once more whole; segments whose text failed the checks are sent once
    // more on their own. What fails twice shows its source text and is not stored.
    let pending: readonly KeyedSegment[] = batch;
    for (let attempt = 1; attempt <= 2 && pending.length > 0 && !state.unavailable; attempt++) {
      // Ids local to the call: short (fewer tokens), and an answer can only name its own batch.
      const segments = pending.map((s, i) => ({ id: String(i + 1), text: s.text }));
      const where = `article ${request.articleId}, ${request.targetLang}, ${segments.length} segment(s)`;
      const next = attempt === 1 ? 'trying again' : 'giving up';
      state.calls += 1;
      state.sent += segments.length;
      try {
        const answer = await engine.translate({
          segments,
          sourceLang: request.sourceLang,
          targetLang: request.targetLang,
          instructions: request.instructions,
        });
        const refused: KeyedSegment[] = [];
        pending.forEach((s, i) => {
          const text = answer.translations[String(i + 1)];
          if (text !== undefined) out[s.key] = text;
          else refused.push(s);
        });
        if (refused.length > 0) {
          const reasons = [...new Set(Object.values(answer.rejected))].join(', ');
          log?.warn(
            `translation: ${refused.length} text(s) refused (${reasons}), ${next}: ${where}`,
          );
        }
        pending = refused;
        refusedLast = refused.length > 0;
      } catch (error) {
        if (error instanceof BadAnswerError) {
          log?.warn(`translation: bad answer (${error.message}), ${next}: ${where}`);
          refusedLast = false;
          continue;
        }
        if (error instanceof EngineUnavailableError) {
          // The SDK has already retried: the job's batches not yet sent are not sent.
          state.unavailable = true;
          const line = `translation: engine unavailable (${error.reason}: ${error.message}): ${where}`;
          // A refusal (bad key, unknown model) needs someone to fix the settings.
          if (error.reason === 'refused') log?.error(line);
          else log?.warn(line);
          return;
        }
        log?.error(`translation: unexpected failure: ${where}`, error);
        return;
      }
    }
    if (refusedLast) state.refused.push(...pending.map((s) => s.key));
  }

  async function runJob(
    request: ArticleRequest,
    missing: readonly KeyedSegment[],
    allKeys: ReadonlySet<string>,
    job: Job,
  ): Promise<JobOutcome> {
    // Another process may have translated them since this one cached the document.
    const fresh = await readMemory(request, true);
    const translations: Record<string, string> = {};
    const todo: KeyedSegment[] = [];
    for (const s of missing) {
      const stored = fresh[s.key];
      if (stored !== undefined) translations[s.key] = stored;
      else todo.push(s);
    }
    if (todo.length === 0) return { ...NO_WORK, translations };

    const batches = makeBatches(todo, maxBatchTokens);
    job.batches = batches.length;
    const state = { calls: 0, sent: 0, unavailable: false, refused: [] as string[] };
    const made: Record<string, string> = {};
    await runBounded(
      batches.map((batch) => async () => {
        await translateBatch(request, batch, state, made);
        job.done += 1;
      }),
      concurrency,
    );
    // One write per job, after all its batches: a single read-modify-write of the document
    // instead of one per batch racing each other; a job that dies halfway stores nothing.
    if (Object.keys(made).length > 0) {
      try {
        await memory.write(
          request.articleId,
          request.generation,
          request.targetLang,
          made,
          // Translations of texts the article no longer holds are dropped.
          { keep: allKeys },
        );
      } catch (error) {
        log?.warn('translation memory: write failed', error);
      }
    }
    Object.assign(translations, made);
    return {
      translations,
      refused: state.refused,
      engineCalls: state.calls,
      segmentsSent: state.sent,
    };
  }

  /** Joins the running job for the same work, or starts it. */
  function share(
    request: ArticleRequest,
    missing: readonly KeyedSegment[],
    allKeys: ReadonlySet<string>,
  ): { job: Job; started: boolean } {
    const hash = createHash('sha256');
    for (const key of missing.map((s) => s.key).sort()) hash.update(key).update('\n');
    const flightKey = JSON.stringify([
      String(request.articleId),
      request.generation,
      request.targetLang,
      hash.digest('base64url'),
    ]);
    const running = jobs.get(flightKey);
    if (running) return { job: running, started: false };
    const job: Job = {
      articleId: String(request.articleId),
      generation: request.generation,
      lang: request.targetLang,
      done: 0,
      batches: 0,
      promise: Promise.resolve(NO_WORK),
    };
    job.promise = runJob(request, missing, allKeys, job).finally(() => jobs.delete(flightKey));
    jobs.set(flightKey, job);
    return { job, started: true };
  }

  function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return promise;
    signal.throwIfAborted();
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  const runningJobs = (articleId: number | string, generation: number, lang: string) =>
    [...jobs.values()].filter(
      (j) => j.articleId === String(articleId) && j.generation === generation && j.lang === lang,
    );

  return {
    async translateArticle(request) {
      const { content, sourceLang, targetLang } = request;
      const original = (complete: boolean): TranslationResult => ({
        content,
        complete,
        untranslated: complete ? 0 : extractSegments(content).length,
        refused: 0,
        engineCalls: 0,
        segmentsSent: 0,
      });
      // The museum's own language is served as is (DESIGN 6.6).
      if (sameLanguage(sourceLang, targetLang)) return original(true);
      if (!engine) return original(false);
      const segments = keyed(request);
      if (segments.length === 0) return original(true);

      const stored = await readMemory(request);
      const missing = missingOf(segments, stored);
      let outcome = NO_WORK;
      if (missing.length > 0 && !request.storedOnly) {
        const { job, started } = share(request, missing, new Set(segments.map((s) => s.key)));
        const result = await waitFor(job.promise, request.signal);
        outcome = started ? result : { ...result, engineCalls: 0, segmentsSent: 0 };
      }

      const byId = new Map<string, string>();
      const refusedKeys = new Set(outcome.refused);
      let refused = 0;
      for (const s of segments) {
        const text = stored[s.key] ?? outcome.translations[s.key];
        if (text !== undefined) byId.set(s.id, text);
        else if (refusedKeys.has(s.key)) refused += 1;
      }
      return {
        content: applyTranslations(content, byId),
        complete: byId.size === segments.length,
        untranslated: segments.length - byId.size,
        refused,
        engineCalls: outcome.engineCalls,
        segmentsSent: outcome.segmentsSent,
      };
    },

    configured: engine !== undefined,

    pending(articleId, generation, lang) {
      return runningJobs(articleId, generation, lang).length > 0;
    },

    progress(articleId, generation, lang) {
      const running = runningJobs(articleId, generation, lang);
      if (running.length === 0) return undefined;
      return {
        done: running.reduce((n, j) => n + j.done, 0),
        batches: running.reduce((n, j) => n + j.batches, 0),
      };
    },

    async estimate(request) {
      const segments = keyed(request);
      if (sameLanguage(request.sourceLang, request.targetLang) || !engine) {
        return { segments: segments.length, missing: 0, batches: 0 };
      }
      const missing = missingOf(segments, await readMemory(request));
      return {
        segments: segments.length,
        missing: missing.length,
        batches: makeBatches(missing, maxBatchTokens).length,
      };
    },
  };
}
