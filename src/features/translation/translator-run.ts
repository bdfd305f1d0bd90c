import type { ArticleContent } from '../articles/content.ts';
import { makeBatches } from './batches.ts';
import { storedFlags } from './flags.ts';
import type { EnginePayer } from './engine-guard.ts';
import type { TranslationJobs } from './jobs.ts';
import { NO_WORK } from './job.ts';
import type { Job, JobOutcome, KeyedSegment } from './job-types.ts';
import { applyTranslations, TITLE_SEGMENT_ID, type Segment } from './segments.ts';
import { estimateWork } from './translator-estimate.ts';
import type { RunSegment } from './translator-segments.ts';
import type {
  ArticleRequest,
  Retranslated,
  SegmentView,
  TranslationResult,
  TranslationRun,
  WorkEstimate,
} from './translator-types.ts';

/** The block (content index) a segment is a text of: its id starts with it ('3.header'). */
const blockOf = (id: string): number => Number(id.split('.')[0]);

/** The jobs running for the request's article, generation and language. */
function runningFor(jobs: TranslationJobs | undefined, request: ArticleRequest): Job[] {
  return jobs?.running(request.articleId, request.generation, request.targetLang) ?? [];
}

/** Batches finished and planned by the running jobs, or undefined when none runs. */
function progressOf(running: readonly Job[]): { done: number; batches: number } | undefined {
  if (running.length === 0) return undefined;
  return {
    done: running.reduce((n, j) => n + j.done, 0),
    batches: running.reduce((n, j) => n + j.batches, 0),
  };
}

/**
 * The article in its own language (served as is, the museum's language needs no translation),
 * or one with nothing to translate: nothing goes to the engine.
 */
export function originalRun(
  request: ArticleRequest,
  texts: readonly Segment[],
  jobs: TranslationJobs | undefined,
): TranslationRun {
  const { content } = request;
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
    pending: () => runningFor(jobs, request).length > 0,
    progress: () => progressOf(runningFor(jobs, request)),
    stored: () => original,
    landed: () => ({ content, blocks: content.length - 1 }),
    changed: () => Promise.resolve(),
    translate: () => Promise.resolve(original),
    retranslate: () => Promise.resolve(new Map()),
  };
}

/** What the translator found of an article in a language when it was opened. */
export interface RunFound {
  segments: readonly RunSegment[];
  /** The museum's checked words, by segment id. */
  checked: ReadonlyMap<string, string>;
  /** The memory's translations, by key (none without an engine). */
  stored: Readonly<Record<string, string>>;
  /** The segments that would go to the engine now. */
  missing: readonly KeyedSegment[];
}

/** An article to translate, as the translator found it (TranslationRun says what each does). */
export class ArticleRun implements TranslationRun {
  readonly segments: number;
  readonly missing: number;
  #request: ArticleRequest;
  #found: RunFound;
  /** Undefined without an engine: only the museum's words are shown. */
  #jobs: TranslationJobs | undefined;
  #maxBatchTokens: number;
  #fresh: ((doc: Readonly<Record<string, string>>) => boolean) | undefined;
  /** The job this run's translate() started or joined: what it landed stays readable. */
  #mine: Job | undefined;

  constructor(
    request: ArticleRequest,
    found: RunFound,
    translator: {
      jobs: TranslationJobs | undefined;
      maxBatchTokens: number;
      /** The stored document was read from the store a moment ago: a job reads it no second time. */
      fresh?: ((doc: Readonly<Record<string, string>>) => boolean) | undefined;
    },
  ) {
    this.#request = request;
    this.#found = found;
    this.#jobs = translator.jobs;
    this.#maxBatchTokens = translator.maxBatchTokens;
    this.#fresh = translator.fresh;
    this.segments = found.segments.length;
    this.missing = found.missing.length;
  }

  /** Made when asked (a job plans its own batches the same way). */
  get batches(): number {
    const { missing } = this.#found;
    return missing.length > 0 ? makeBatches(missing, this.#maxBatchTokens).length : 0;
  }

  texts(): SegmentView[] {
    const { stored } = this.#found;
    return this.#found.segments.map((s) => ({
      id: s.id,
      ref: s.ref,
      source: s.text,
      machine: stored[s.key],
      flags: storedFlags(stored, s.key),
    }));
  }

  estimate(): WorkEstimate {
    return estimateWork(this.#request, this.#found.missing, this.#maxBatchTokens);
  }

  pending(): boolean {
    return runningFor(this.#jobs, this.#request).length > 0;
  }

  progress(): { done: number; batches: number } | undefined {
    return progressOf(runningFor(this.#jobs, this.#request));
  }

  stored(): TranslationResult {
    return this.#apply(NO_WORK);
  }

  landed(): { content: ArticleContent; blocks: number; source: number[] } {
    const { content } = this.#request;
    const { segments, checked, stored } = this.#found;
    const running = runningFor(this.#jobs, this.#request);
    const jobs = [...new Set([...(this.#mine ? [this.#mine] : []), ...running])];
    const live = jobs.map((j) => j.landed);
    const byId = new Map<string, string>();
    const source = new Set<number>();
    let blocks = content.length - 1;
    for (const s of segments) {
      const text =
        checked.get(s.id) ??
        stored[s.key] ??
        live.find((made) => Object.hasOwn(made, s.key))?.[s.key];
      if (text !== undefined) byId.set(s.id, text);
      else if (s.id === TITLE_SEGMENT_ID) continue;
      // Refused on both tries: read as written, at once (the job may run on for long).
      else if (jobs.some((j) => j.refused?.has(s.key))) source.add(blockOf(s.id));
      // In reading order: the first text missing ends the blocks a visitor may read. The public
      // title (block 0, the metadatas entry) holds back no block: it comes first anyway.
      else blocks = Math.min(blocks, blockOf(s.id) - 1);
    }
    const shown = [...source].filter((block) => block <= blocks).sort((a, b) => a - b);
    return { content: applyTranslations(content, byId), blocks, source: shown };
  }

  changed(): Promise<void> {
    const live = runningFor(this.#jobs, this.#request);
    if (live.length === 0) return new Promise<void>((resolve) => setImmediate(resolve));
    return Promise.race(live.map((j) => j.next()));
  }

  async retranslate(refs: readonly string[]): Promise<Map<string, Retranslated>> {
    const { segments } = this.#found;
    const asked = new Set(refs);
    const chosen = segments.filter((s) => asked.has(s.ref));
    if (!this.#jobs || chosen.length === 0) return new Map();
    const allKeys = new Set(segments.map((s) => s.key));
    const { job } = this.#jobs.share(this.#request, chosen, allKeys, true);
    const outcome = await job.promise;
    const out = new Map<string, Retranslated>();
    for (const s of chosen) {
      const text = outcome.translations[s.key];
      const flags = outcome.flags[s.key] ?? [];
      if (text !== undefined || flags.length > 0) out.set(s.ref, { text, flags });
    }
    return out;
  }

  async translate(signal?: AbortSignal, payer?: EnginePayer): Promise<TranslationResult> {
    const { segments, missing } = this.#found;
    if (!this.#jobs || missing.length === 0) return this.#apply(NO_WORK);
    const allKeys = new Set(segments.map((s) => s.key));
    // Whoever joins the job pays nothing: its calls are its starter's.
    const { stored } = this.#found;
    const known = this.#fresh?.(stored) ? stored : undefined;
    const asked = { ...this.#request, payer };
    const { job, started } = this.#jobs.share(asked, missing, allKeys, false, known);
    this.#mine = job;
    const result = await waitFor(job.promise, signal);
    return this.#apply(started ? result : { ...result, engineCalls: 0, segmentsSent: 0 });
  }

  /** The article with the checked, stored and newly made texts in place. */
  #apply(outcome: JobOutcome): TranslationResult {
    const { segments, checked, stored } = this.#found;
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
      content: applyTranslations(this.#request.content, byId),
      complete: byId.size === segments.length,
      untranslated: segments.length - byId.size,
      refused,
      engineCalls: outcome.engineCalls,
      segmentsSent: outcome.segmentsSent,
      checked: checked.size,
      sourceBlocks: [...sourceBlocks],
      held: outcome.held,
    };
  }
}

/** The promise, or the signal's reason as soon as it aborts (the promise goes on). */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
