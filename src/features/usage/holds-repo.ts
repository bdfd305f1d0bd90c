import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { rowsOf } from '../../server/db/typed.ts';
import { engineHolds, engineMinutes } from '../../server/db/schema.ts';
import { addUsage, monthUse, type Executor, type UsageAdded } from './repo.ts';

/**
 * Engine calls held before they are made (docs/adr/0034-characters-not-pairs.md), shared by
 * every process through the database: each call's estimated cost is held against the museum's
 * monthly budget, and a visitor's call counts its characters in the museum's minute. A
 * museum's holds are decided one at a time (an advisory lock for the transaction), so a burst
 * of first visits holds no more than the budget left.
 */

/** A hold whose call never settles (its process died) counts this long, past any engine call. */
export const HOLD_EXPIRY_MS = 15 * 60_000;

const MINUTE_MS = 60_000;

/** The advisory lock's first key ('LH'), the museum's id the second. */
const HOLDS_LOCK = 0x4c48;

export interface HoldRequest {
  museumId: number;
  at: Date;
  engine: 'translation' | 'speech';
  /** Estimated tokens of a translation call, or a speech call's characters. */
  amount: number;
  /** A visitor's call: its source characters, within `limit` in the museum's minute. */
  minute?: { chars: number; limit: number } | undefined;
}

export type HoldResult = { id: number } | { kind: 'paused' } | { kind: 'busy'; retryAfter: number };

/** The budget left holds `amount` more, what is held already counted. */
async function withinBudget(tx: Executor, ask: HoldRequest): Promise<boolean> {
  const use = await monthUse(tx, ask.museumId, ask.at);
  // A museum deleted meanwhile has nothing to spend.
  if (!use) return false;
  const budget = ask.engine === 'translation' ? use.budgetTokens : use.budgetSpeechChars;
  if (budget === null) return true;
  const held = rowsOf<{
    tokens: string | number;
    speech: string | number;
  }>(
    await tx.execute(sql`
    select coalesce(sum(tokens), 0) as tokens, coalesce(sum(speech_chars), 0) as speech
    from ${engineHolds} where museum_id = ${ask.museumId}`),
  );
  const row = held[0];
  const spent = ask.engine === 'translation' ? use.tokens : use.speechChars;
  const holding = Number((ask.engine === 'translation' ? row?.tokens : row?.speech) ?? 0);
  return spent + holding + ask.amount <= budget;
}

/** Counts the call's characters in the museum's minute, or says how long to wait. */
async function countMinute(
  tx: Executor,
  ask: HoldRequest & { minute: { chars: number; limit: number } },
): Promise<{ kind: 'busy'; retryAfter: number } | undefined> {
  const { chars, limit } = ask.minute;
  const start = Math.floor(ask.at.getTime() / MINUTE_MS) * MINUTE_MS;
  const busy = {
    kind: 'busy' as const,
    retryAfter: Math.max(1, Math.ceil((start + MINUTE_MS - ask.at.getTime()) / 1000)),
  };
  if (chars > limit) return busy;
  const since = new Date(start).toISOString();
  // An older minute starts afresh; a later one (another process's clock) is added to.
  const counted = rowsOf<{ chars: unknown }>(
    await tx.execute(sql`
    insert into ${engineMinutes} as e (museum_id, engine, minute_start, chars)
    values (${ask.museumId}, ${ask.engine}, ${since}, ${chars})
    on conflict (museum_id, engine) do update set
      minute_start = greatest(e.minute_start, excluded.minute_start),
      chars = case when e.minute_start < excluded.minute_start
                   then excluded.chars else e.chars + excluded.chars end
    where (case when e.minute_start < excluded.minute_start
                then excluded.chars else e.chars + excluded.chars end) <= ${limit}
    returning chars`),
  );
  return counted.length > 0 ? undefined : busy;
}

export function holdsRepo(db: Database) {
  return {
    /** Holds a call's cost: its hold's id, or why not (nothing counted then). */
    async hold(ask: HoldRequest): Promise<HoldResult> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${HOLDS_LOCK}::int, ${ask.museumId}::int)`,
        );
        // Holds of calls that never settled (a process that died) count no more.
        await tx.execute(sql`delete from ${engineHolds}
          where museum_id = ${ask.museumId} and expires_at <= ${ask.at.toISOString()}`);
        if (!(await withinBudget(tx, ask))) return { kind: 'paused' as const };
        if (ask.minute) {
          const busy = await countMinute(tx, { ...ask, minute: ask.minute });
          if (busy) return busy;
        }
        const translation = ask.engine === 'translation';
        const expires = new Date(ask.at.getTime() + HOLD_EXPIRY_MS).toISOString();
        const made = rowsOf<{ id: number | string }>(
          await tx.execute(sql`
          insert into ${engineHolds} (museum_id, tokens, speech_chars, expires_at)
          values (${ask.museumId}, ${translation ? ask.amount : 0},
                  ${translation ? 0 : ask.amount}, ${expires})
          returning id`),
        );
        return { id: Number(made[0]!.id) };
      });
    },

    /** The call ended: its hold replaced by what it really cost (nothing when it got no answer). */
    async settle(
      hold: { id: number; museumId: number; at: Date },
      spent: UsageAdded | undefined,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // Under the museum's lock like a hold: a hold reads the month's use, then what is
        // held, in two statements; a settling committed between them would be counted in
        // neither (PostgreSQL reads each statement afresh), and the budget overshot.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${HOLDS_LOCK}::int, ${hold.museumId}::int)`,
        );
        await tx.execute(sql`delete from ${engineHolds} where id = ${hold.id}`);
        if (spent) await addUsage(tx, hold.museumId, hold.at, spent);
      });
    },
  };
}

export type HoldsRepo = ReturnType<typeof holdsRepo>;
