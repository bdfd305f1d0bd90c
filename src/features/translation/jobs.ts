import { createHash } from 'node:crypto';
import { makeBatches, runBounded } from './batches.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { encodeFlags, flagKey } from './flags.ts';
import { unfollowed } from './glossary-match.ts';
import { checkGlossary, reviewBatch } from './job-checks.ts';
import { metered } from './job-meter.ts';
import type {
  Job,
  JobOptions,
  JobOutcome,
  JobRequest,
  JobState,
  KeyedSegment,
} from './job-types.ts';

// The types of a job live in job-types.ts; still importable from here.
export type { Job, JobOptions, JobOutcome, JobRequest, KeyedSegment } from './job-types.ts';

/**
 * A refusal reason starting so (answer.ts) is a translation into another language than the one
 * asked for: flagged `language`, not `refused`.
 */
export const WRONG_LANGUAGE = 'in another language';

export const NO_WORK: JobOutcome = {
  translations: {},
  refused: [],
  flags: {},
  engineCalls: 0,
  segmentsSent: 0,
};

/**
 * The translation jobs of a process (DESIGN 6.3, 6.4): batches sent to the engine a few at a
 * time, checked, retried once, stored in one write; one job for the same work however many
 * visitors ask for it at once (single flight).
 */
export function translationJobs(options: JobOptions) {
  const { engine, memory, log, concurrency, maxBatchTokens, readMemory } = options;
  /** Running jobs by article, generation, language and keys. */
  const jobs = new Map<string, Job>();

  async function translateBatch(
    request: JobRequest,
    batch: readonly KeyedSegment[],
    state: JobState,
    out: Record<string, string>,
    early: (segment: KeyedSegment, text: string) => void,
  ): Promise<void> {
    /** The last try ended with texts refused by the checks (not a bad answer as a whole). */
    let refusedLast = false;
    /** Why each refused text was refused, by key (the last try's reason). */
    const reasons = new Map<string, string>();
    // A bad batch is sent once more whole; segments whose text failed the checks are sent once
    // more on their own. What fails twice shows its source text and is not stored.
    let pending: readonly KeyedSegment[] = batch;
    for (let attempt = 1; attempt <= 2 && pending.length > 0 && !state.unavailable; attempt++) {
      // Ids local to the call: short (fewer tokens), and an answer can only name its own batch.
      const segments = pending.map((s, i) => ({
        id: String(i + 1),
        text: s.text,
        ...(s.reference && { reference: s.reference }),
        ...(s.glossary && { glossary: s.glossary }),
      }));
      const where = `article ${request.articleId}, ${request.targetLang}, ${segments.length} segment(s)`;
      const next = attempt === 1 ? 'trying again' : 'giving up';
      state.calls += 1;
      state.sent += segments.length;
      try {
        const sent = pending;
        const answer = await state.engine.translate({
          segments,
          sourceLang: request.sourceLang,
          targetLang: request.targetLang,
          instructions: request.instructions,
          // Streamed: each text readable by visitors as soon as it has arrived (ADR 0020).
          onText: (id, text) => {
            const segment = sent[Number(id) - 1];
            if (segment) early(segment, text);
          },
        });
        const refused: KeyedSegment[] = [];
        pending.forEach((s, i) => {
          const text = answer.translations[String(i + 1)];
          if (text !== undefined) out[s.key] = text;
          else {
            refused.push(s);
            reasons.set(s.key, answer.rejected[String(i + 1)] ?? 'refused');
          }
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
    if (refusedLast) {
      for (const s of pending) {
        state.refused.push(s.key);
        const reason = reasons.get(s.key) ?? 'refused';
        const kind = reason.startsWith(WRONG_LANGUAGE) ? 'language' : 'refused';
        state.flags[s.key] = [{ kind, detail: reason }];
      }
    }
  }

  async function runJob(
    request: JobRequest,
    missing: readonly KeyedSegment[],
    allKeys: ReadonlySet<string>,
    job: Job,
    force: boolean,
    landed: Record<string, string>,
    land: () => void,
  ): Promise<JobOutcome> {
    // Another process may have translated them since this one cached the document; unless
    // the museum asked for a new translation (`force`), what is stored is kept.
    const fresh = force ? {} : await readMemory(request, true);
    const translations: Record<string, string> = {};
    const todo: KeyedSegment[] = [];
    for (const s of missing) {
      const stored = fresh[s.key];
      if (stored !== undefined) translations[s.key] = landed[s.key] = stored;
      else todo.push(s);
    }
    if (Object.keys(translations).length > 0) land();
    if (todo.length === 0) return { ...NO_WORK, translations };

    const batches = makeBatches(todo, maxBatchTokens);
    job.batches = batches.length;
    const onUsage = options.onUsage;
    const state: JobState = {
      engine: metered(engine, onUsage && ((usage) => onUsage(request, usage))),
      calls: 0,
      sent: 0,
      unavailable: false,
      refused: [],
      flags: {},
    };
    const made: Record<string, string> = {};
    /**
     * A text as it arrives, before the rest of its batch: readable at once when it needs no
     * glossary retry (one that does lands with its batch, retried). The batch's end may still
     * replace it (a bad answer tried again), never with the original.
     */
    const early = (segment: KeyedSegment, text: string) => {
      if (segment.glossary?.length && unfollowed(segment.glossary, segment.text, text).length) {
        return;
      }
      landed[segment.key] = text;
      land();
    };
    const run = async (batch: readonly KeyedSegment[]) => {
      await translateBatch(request, batch, state, made, early);
      await checkGlossary(log, request, batch, state, made);
      await reviewBatch(log, request, batch, state, made);
      // Landed: readable by visitors now, in one piece (issue 19).
      for (const s of batch) {
        const text = made[s.key];
        if (text !== undefined) landed[s.key] = text;
        else delete landed[s.key]; // an early text whose answer was then refused
      }
      job.done += 1;
      land();
    };
    // In reading order: the first batch's first texts are the first words a visitor reads.
    await runBounded(
      batches.map((batch) => () => run(batch)),
      concurrency,
    );
    // One write per job, after all its batches: a single read-modify-write of the document
    // instead of one per batch racing each other; a job that dies halfway stores nothing.
    // Each key translated or refused has its flags written, or an earlier flag removed ('').
    const flagEntries = Object.fromEntries(
      [...Object.keys(made), ...state.refused].map((key) => [
        flagKey(key),
        encodeFlags(state.flags[key] ?? []),
      ]),
    );
    if (Object.keys(flagEntries).length > 0) {
      try {
        await memory.write(
          request.articleId,
          request.generation,
          request.targetLang,
          { ...made, ...flagEntries },
          // Translations of texts the article no longer holds are dropped.
          { keep: allKeys },
        );
        options.onStored?.(request);
      } catch (error) {
        log?.warn('translation memory: write failed', error);
      }
    }
    Object.assign(translations, made);
    return {
      translations,
      refused: state.refused,
      flags: state.flags,
      engineCalls: state.calls,
      segmentsSent: state.sent,
    };
  }

  /**
   * Joins the running job for the same work, or starts it. `force`: translated again even where
   * the memory holds a translation (the museum asked), replacing it.
   */
  function share(
    request: JobRequest,
    missing: readonly KeyedSegment[],
    allKeys: ReadonlySet<string>,
    force = false,
  ): { job: Job; started: boolean } {
    const hash = createHash('sha256');
    for (const key of missing.map((s) => s.key).sort()) hash.update(key).update('\n');
    const flightKey = JSON.stringify([
      String(request.articleId),
      request.generation,
      request.targetLang,
      hash.digest('base64url'),
      force,
    ]);
    const running = jobs.get(flightKey);
    if (running) return { job: running, started: false };
    const landed: Record<string, string> = {};
    let wake = Promise.withResolvers<void>();
    const land = () => {
      wake.resolve();
      wake = Promise.withResolvers<void>();
    };
    const job: Job = {
      articleId: String(request.articleId),
      generation: request.generation,
      lang: request.targetLang,
      done: 0,
      batches: 0,
      promise: Promise.resolve(NO_WORK),
      landed,
      next: () => wake.promise,
    };
    job.promise = runJob(request, missing, allKeys, job, force, landed, land).finally(() => {
      jobs.delete(flightKey);
      land();
    });
    jobs.set(flightKey, job);
    return { job, started: true };
  }

  return {
    share,
    /** The jobs running for an article's generation in a language. */
    running(articleId: number | string, generation: number, lang: string): Job[] {
      return [...jobs.values()].filter(
        (j) => j.articleId === String(articleId) && j.generation === generation && j.lang === lang,
      );
    },
  };
}
