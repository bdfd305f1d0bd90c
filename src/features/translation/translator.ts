import type { Logger } from '../../server/log.ts';
import { sameLanguage } from '../languages/index.ts';
import { BATCH_TOKENS, makeBatches } from './batches.ts';
import type { Engine, EngineUsage } from './engine.ts';
import { NO_WORK, translationJobs, type Job, type JobOutcome, type KeyedSegment } from './jobs.ts';
import { glossaryMatcher } from './glossary-match.ts';
import { segmentKey } from './keys.ts';
import type { TranslationMemory } from './memory.ts';
import { estimateWork } from './translator-estimate.ts';
import { applyTranslations, extractSegments } from './segments.ts';
import { storedFlags } from './flags.ts';
import type {
  ArticleRequest,
  Retranslated,
  TranslationResult,
  TranslationRun,
  Translator,
} from './translator-types.ts';

// The translator's types live in translator-types.ts; still importable from here.
export type {
  ArticleRequest,
  CheckedTexts,
  Retranslated,
  SegmentView,
  TranslateArticleRequest,
  TranslationResult,
  TranslationRun,
  Translator,
  WorkEstimate,
} from './translator-types.ts';

/**
 * Batches of one article sent to the engine at once (TRANSLATION_CONCURRENCY): enough for a
 * 10,000-word article (about 14 batches with the first screen's) to be translated in one round,
 * so the whole article takes about its largest batch (issue 19, ADR 0017).
 */
export const DEFAULT_CONCURRENCY = 16;

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
}

/** The block (content index) a segment is a text of: its id starts with it ('3.header'). */
const blockOf = (id: string): number => Number(id.split('.')[0]);

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
      onUsage: ({ museumId }, usage) => {
        if (museumId !== undefined) options.onUsage?.(museumId, usage);
      },
    });

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

  function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return promise;
    signal.throwIfAborted();
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function open(request: ArticleRequest): Promise<TranslationRun> {
    const { articleId, generation, content, sourceLang, targetLang } = request;
    const running = () => jobs?.running(articleId, generation, targetLang) ?? [];
    const live = {
      pending: () => running().length > 0,
      progress() {
        const all = running();
        if (all.length === 0) return undefined;
        return {
          done: all.reduce((n, j) => n + j.done, 0),
          batches: all.reduce((n, j) => n + j.batches, 0),
        };
      },
    };
    const texts = extractSegments(content);
    // The museum's own language is served as is (DESIGN 6.6).
    if (sameLanguage(sourceLang, targetLang) || texts.length === 0) {
      const original: TranslationResult = {
        content,
        complete: true,
        untranslated: 0,
        refused: 0,
        engineCalls: 0,
        segmentsSent: 0,
        checked: 0,
        sourceBlocks: [],
      };
      return {
        segments: texts.length,
        texts: () =>
          texts.map((s) => ({ id: s.id, ref: s.ref, source: s.text, machine: s.text, flags: [] })),
        missing: 0,
        batches: 0,
        estimate: () => ({ segments: 0, batches: 0, tokens: 0 }),
        ...live,
        stored: () => original,
        landed: () => ({ content, blocks: content.length - 1 }),
        changed: () => Promise.resolve(),
        translate: () => Promise.resolve(original),
        retranslate: () => Promise.resolve(new Map()),
      };
    }

    // The museum's words where they were checked against the text as it is now; where the
    // text has changed since, what it checked goes to the engine as a reference.
    const checked = new Map<string, string>();
    const references = new Map<string, { source: string; text: string }>();
    for (const s of texts) {
      const entry = request.checked?.get(s.ref);
      if (entry && entry.source === s.text) checked.set(s.id, entry.text);
      else if (entry) references.set(s.id, entry);
    }
    const terms = glossaryMatcher(request.glossary);
    const segments: (KeyedSegment & { ref: string })[] = texts.map((segment) => {
      // A text that holds no term keeps the key it had before the glossary (keys.ts).
      const glossary = terms.match(segment.text);
      return {
        ...segment,
        reference: references.get(segment.id),
        ...(glossary.length > 0 && { glossary }),
        key: segmentKey({
          source: segment.text,
          target: targetLang,
          instructions: request.instructions,
          model,
          glossary,
        }),
      };
    });
    // Without an engine nothing is stored for visitors to read: only the museum's words.
    const stored = jobs ? await readMemory(request) : {};
    const missing = jobs
      ? missingOf(
          segments.filter((s) => !checked.has(s.id)),
          stored,
        )
      : [];

    /** The job this run's translate() started or joined: what it landed stays readable. */
    let mine: Job | undefined;
    const apply = (outcome: JobOutcome): TranslationResult => {
      const byId = new Map<string, string>();
      const refusedKeys = new Set(outcome.refused);
      let refused = 0;
      const sourceBlocks = new Set<number>();
      for (const s of segments) {
        const text = checked.get(s.id) ?? stored[s.key] ?? outcome.translations[s.key];
        if (text !== undefined) byId.set(s.id, text);
        else {
          sourceBlocks.add(blockOf(s.id));
          if (refusedKeys.has(s.key)) refused += 1;
        }
      }
      return {
        content: applyTranslations(content, byId),
        complete: byId.size === segments.length,
        untranslated: segments.length - byId.size,
        refused,
        engineCalls: outcome.engineCalls,
        segmentsSent: outcome.segmentsSent,
        checked: checked.size,
        sourceBlocks: [...sourceBlocks],
      };
    };

    return {
      segments: segments.length,
      texts: () =>
        segments.map((s) => ({
          id: s.id,
          ref: s.ref,
          source: s.text,
          machine: stored[s.key],
          flags: storedFlags(stored, s.key),
        })),
      missing: missing.length,
      // Made when asked (a job plans its own batches the same way).
      get batches() {
        return missing.length > 0 ? makeBatches(missing, maxBatchTokens).length : 0;
      },
      estimate: () => estimateWork(request, missing, maxBatchTokens),
      ...live,
      stored: () => apply(NO_WORK),
      landed() {
        const live = [...new Set([...(mine ? [mine] : []), ...running()])].map((j) => j.landed);
        const byId = new Map<string, string>();
        let blocks = content.length - 1;
        for (const s of segments) {
          const text =
            checked.get(s.id) ??
            stored[s.key] ??
            live.find((made) => Object.hasOwn(made, s.key))?.[s.key];
          if (text !== undefined) byId.set(s.id, text);
          // In reading order: the first text missing ends the blocks a visitor may read.
          else blocks = Math.min(blocks, blockOf(s.id) - 1);
        }
        return { content: applyTranslations(content, byId), blocks };
      },
      changed() {
        const live = running();
        if (live.length === 0) return new Promise<void>((resolve) => setImmediate(resolve));
        return Promise.race(live.map((j) => j.next()));
      },
      async retranslate(refs) {
        const asked = new Set(refs);
        const chosen = segments.filter((s) => asked.has(s.ref));
        if (!jobs || chosen.length === 0) return new Map();
        const allKeys = new Set(segments.map((s) => s.key));
        const { job } = jobs.share(request, chosen, allKeys, true);
        const outcome = await job.promise;
        const out = new Map<string, Retranslated>();
        for (const s of chosen) {
          const text = outcome.translations[s.key];
          const flags = outcome.flags[s.key] ?? [];
          if (text !== undefined || flags.length > 0) out.set(s.ref, { text, flags });
        }
        return out;
      },
      async translate(signal) {
        if (!jobs || missing.length === 0) return apply(NO_WORK);
        const { job, started } = jobs.share(request, missing, new Set(segments.map((s) => s.key)));
        mine = job;
        const result = await waitFor(job.promise, signal);
        return apply(started ? result : { ...result, engineCalls: 0, segmentsSent: 0 });
      },
    };
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
