import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns.ts';

/**
 * The background work of every process, one row a job (ADR 0042, src/server/jobs/): a row waits
 * until `run_at`, is claimed by one runner (`for update skip locked`) until `locked_until`, and is
 * deleted when done. A failure waits again with a longer back-off until its attempts are spent,
 * then stays 'failed' with its last error, for an operator to read (`npm run jobs`). A claim whose
 * `locked_until` has passed belongs to a process that stopped: it is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identity(),
    /** The registered kind that runs it (src/server/jobs/kinds.ts). */
    kind: text('kind').notNull(),
    /**
     * At most one live job a key: a recurring job (its kind's name) or work asked many times
     * (one article's recount) is one row, however many processes ask.
     */
    key: text('key'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: text('state', { enum: ['waiting', 'running', 'failed'] })
      .notNull()
      .default('waiting'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Asked again while running: it runs once more after this run, instead of being deleted. */
    again: boolean('again').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    // A failed job keeps its key's row for the operator, and does not stop the work asked again.
    uniqueIndex('jobs_live_key')
      .on(t.key)
      .where(sql`${t.state} <> 'failed'`),
  ],
);
