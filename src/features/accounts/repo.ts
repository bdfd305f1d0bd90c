import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { museums, sessions, users } from '../../server/db/schema.ts';
import { inTransaction } from '../../server/db/typed.ts';

/** Serialises first-account creation between processes sharing one PostgreSQL. */
const FIRST_ACCOUNT_LOCK = 7_302_119;

export interface AccountRow {
  id: number;
  email: string;
  museum: string;
  disabled: boolean;
  createdAt: Date;
}

export function accountsRepo(db: Database) {
  /** Changes a user and closes all its sessions in one transaction; false when no such user. */
  function updateAndEndSessions(
    email: string,
    values: { passwordHash: string } | { disabledAt: Date },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set(values)
        .where(eq(users.email, email))
        .returning({ id: users.id });
      const id = rows[0]?.id;
      if (id === undefined) return false;
      await tx.delete(sessions).where(eq(sessions.userId, id));
      return true;
    });
  }

  return {
    /** Runs `create` only when no user exists yet, under a lock; returns whether it ran. */
    async whenNoUsers(create: (tx: Database) => Promise<void>): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
        const [row] = await tx.select({ n: count() }).from(users);
        if ((row?.n ?? 0) > 0) return false;
        await create(tx);
        return true;
      });
    },

    async findMuseumByName(name: string): Promise<{ id: number } | undefined> {
      const rows = await db
        .select({ id: museums.id })
        .from(museums)
        .where(eq(museums.name, name))
        .orderBy(asc(museums.id))
        .limit(1);
      return rows[0];
    },

    async insertMuseum(name: string, tx: Database = db, slug?: string): Promise<number> {
      const [row] = await tx.insert(museums).values({ name, slug }).returning({ id: museums.id });
      if (!row) throw new Error('insert museum returned nothing');
      return row.id;
    },

    async insertUser(
      values: { museumId: number; email: string; passwordHash: string },
      tx: Database = db,
    ): Promise<number> {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('insert user returned nothing');
      return row.id;
    },

    async emailTaken(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return rows.length > 0;
    },

    async list(): Promise<AccountRow[]> {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          museum: museums.name,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .innerJoin(museums, eq(museums.id, users.museumId))
        .orderBy(asc(museums.name), asc(users.email));
      return rows.map(({ disabledAt, ...r }) => ({ ...r, disabled: disabledAt !== null }));
    },

    /** Sets the hash and ends every session of the user: a new password closes old doors. */
    setPassword: (email: string, passwordHash: string) =>
      updateAndEndSessions(email, { passwordHash }),

    disable: (email: string, at: Date) => updateAndEndSessions(email, { disabledAt: at }),

    async enable(email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ disabledAt: null })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
