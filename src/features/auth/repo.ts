import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.ts';
import { loginThrottle, museums, sessions, users } from '../../server/db/schema.ts';

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

export function authRepo(db: Database) {
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

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /** Adds one failure to a key, starting afresh when the last one is old; returns the count. */
    async recordFailure(key: string, now: Date, resetBefore: Date): Promise<number> {
      const rows = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.updatedAt} < ${resetBefore} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.updatedAt} < ${resetBefore} then ${now} else ${loginThrottle.windowStartedAt} end`,
            updatedAt: now,
          },
        })
        .returning({ failures: loginThrottle.failures });
      return rows[0]?.failures ?? 1;
    },

    async block(key: string, until: Date): Promise<void> {
      await db.update(loginThrottle).set({ blockedUntil: until }).where(eq(loginThrottle.key, key));
    },

    async blockedUntil(keys: string[], now: Date): Promise<Date | undefined> {
      const rows = await db
        .select({ until: sql<Date | string | null>`max(${loginThrottle.blockedUntil})` })
        .from(loginThrottle)
        .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.blockedUntil, now)));
      const until = rows[0]?.until;
      return until ? new Date(until) : undefined;
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
