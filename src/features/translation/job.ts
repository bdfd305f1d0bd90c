import { makeBatches, runBounded } from './batches.ts';
import { encodeFlags, flagKey } from './flags.ts';
import { unfollowed } from './glossary-match.ts';
import { translateBatch } from './job-batch.ts';
import { checkBatch } from './job-checks.ts';
import { metered } from './job-meter.ts';
import { guardedEngine } from './engine-guard.ts';
import type {
  Job,
  JobOptions,
  JobOutcome,
  JobRequest,
  JobState,
  KeyedSegment,
} from './job-types.ts';

export const NO_WORK: JobOutcome = {
  translations: {},
  refused: [],
  flags: {},
  engineCalls: 0,
  segmentsSent: 0,
};

/** What a job is asked to do. */
export interface JobWork {
  request: JobRequest;
  /** The segments to translate, one per key. */
  missing: readonly KeyedSegment[];
  /** Every key the article holds now: translations of other texts are dropped when stored. */
  allKeys: ReadonlySet<string>;
  /** Translated again even where the memory holds a translation (the museum asked). */
  force: boolean;
  /**
   * The document the run starting the job read from the store a moment ago: the job's own fresh
   * read, not made a second time (a first translation reads the stored translations once).
   */
  known?: Readonly<Record<string, string>> | undefined;
}

/**
 * One translation job, started when made: the missing texts found stored since, the rest sent
 * to the engine in batches a few at a time (checked, retried once, glossary and review), what
 * lands readable by visitors as it comes, and everything stored in one write at the end.
 */
export class TranslationJob implements Job {
  readonly articleId: string;
  readonly generation: number;
  readonly lang: string;
  done = 0;
  batches = 0;
  readonly promise: Promise<JobOutcome>;
  readonly landed: Record<string, string> = {};
  readonly refused = new Set<string>();
  #work: JobWork;
  #options: JobOptions;
  #wake = Promise.withResolvers<void>();
  /** What the engine made, by key: stored at the end. */
  #made: Record<string, string> = {};

  /** `onEnd`: told once the job has ended, before anyone waiting on next() wakes. */
  constructor(work: JobWork, options: JobOptions, onEnd: () => void) {
    this.#work = work;
    this.#options = options;
    this.articleId = String(work.request.articleId);
    this.generation = work.request.generation;
    this.lang = work.request.targetLang;
    this.promise = this.#run().finally(() => {
      onEnd();
      this.#land();
    });
  }

  /** Resolves when the job next lands a batch, or ends. */
  next(): Promise<void> {
    return this.#wake.promise;
  }

  /** Wakes whoever waits on next(). */
  #land(): void {
    this.#wake.resolve();
    this.#wake = Promise.withResolvers<void>();
  }

  async #run(): Promise<JobOutcome> {
    const { request, missing, force } = this.#work;
    // Another process may have translated them since this one cached the document; unless
    // the museum asked for a new translation (`force`), what is stored is kept.
    // Awaited even when known: the job starts after its constructor returns, as ever.
    const fresh = force ? {} : await (this.#work.known ?? this.#options.readMemory(request, true));
    const translations: Record<string, string> = {};
    const todo: KeyedSegment[] = [];
    for (const s of missing) {
      const stored = fresh[s.key];
      if (stored !== undefined) translations[s.key] = this.landed[s.key] = stored;
      else todo.push(s);
    }
    if (Object.keys(translations).length > 0) this.#land();
    if (todo.length === 0) return { ...NO_WORK, translations };

    const batches = makeBatches(todo, this.#options.maxBatchTokens);
    this.batches = batches.length;
    const { onUsage, guard } = this.#options;
    const held = (h: { kind: 'busy' | 'paused' }) => (state.held ??= h.kind);
    const state: JobState = {
      engine: metered(
        guardedEngine(this.#options.engine, guard, request, held),
        onUsage && ((usage) => onUsage(request, usage)),
      ),
      calls: 0,
      sent: 0,
      unavailable: false,
      refused: [],
      flags: {},
    };
    // In reading order: the first batch's first texts are the first words a visitor reads.
    await runBounded(
      batches.map((batch) => () => this.#runBatch(batch, state)),
      this.#options.concurrency,
    );
    await this.#store(state);
    Object.assign(translations, this.#made);
    return {
      translations,
      refused: state.refused,
      flags: state.flags,
      engineCalls: state.calls,
      segmentsSent: state.sent,
      held: state.held,
    };
  }

  async #runBatch(batch: readonly KeyedSegment[], state: JobState): Promise<void> {
    const made = this.#made;
    const work = { request: this.#work.request, batch, state, made, log: this.#options.log };
    await translateBatch({ ...work, early: (segment, text) => this.#early(segment, text) });
    await checkBatch(work);
    // Landed: readable by visitors now, in one piece.
    for (const s of batch) {
      const text = made[s.key];
      if (text !== undefined) this.landed[s.key] = text;
      else delete this.landed[s.key]; // an early text whose answer was then refused
      if (text === undefined && state.refused.includes(s.key)) this.refused.add(s.key);
    }
    this.done += 1;
    this.#land();
  }

  /**
   * A text as it arrives, before the rest of its batch: readable at once when it needs no
   * glossary retry (one that does lands with its batch, retried). The batch's end may still
   * replace it (a bad answer tried again), never with the original.
   */
  #early(segment: KeyedSegment, text: string): void {
    if (segment.glossary?.length && unfollowed(segment.glossary, segment.text, text).length) {
      return;
    }
    this.landed[segment.key] = text;
    this.#land();
  }

  /**
   * One write per job, after all its batches: a single read-modify-write of the document
   * instead of one per batch racing each other; a job that dies halfway stores nothing.
   * Each key translated or refused has its flags written, or an earlier flag removed ('').
   */
  async #store(state: JobState): Promise<void> {
    const { request, allKeys } = this.#work;
    const { memory, log } = this.#options;
    const flagEntries = Object.fromEntries(
      [...Object.keys(this.#made), ...state.refused].map((key) => [
        flagKey(key),
        encodeFlags(state.flags[key] ?? []),
      ]),
    );
    if (Object.keys(flagEntries).length === 0) return;
    try {
      await memory.write(
        request.articleId,
        request.generation,
        request.targetLang,
        { ...this.#made, ...flagEntries },
        // Translations of texts the article no longer holds are dropped (not by a draft's).
        request.keepOthers ? {} : { keep: allKeys },
      );
      this.#options.onStored?.(request);
    } catch (error) {
      log?.warn('translation memory: write failed', error);
    }
  }
}
