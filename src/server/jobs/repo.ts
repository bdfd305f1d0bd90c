import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/handle.ts';
import { jobs } from '../db/schema/jobs.ts';

/** A job as a runner claimed it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  /** This run included. */
  attempts: number;
}

/** A job kept with its last error: failed for good, or a recurring job whose last run failed. */
export interface JobProblem {
  id: number;
  kind: string;
  key: string | null;
  state: 'waiting' | 'running' | 'failed';
  attempts: number;
  lastError: string;
  runAt: Date;
}

type Row = Record<string, unknown>;

/** The rows of a raw query: both drivers (pg, PGlite) answer `{ rows }`. */
async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** What may be asked again: with `again`, a running job runs once more after this run. */
export interface EnqueueOptions {
  key?: string | undefined;
  runAt?: Date | undefined;
  /** Asked while the keyed job runs: it runs once more after (a recount of newer data). */
  again?: boolean | undefined;
}

/** The jobs table's statements (schema/jobs.ts), each one statement: safe from any process. */
export function jobsRepo(db: Database) {
  return {
    /** Adds a job; with a key already live, none is added (or, `again`, that one is asked again). */
    async enqueue(kind: string, payload: unknown, now: Date, o: EnqueueOptions = {}) {
      const onConflict = o.again
        ? sql`do update set again = (${jobs}.state = 'running'),
                run_at = least(${jobs}.run_at, excluded.run_at)`
        : sql`do nothing`;
      await db.execute(sql`
        insert into ${jobs} (kind, key, payload, run_at)
        values (${kind}, ${o.key ?? null}, ${JSON.stringify(payload)}::jsonb, ${at(o.runAt ?? now)})
        on conflict (key) where state <> 'failed' ${onConflict}`);
    },

    /**
     * The oldest due job of `kinds`, claimed until `lockedUntil`, or none. A running job whose
     * claim has lapsed is due again: the process that claimed it stopped.
     */
    async claim(kinds: readonly string[], now: Date, lockedUntil: Date) {
      if (kinds.length === 0) return undefined;
      const [row] = await rowsOf(
        db,
        sql`
        update ${jobs} set state = 'running', attempts = attempts + 1,
          locked_until = ${at(lockedUntil)}
        where id = (
          select id from ${jobs}
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((state = 'waiting' and run_at <= ${at(now)})
                 or (state = 'running' and locked_until < ${at(now)}))
          order by run_at, id
          limit 1
          for update skip locked
        )
        returning id, kind, key, payload, attempts`,
      );
      return row && toClaimed(row);
    },

    /**
     * Done: deleted, unless asked again meanwhile (then waiting again from now). The delete goes
     * first: an ask landing between the two statements is then seen by the update.
     */
    async done(id: number, now: Date): Promise<void> {
      await db.execute(sql`delete from ${jobs} where id = ${id} and not again`);
      await db.execute(sql`
        update ${jobs} set state = 'waiting', again = false, attempts = 0, last_error = null,
          run_at = ${at(now)}, locked_until = null
        where id = ${id}`);
    },

    /** Waits again until `runAt`: a retry after a failure, or a recurring job's next run. */
    async later(id: number, runAt: Date, lastError: string | null, attempts?: number) {
      await db.execute(sql`
        update ${jobs} set state = 'waiting', run_at = ${at(runAt)}, locked_until = null,
          again = false, last_error = ${lastError}
          ${attempts === undefined ? sql`` : sql`, attempts = ${attempts}`}
        where id = ${id}`);
    },

    /** A running job's claim made longer. */
    async hold(id: number, lockedUntil: Date): Promise<void> {
      await db.execute(
        sql`update ${jobs} set locked_until = ${at(lockedUntil)} where id = ${id} and state = 'running'`,
      );
    },

    /** Failed for good: kept with its error, out of the way of the same work asked again. */
    async failed(id: number, lastError: string): Promise<void> {
      await db.execute(sql`
        update ${jobs} set state = 'failed', last_error = ${lastError}, locked_until = null
        where id = ${id}`);
    },

    /** When the next job of `kinds` is due (a lapsed claim included), or undefined. */
    async nextDue(kinds: readonly string[]): Promise<Date | undefined> {
      if (kinds.length === 0) return undefined;
      const [row] = await rowsOf(
        db,
        sql`
        select min(case when state = 'waiting' then run_at else locked_until end) as next
        from ${jobs}
        where state <> 'failed' and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
      return row?.next == null ? undefined : new Date(row.next as string | Date);
    },
  };
}

function toClaimed(row: Row): ClaimedJob {
  const payload =
    typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
  return {
    id: Number(row.id),
    kind: String(row.kind),
    key: row.key == null ? null : String(row.key),
    payload,
    attempts: Number(row.attempts),
  };
}

export type JobsRepo = ReturnType<typeof jobsRepo>;

/** The jobs kept with an error, the newest first (`npm run jobs`). */
export async function jobProblems(db: Database, limit = 100): Promise<JobProblem[]> {
  const rows = await rowsOf(
    db,
    sql`
    select id, kind, key, state, attempts, last_error, run_at from ${jobs}
    where last_error is not null order by run_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    key: r.key == null ? null : String(r.key),
    state: r.state as JobProblem['state'],
    attempts: Number(r.attempts),
    lastError: String(r.last_error),
    runAt: new Date(r.run_at as string | Date),
  }));
}
