import type { Database } from '../db/handle.ts';
import { errorReason } from '../db/errors.ts';
import type { Logger } from '../log.ts';
import { backoffMs, DEFAULT_TRIES, nextPeriod, type JobKind } from './kind.ts';
import {
  jobProblems,
  jobsRepo,
  type ClaimedJob,
  type EnqueueOptions,
  type JobsRepo,
} from './repo.ts';

/**
 * Jobs run at once by one process, all kinds together. They mostly wait (on the database, a
 * CDN, an engine), and a long one (Translate now's drain, a museum's recount) must leave room for
 * the short ones (a CDN purge).
 */
export const JOBS_AT_ONCE = 4;
/** A claim lapses after this: a process stopped midway, and another takes the job up. */
export const JOB_LEASE_MS = 300_000;
/** The longest a started runner sleeps: jobs other processes add are seen within it. */
export const JOBS_LOOK_EVERY_MS = 60_000;
/**
 * The shortest: a job due but held back (its kind's bound reached, every slot taken) is started
 * when a running one ends, and is not looked for again and again meanwhile.
 */
export const JOBS_SLEEP_AT_LEAST_MS = 1_000;

export interface JobRunnerDeps {
  db: Database;
  log: Logger;
  /** The kinds this process runs (more with `register`): it claims no other. */
  kinds?: readonly JobKind<never>[];
  atOnce?: number;
  leaseMs?: number;
  now?: () => Date;
}

/** A run's end written: done, next period, retry after a back-off, or failed for good. */
async function settle(
  ctx: { repo: JobsRepo; log: Logger; at: Date },
  kind: JobKind<never>,
  job: ClaimedJob,
  error: unknown,
): Promise<void> {
  const { repo, log, at } = ctx;
  const what = `${kind.name}${kind.describe ? ` (${kind.describe(job.payload as never)})` : ''}`;
  if (error === undefined) {
    if (kind.everyMs === undefined) return repo.done(job.id, at);
    return repo.later(job.id, nextPeriod(at, kind.everyMs), null, 0);
  }
  const reason = errorReason(error);
  if (kind.everyMs !== undefined) {
    log.warn(`Job ${what} failed (${reason}); trying again at its next run.`);
    return repo.later(job.id, nextPeriod(at, kind.everyMs), reason);
  }
  if (job.attempts >= (kind.tries ?? DEFAULT_TRIES)) {
    const means = kind.failedMeans ? ` ${kind.failedMeans}` : '';
    log.error(`Job ${what} failed for good after ${job.attempts} attempt(s): ${reason}.${means}`);
    return repo.failed(job.id, reason);
  }
  log.warn(`Job ${what} failed (attempt ${job.attempts}: ${reason}); trying again later.`);
  return repo.later(job.id, new Date(at.getTime() + backoffMs(kind, job.attempts)), reason);
}

interface Loop {
  repo: JobsRepo;
  log: Logger;
  now: () => Date;
  atOnce: number;
  leaseMs: number;
  kinds: Map<string, JobKind<never>>;
}

/** How many jobs of each kind this process runs, against the bounds. */
function kindSlots(kinds: Map<string, JobKind<never>>, atOnce: number) {
  const running = new Map<string, number>();
  const total = () => [...running.values()].reduce((a, b) => a + b, 0);
  return {
    take: (name: string) => void running.set(name, (running.get(name) ?? 0) + 1),
    give: (name: string) => void running.set(name, (running.get(name) ?? 1) - 1),
    free: () => total() < atOnce,
    /** The kinds with room left. */
    claimable: () =>
      [...kinds.values()]
        .filter((k) => (running.get(k.name) ?? 0) < (k.concurrency ?? atOnce))
        .map((k) => k.name),
  };
}

/** How long a started runner sleeps before the `next` due job, within its bounds. */
function sleepFor(next: Date | undefined, at: Date): number {
  if (!next) return JOBS_LOOK_EVERY_MS;
  const untilNext = next.getTime() - at.getTime();
  return Math.min(JOBS_LOOK_EVERY_MS, Math.max(JOBS_SLEEP_AT_LEAST_MS, untilNext));
}

/** A long job keeps its claim while it runs: only a stopped process lets it lapse. */
function holdWhileRunning(loop: Pick<Loop, 'repo' | 'now' | 'leaseMs'>, id: number) {
  const holding = setInterval(() => {
    const until = new Date(loop.now().getTime() + loop.leaseMs);
    loop.repo.hold(id, until).catch(() => undefined);
  }, loop.leaseMs / 3);
  holding.unref();
  return holding;
}

/** Jobs running and adds not yet written: what idle() waits for. */
function tracker() {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      inFlight.add(work);
      const forget = () => inFlight.delete(work);
      void work.then(forget, forget);
      return work;
    },
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * The claiming and running: due jobs claimed while this process has room, each run and settled,
 * and, once started, a sleep until the next one is due.
 */
function claimLoop(loop: Loop) {
  const { repo, log, now, kinds } = loop;
  const slots = kindSlots(kinds, loop.atOnce);
  const { track, idle } = tracker();
  const state = { pumping: undefined as Promise<void> | undefined, again: false, ran: 0 };
  const life = { stopped: false, started: false, timer: undefined as NodeJS.Timeout | undefined };

  async function runOne(kind: JobKind<never>, job: ClaimedJob): Promise<void> {
    slots.take(kind.name);
    const holding = holdWhileRunning(loop, job.id);
    let failure: unknown;
    try {
      await kind.run(job.payload as never, job.attempts);
    } catch (error) {
      failure = error ?? new Error('failed');
    } finally {
      clearInterval(holding);
    }
    try {
      await settle({ repo, log, at: now() }, kind, job, failure);
      state.ran += 1;
    } catch (error) {
      // The row keeps its claim: it lapses, and the job runs again.
      log.warn(`Job ${kind.name} could not be recorded (${errorReason(error)}).`);
    } finally {
      slots.give(kind.name);
      void pump();
    }
  }

  /** Claims due jobs while there is room; the jobs run without being awaited here. */
  async function fill(): Promise<void> {
    while (!life.stopped && slots.free()) {
      const at = now();
      const job = await repo.claim(slots.claimable(), at, new Date(at.getTime() + loop.leaseMs));
      if (!job) return;
      void track(runOne(kinds.get(job.kind)!, job));
    }
  }

  /** One filling at a time; a wake-up during it fills once more after. */
  function pump(): Promise<void> {
    if (life.stopped) return Promise.resolve();
    if (state.pumping) {
      state.again = true;
      return state.pumping;
    }
    state.pumping = track(
      (async () => {
        do {
          state.again = false;
          await fill().catch((error: unknown) =>
            log.warn(`Jobs could not be claimed (${errorReason(error)}); trying again later.`),
          );
        } while (state.again && !life.stopped);
      })().finally(() => {
        state.pumping = undefined;
        if (life.started) void sleepUntilNext();
      }),
    );
    return state.pumping;
  }

  /** Sleeps until the next due job, or JOBS_LOOK_EVERY_MS at most. */
  async function sleepUntilNext(): Promise<void> {
    const waitMs = sleepFor(
      // The database away: looked at again within the longest sleep.
      await repo.nextDue([...kinds.keys()]).catch(() => undefined),
      now(),
    );
    if (life.stopped || !life.started || state.pumping) return;
    clearTimeout(life.timer);
    life.timer = setTimeout(() => void pump(), waitMs);
    life.timer.unref();
  }

  return {
    track,
    pump,
    ran: () => state.ran,
    start: () => void (life.started = true),
    stop() {
      life.stopped = true;
      clearTimeout(life.timer);
    },
    idle,
  };
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
  const kinds = new Map((deps.kinds ?? []).map((k) => [k.name, k]));
  const loop = claimLoop({
    repo,
    log,
    now,
    kinds,
    atOnce: deps.atOnce ?? JOBS_AT_ONCE,
    leaseMs: deps.leaseMs ?? JOB_LEASE_MS,
  });

  /** The recurring kinds' rows, added where missing: one each however many processes ask. */
  async function schedule(): Promise<void> {
    for (const kind of kinds.values()) {
      if (kind.everyMs !== undefined) await repo.enqueue(kind.name, {}, now(), { key: kind.name });
    }
  }

  return {
    /** This process runs jobs of `kind` too: the one line a feature's new kind needs. */
    register<P>(kind: JobKind<P>): JobKind<P> {
      kinds.set(kind.name, kind as unknown as JobKind<never>);
      return kind;
    },

    /** Adds a job (kept at once in the database) and starts it when this process has room. */
    enqueue<P>(kind: JobKind<P>, payload: P, options?: EnqueueOptions): Promise<void> {
      return loop.track(
        repo.enqueue(kind.name, payload ?? {}, now(), options).then(() => {
          if (kinds.has(kind.name)) void loop.pump();
        }),
      );
    },

    schedule,

    /** Runs the due jobs now (a scheduled function's call): how many were settled. */
    async runDue(): Promise<number> {
      const before = loop.ran();
      await loop.pump();
      await loop.idle();
      return loop.ran() - before;
    },

    /** The Node server's: recurring jobs scheduled, due jobs run, and woken when next due. */
    async start(): Promise<void> {
      loop.start();
      await schedule().catch((error: unknown) =>
        log.warn(`Recurring jobs could not be scheduled (${errorReason(error)}).`),
      );
      await loop.pump();
    },

    /** Claims nothing more and sleeps no more; jobs running finish (or their claims lapse). */
    stop: loop.stop,

    /** Resolves when nothing this process started is running (due jobs included, not retries). */
    idle: loop.idle,

    /** Jobs kept with an error (failed for good, or a recurring run that failed). */
    problems: (limit?: number) => jobProblems(deps.db, limit),
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
