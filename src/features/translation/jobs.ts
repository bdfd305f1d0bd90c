import { createHash } from 'node:crypto';
import { TranslationJob } from './job.ts';
import type { Job, JobOptions, JobRequest, KeyedSegment } from './job-types.ts';

/**
 * The translation jobs of a process: batches sent to the engine a few at a time, checked,
 * retried once, stored in one write; one job for the same work however many visitors ask for
 * it at once (single flight).
 */
export function translationJobs(options: JobOptions) {
  /** Running jobs by article, generation, language and keys. */
  const jobs = new Map<string, Job>();
  return {
    /**
     * Joins the running job for the same work, or starts it. `force`: translated again even
     * where the memory holds a translation (the museum asked), replacing it.
     */
    share(
      request: JobRequest,
      missing: readonly KeyedSegment[],
      allKeys: ReadonlySet<string>,
      force = false,
      /** The document the caller just read from the store (JobWork's `known`). */
      known?: Readonly<Record<string, string>>,
    ): { job: Job; started: boolean } {
      const key = flightKey(request, missing, force);
      const running = jobs.get(key);
      if (running) return { job: running, started: false };
      const job = new TranslationJob({ request, missing, allKeys, force, known }, options, () =>
        jobs.delete(key),
      );
      jobs.set(key, job);
      return { job, started: true };
    },
    /** The jobs running for an article's generation in a language. */
    running(articleId: number | string, generation: number, lang: string): Job[] {
      return [...jobs.values()].filter(
        (j) => j.articleId === String(articleId) && j.generation === generation && j.lang === lang,
      );
    },
  };
}

/** The same work: article, generation, language, the keys asked for, forced or not. */
function flightKey(request: JobRequest, missing: readonly KeyedSegment[], force: boolean): string {
  const hash = createHash('sha256');
  for (const key of missing.map((s) => s.key).sort()) hash.update(key).update('\n');
  return JSON.stringify([
    String(request.articleId),
    request.generation,
    request.targetLang,
    hash.digest('base64url'),
    force,
  ]);
}

/** The translation jobs of a process, as translationJobs makes them. */
export type TranslationJobs = ReturnType<typeof translationJobs>;
