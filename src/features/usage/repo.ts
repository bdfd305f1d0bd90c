import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { rowsOf } from '../../server/db/typed.ts';
import { engineUsage, museums } from '../../server/db/schema.ts';

/** What engine calls cost, to add to a museum's day. */
export interface UsageAdded {
  promptTokens?: number;
  completionTokens?: number;
  speechChars?: number;
  /** Engine calls (translation and speech); 1 by default. */
  calls?: number;
}

/** A museum's budgets and this month's use, in its own time zone. */
export interface MonthUse {
  timeZone: string;
  /** The museum's month as YYYY-MM, and its first and last days (YYYY-MM-DD). */
  month: string;
  from: string;
  to: string;
  tokens: number;
  speechChars: number;
  budgetTokens: number | null;
  budgetSpeechChars: number | null;
}

export interface UsageDay {
  day: string;
  promptTokens: number;
  completionTokens: number;
  speechChars: number;
  calls: number;
}

/** The museum's month of a moment, computed by the database in the museum's time zone. */
const monthOf = (at: Date) =>
  sql`date_trunc('month', (${at.toISOString()}::timestamptz at time zone m.time_zone))::date`;

/** What runs a statement: the database, or a transaction of it. */
export type Executor = Pick<Database, 'execute'>;

/** The museum's budgets and its use in the month of `at`; undefined for no such museum. */
export async function monthUse(
  db: Executor,
  museumId: number,
  at: Date,
): Promise<MonthUse | undefined> {
  const result = rowsOf<{
    time_zone: string;
    budget_tokens: string | number | null;
    budget_speech_chars: string | number | null;
    from: string;
    to: string;
    tokens: string | number;
    speech: string | number;
  }>(
    await db.execute(sql`
    select m.time_zone, m.budget_tokens, m.budget_speech_chars,
           to_char(${monthOf(at)}, 'YYYY-MM-DD') as "from",
           to_char((${monthOf(at)} + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') as "to",
           coalesce((select sum(u.prompt_tokens + u.completion_tokens) from ${engineUsage} u
             where u.museum_id = m.id and u.day >= ${monthOf(at)}
               and u.day < (${monthOf(at)} + interval '1 month')::date), 0) as tokens,
           coalesce((select sum(u.speech_chars) from ${engineUsage} u
             where u.museum_id = m.id and u.day >= ${monthOf(at)}
               and u.day < (${monthOf(at)} + interval '1 month')::date), 0) as speech
    from ${museums} m where m.id = ${museumId}`),
  );
  const row = result[0];
  if (!row) return undefined;
  const orNull = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    timeZone: row.time_zone,
    month: row.from.slice(0, 7),
    from: row.from,
    to: row.to,
    tokens: Number(row.tokens),
    speechChars: Number(row.speech),
    budgetTokens: orNull(row.budget_tokens),
    budgetSpeechChars: orNull(row.budget_speech_chars),
  };
}

/**
 * Adds to the museum's day (the day of `at` in its time zone, read in the same statement): an
 * upsert adding, safe under concurrent processes. Nothing for a museum that does not exist.
 */
export async function addUsage(
  db: Executor,
  museumId: number,
  at: Date,
  added: UsageAdded,
): Promise<void> {
  const prompt = Math.max(0, Math.round(added.promptTokens ?? 0));
  const completion = Math.max(0, Math.round(added.completionTokens ?? 0));
  const speech = Math.max(0, Math.round(added.speechChars ?? 0));
  const calls = Math.max(0, Math.round(added.calls ?? 1));
  await db.execute(sql`
    insert into ${engineUsage} as u
      (museum_id, day, prompt_tokens, completion_tokens, speech_chars, calls)
    select m.id, (${at.toISOString()}::timestamptz at time zone m.time_zone)::date,
           ${prompt}, ${completion}, ${speech}, ${calls}
    from ${museums} m where m.id = ${museumId}
    on conflict (museum_id, day) do update set
      prompt_tokens = u.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = u.completion_tokens + excluded.completion_tokens,
      speech_chars = u.speech_chars + excluded.speech_chars,
      calls = u.calls + excluded.calls`);
}

/** engine_usage and the museums' budgets: always one museum's. */
export function usageRepo(db: Database) {
  return {
    /** Adds to the museum's day (addUsage). */
    async add(museumId: number, at: Date, added: UsageAdded): Promise<void> {
      await addUsage(db, museumId, at, added);
    },

    /** The museum's budgets and its use in the month of `at`; undefined for no such museum. */
    async month(museumId: number, at: Date): Promise<MonthUse | undefined> {
      return monthUse(db, museumId, at);
    },

    /** The museum's days from `from` to `to` (inclusive) that have any use, oldest first. */
    async days(museumId: number, from: string, to: string): Promise<UsageDay[]> {
      return db
        .select({
          day: engineUsage.day,
          promptTokens: engineUsage.promptTokens,
          completionTokens: engineUsage.completionTokens,
          speechChars: engineUsage.speechChars,
          calls: engineUsage.calls,
        })
        .from(engineUsage)
        .where(
          and(
            eq(engineUsage.museumId, museumId),
            gte(engineUsage.day, from),
            lte(engineUsage.day, to),
          ),
        )
        .orderBy(engineUsage.day);
    },

    /** The museum of that exact name, for the command line. */
    async museumByName(name: string): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db
        .select({ id: museums.id, name: museums.name })
        .from(museums)
        .where(eq(museums.name, name));
      return row;
    },

    /** Sets the budgets given (null: none); one left undefined is kept. */
    async setBudget(
      museumId: number,
      budget: { tokens?: number | null | undefined; speechChars?: number | null | undefined },
    ): Promise<void> {
      const change: { budgetTokens?: number | null; budgetSpeechChars?: number | null } = {};
      if (budget.tokens !== undefined) change.budgetTokens = budget.tokens;
      if (budget.speechChars !== undefined) change.budgetSpeechChars = budget.speechChars;
      if (Object.keys(change).length === 0) return;
      await db.update(museums).set(change).where(eq(museums.id, museumId));
    },
  };
}

export type UsageRepo = ReturnType<typeof usageRepo>;
