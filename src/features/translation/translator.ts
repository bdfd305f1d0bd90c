import type { Logger } from '../../server/log.ts';
import { sameLanguage } from '../languages/catalogue.ts';
import { BATCH_TOKENS } from './batches.ts';
import type { Engine } from './engine-types.ts';
import type { EngineUsage } from './engine-usage.ts';
import type { EngineGuard } from './engine-guard.ts';
import { translationJobs } from './jobs.ts';
import type { TranslationMemory } from './memory.ts';
import { extractSegments } from './segments.ts';
import { ArticleRun, originalRun } from './translator-run.ts';
import { keyedSegments, missingOf } from './translator-segments.ts';
import type { ArticleRequest, TranslationRun, Translator } from './translator-types.ts';

/**
 * Batches of one article sent to the engine at once (TRANSLATION_CONCURRENCY): enough for a
 * 10,000-word article (about 14 batches with the first screen's) to be translated in one round,
 * so the whole article takes about its largest batch (ADR 0017).
 */
export const DEFAULT_CONCURRENCY = 16;

/**
 * How long a document read from the store stays the job's fresh copy: a job started right after
 * its run opened reads no second time. Another process's translations stored within that moment
 * are translated again (and merged when stored), as if asked at the same time.
 */
const KNOWN_FRESH_MS = 1_000;

export interface TranslatorOptions {
  /** undefined when no engine is configured: visitors read the original. */
  engine: Engine | undefined;
  memory: TranslationMemory;
  /** The model in the memory keys; the engine's own by default. */
  model?: string | undefined;
  /** Batches of one article in flight at once; DEFAULT_CONCURRENCY when not given. */
  concurrency?: number;
  maxBatchTokens?: number;
  log?: Logger | undefined;
  /** Told after a translation job has stored what it made: article, generation, language. */
  onStored?: ((request: { articleId: number | string; targetLang: string }) => void) | undefined;
  /** Told what each engine call cost, for the museum whose request it was (its budget). */
  onUsage?: ((museumId: number, usage: EngineUsage) => void) | undefined;
  /**
   * Asked before each engine call of a museum's job and settled after (engine-guard.ts): the
   * monthly budget held, the visitors' characters a minute counted. Without it, nothing is.
   */
  guard?: EngineGuard | undefined;
}

export function createTranslator(options: TranslatorOptions): Translator {
  const { engine, memory, log } = options;
  const model = options.model ?? engine?.model ?? '';
  const maxBatchTokens = options.maxBatchTokens ?? BATCH_TOKENS;

  async function readMemory(
    request: { articleId: number | string; generation: number; targetLang: string },
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

  const jobs =
    engine &&
    translationJobs({
      engine,
      memory,
      log,
      concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
      maxBatchTokens,
      readMemory,
      onStored: options.onStored,
      guard: options.guard,
      onUsage: ({ museumId }, usage) => {
        if (museumId !== undefined) options.onUsage?.(museumId, usage);
      },
    });

  async function open(request: ArticleRequest): Promise<TranslationRun> {
    const texts = extractSegments(request.content);
    // The museum's own language is served as is.
    if (sameLanguage(request.sourceLang, request.targetLang) || texts.length === 0) {
      return originalRun(request, texts, jobs);
    }
    const { segments, checked } = keyedSegments(request, texts, model);
    // Without an engine nothing is stored for visitors to read: only the museum's words.
    const stored = jobs ? await readMemory(request) : {};
    const missing = jobs
      ? missingOf(
          segments.filter((s) => !checked.has(s.id)),
          stored,
        )
      : [];
    return new ArticleRun(
      request,
      { segments, checked, stored, missing },
      {
        jobs,
        maxBatchTokens,
        fresh: (doc) => (memory.loadedAt?.(doc) ?? -Infinity) >= Date.now() - KNOWN_FRESH_MS,
      },
    );
  }

  return {
    configured: engine !== undefined,
    open,
    async translateArticle(request) {
      const run = await open(request);
      return request.storedOnly ? run.stored() : run.translate(request.signal);
    },
  };
}
