/**
 * One kind of background work (ADR 0042): what the runner needs to run a job of it, retry it
 * and, when `everyMs` is given, run it again and again. Adding a kind is one `jobKind({...})`
 * beside the feature that owns the work, listed where the process makes its runner.
 */
export interface JobKind<P = void> {
  /** Stored in each job's row: renaming a kind strands the jobs waiting under the old name. */
  name: string;
  /** The work; a throw is a failed attempt, tried again after a back-off. */
  run(payload: P, attempt: number): Promise<void>;
  /** Attempts before the job is failed for good, the first included (default 5). */
  tries?: number;
  /** The wait before the second attempt, doubled before each next one (default 30 s). */
  firstRetryMs?: number;
  /**
   * Recurring: one row keyed by the kind's name, run again this long after each run, however
   * many processes schedule it. Its failures do not end it: the next period tries again.
   */
  everyMs?: number;
  /** At most this many of the kind at once in one process (default: the runner's bound). */
  concurrency?: number;
  /** What a job failed for good leaves wrong, said in the log after its error. */
  failedMeans?: string;
  /** Words naming a job in the log (its payload's tags, its article). */
  describe?(payload: P): string;
}

/** A kind, typed by its payload. */
export const jobKind = <P = void>(kind: JobKind<P>): JobKind<P> => kind;

export const DEFAULT_TRIES = 5;
export const DEFAULT_FIRST_RETRY_MS = 30_000;

/** The wait after the `attempt`th failure: the first retry's, doubled each time. */
export function backoffMs(kind: Pick<JobKind<never>, 'firstRetryMs'>, attempt: number): number {
  return (kind.firstRetryMs ?? DEFAULT_FIRST_RETRY_MS) * 2 ** (attempt - 1);
}

/**
 * A recurring job's next run: the next multiple of its period, as cron counts (an hourly job at
 * the next full hour). A scheduled function called at each minute or hour then finds it due, not
 * a few milliseconds early.
 */
export function nextPeriod(at: Date, everyMs: number): Date {
  return new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
}
