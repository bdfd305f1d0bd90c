import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { loginThrottle, museums, sessions, users } from '../../server/db/schema.ts';
import { blockSeconds, type ThrottleRule } from './policy.ts';

export interface UserRecord {
  id: number;
  museumId: number;
  email: string;
  passwordHash: string;
  disabledAt: Date | null;
}

export interface SessionRecord {
  userId: number;
  email: string;
  museumId: number;
  museumName: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  disabledAt: Date | null;
}

/**
 * Counts one attempt against a key, unless it is blocked: one statement, so attempts at once
 * (from any process on the database) each get their own number, and the one that reaches
 * the rule's limit blocks the key for all that follow. Returns the attempt's number, or,
 * for a blocked key, until when (counting nothing).
 */
async function reserveAttempt(
  db: Database,
  key: string,
  rule: ThrottleRule,
  now: Date,
  resetBefore: Date,
): Promise<{ attempt: number } | { blockedUntil: Date }> {
  const at = now.toISOString();
  const reset =
    rule.resetFrom === 'window_start'
      ? sql`${loginThrottle.windowStartedAt} < ${resetBefore.toISOString()}::timestamptz`
      : sql`${loginThrottle.updatedAt} < ${resetBefore.toISOString()}::timestamptz`;
  const attempt = sql`(case when ${reset} then 1 else ${loginThrottle.failures} + 1 end)`;
  const block = blockSeconds(1, rule);
  const rows = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      blockedUntil: block > 0 ? new Date(now.getTime() + block * 1000) : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: attempt,
        windowStartedAt: sql`case when ${reset} then ${at}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        updatedAt: sql`case when ${reset} then ${at}::timestamptz else ${loginThrottle.updatedAt} end`,
        // blockSeconds(), in SQL, of this attempt's number.
        blockedUntil: sql`case when ${attempt} >= ${rule.free}::int
          then ${at}::timestamptz + least(${rule.capSeconds}::float8,
            ${rule.baseSeconds}::float8 * power(2, least(${attempt} - ${rule.free}::int, 20)))
            * interval '1 second'
          end`,
      },
      setWhere: or(isNull(loginThrottle.blockedUntil), lte(loginThrottle.blockedUntil, now)),
    })
    .returning({ attempt: loginThrottle.failures });
  if (rows[0]) return { attempt: rows[0].attempt };
  const [row] = await db
    .select({ until: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  // Unblocked in between: say one second.
  return { blockedUntil: row?.until ?? new Date(now.getTime() + 1000) };
}

function userQueries(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const rows = await db
        .select({
          id: users.id,
          museumId: users.museumId,
          email: users.email,
          passwordHash: users.passwordHash,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return rows[0];
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}

function sessionQueries(db: Database) {
  return {
    async createSession(tokenHash: string, userId: number, now: Date, expiresAt: Date) {
      await db
        .insert(sessions)
        .values({ tokenHash, userId, createdAt: now, lastSeenAt: now, expiresAt });
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          museumId: museums.id,
          museumName: museums.name,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          disabledAt: users.disabledAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(museums, eq(museums.id, users.museumId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    async touchSession(tokenHash: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Deletes sessions past their absolute or idle timeout; returns how many. */
    async deleteEndedSessions(now: Date, idleMs: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          or(
            lte(sessions.expiresAt, now),
            lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
  };
}

/** The sign-in throttle: attempts counted per key, blocks that grow with failures. */
function throttleQueries(db: Database) {
  return {
    /** Counts one attempt against a key, unless it is blocked: see `reserveAttempt`. */
    async reserve(
      key: string,
      rule: ThrottleRule,
      now: Date,
      resetBefore: Date,
    ): Promise<{ attempt: number } | { blockedUntil: Date }> {
      return reserveAttempt(db, key, rule, now, resetBefore);
    },

    /**
     * Gives back attempts counted by reserve() that were not failures (the sign-in succeeded,
     * another key was blocked, or the password could not be checked), with the block the
     * attempt may have set: no attempt after it passed that block, so none is lost.
     */
    async release(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, blockedUntil: null })
        .where(inArray(loginThrottle.key, keys));
    },

    /** Marks reserved attempts as failures: the keys' counts restart an hour after this. */
    async markFailed(keys: string[], now: Date): Promise<void> {
      await db
        .update(loginThrottle)
        .set({ updatedAt: now })
        .where(inArray(loginThrottle.key, keys));
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    /** Deletes keys whose count would restart at their next attempt and that block nothing. */
    async deleteStaleThrottles(now: Date, resetBefore: Date): Promise<number> {
      const rows = await db
        .delete(loginThrottle)
        .where(
          and(
            lt(loginThrottle.updatedAt, resetBefore),
            lt(loginThrottle.windowStartedAt, resetBefore),
            or(isNull(loginThrottle.blockedUntil), lte(loginThrottle.blockedUntil, now)),
          ),
        )
        .returning({ key: loginThrottle.key });
      return rows.length;
    },
  };
}

export function authRepo(db: Database) {
  return { ...userQueries(db), ...sessionQueries(db), ...throttleQueries(db) };
}

export type AuthRepo = ReturnType<typeof authRepo>;
