import type { Database } from '../db/handle.ts';
import { errorReason } from '../db/errors.ts';
import type { Logger } from '../log.ts';
import { backoffMs, DEFAULT_TRIES, type JobKind } from './kind.ts';
import { jobsRepo, type ClaimedJob, type EnqueueOptions } from './repo.ts';

/** Jobs run at once by one process, all kinds together: the machine's two cores. */
export const JOBS_AT_ONCE = 2;
/** A claim lapses after this: a process stopped midway, and another takes the job up. */
export const JOB_LEASE_MS = 300_000;
/** The longest a started runner sleeps: jobs other processes add are seen within it. */
export const JOBS_LOOK_EVERY_MS = 60_000;

export interface JobRunnerDeps {
  db: Database;
  log: Logger;
  /** The kinds this process runs: it claims no other (a visitors' function, no translation). */
  kinds: readonly JobKind<never>[];
  atOnce?: number;
  leaseMs?: number;
  now?: () => Date;
}

/**
 * The one runner of background work (ADR 0042): jobs are rows (schema/jobs.ts), claimed with
 * `for update skip locked` so that two runners on one database never run one job twice, at most
 * `atOnce` at a time, retried with a doubling back-off, and failed for good with their last error
 * kept. A job added by this process starts at once; `start` also wakes the runner when the next
 * job is due (a retry, a recurring run, another process's job). The rows are the truth: a process
 * stopped midway loses nothing, its claims lapse and another runner takes them up.
 */
export function jobRunner(deps: JobRunnerDeps) {
  const { log } = deps;
  const repo = jobsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const atOnce = deps.atOnce ?? JOBS_AT_ONCE;
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  const kinds = new Map(deps.kinds.map((k) => [k.name, k]));
  const runningByKind = new Map<string, number>();
  /** Jobs running and adds not yet written: what idle() waits for. */
  const inFlight = new Set<Promise<unknown>>();
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let ran = 0;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };

  /** The kinds with room left in this process. */
  const claimable = () =>
    [...kinds.values()]
      .filter((k) => (runningByKind.get(k.name) ?? 0) < (k.concurrency ?? atOnce))
      .map((k) => k.name);

  const running = () => [...runningByKind.values()].reduce((a, b) => a + b, 0);

  async function settle(kind: JobKind<never>, job: ClaimedJob, error: unknown): Promise<void> {
    const at = now();
    const what = `${kind.name}${kind.describe ? ` (${kind.describe(job.payload as never)})` : ''}`;
    if (error === undefined) {
      if (kind.everyMs === undefined) return repo.done(job.id, at);
      return repo.later(job.id, new Date(at.getTime() + kind.everyMs), null, 0);
    }
    const reason = errorReason(error);
    if (kind.everyMs !== undefined) {
      log.warn(`Job ${what} failed (${reason}); trying again at its next run.`);
      return repo.later(job.id, new Date(at.getTime() + kind.everyMs), reason);
    }
    if (job.attempts >= (kind.tries ?? DEFAULT_TRIES)) {
      log.error(`Job ${what} failed for good after ${job.attempts} attempt(s): ${reason}`);
      return repo.failed(job.id, reason);
    }
    log.warn(`Job ${what} failed (attempt ${job.attempts}: ${reason}); trying again later.`);
    return repo.later(job.id, new Date(at.getTime() + backoffMs(kind, job.attempts)), reason);
  }

  async function runOne(kind: JobKind<never>, job: ClaimedJob): Promise<void> {
    runningByKind.set(kind.name, (runningByKind.get(kind.name) ?? 0) + 1);
    let failure: unknown;
    try {
      await kind.run(job.payload as never, job.attempts);
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    try {
      await settle(kind, job, failure);
      ran += 1;
    } catch (error) {
      // The row keeps its claim: it lapses, and the job runs again.
      log.warn(`Job ${kind.name} could not be recorded (${errorReason(error)}).`);
    } finally {
      runningByKind.set(kind.name, (runningByKind.get(kind.name) ?? 1) - 1);
      pump();
    }
  }

  /** Claims due jobs while there is room; the jobs run without being awaited here. */
  async function fill(): Promise<void> {
    while (!stopped && running() < atOnce) {
      const at = now();
      const job = await repo.claim(claimable(), at, new Date(at.getTime() + leaseMs));
      if (!job) return;
      const kind = kinds.get(job.kind)!;
      void track(runOne(kind, job));
    }
  }

  /** One filling at a time; a wake-up during it fills once more after. */
  function pump(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = track(
      (async () => {
        do {
          pumpAgain = false;
          await fill().catch((error: unknown) =>
            log.warn(`Jobs could not be claimed (${errorReason(error)}); trying again later.`),
          );
        } while (pumpAgain && !stopped);
      })().finally(() => {
        pumping = undefined;
        if (started) void sleepUntilNext();
      }),
    );
    return pumping;
  }

  /** Sleeps until the next due job, or JOBS_LOOK_EVERY_MS at most. */
  async function sleepUntilNext(): Promise<void> {
    let waitMs = JOBS_LOOK_EVERY_MS;
    try {
      const next = await repo.nextDue([...kinds.keys()]);
      if (next) waitMs = Math.min(waitMs, Math.max(0, next.getTime() - now().getTime()));
    } catch {
      // The database is away: looked at again within the longest sleep.
    }
    if (stopped || !started || pumping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), waitMs);
    timer.unref();
  }

  /** The recurring kinds' rows, added where missing: one each however many processes ask. */
  async function schedule(): Promise<void> {
    for (const kind of kinds.values()) {
      if (kind.everyMs !== undefined) await repo.enqueue(kind.name, {}, now(), { key: kind.name });
    }
  }

  return {
    /** Adds a job (kept at once in the database) and starts it when this process has room. */
    enqueue<P>(kind: JobKind<P>, payload: P, options?: EnqueueOptions): Promise<void> {
      return track(
        repo.enqueue(kind.name, payload ?? {}, now(), options).then(() => {
          if (kinds.has(kind.name)) void pump();
        }),
      );
    },

    schedule,

    /** Runs due jobs now, e.g. a scheduled function's call: how many were settled. */
    async runDue(): Promise<number> {
      const before = ran;
      await pump();
      await this.idle();
      return ran - before;
    },

    /** The Node server's: recurring jobs scheduled, due jobs run, and woken when next due. */
    async start(): Promise<void> {
      started = true;
      await schedule().catch((error: unknown) =>
        log.warn(`Recurring jobs could not be scheduled (${errorReason(error)}).`),
      );
      await pump();
    },

    /** Claims nothing more and sleeps no more; jobs running finish (or their claims lapse). */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },

    /** Resolves when nothing this process started is running (due jobs included, not retries). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    /** Jobs kept with an error (failed for good, or a recurring run that failed). */
    problems: (limit?: number) => repo.problems(limit),
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
