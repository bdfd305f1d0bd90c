import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * What every database driver answers with. Apart from index.ts so that a PostgreSQL-only entry
 * (the Netlify functions, postgres.ts) never loads the embedded database's code.
 */

/**
 * Queries are written with the query builder on the tables of schema.ts; drizzle is given no
 * schema, so that no process spends its start (about 5 ms) mapping relations it never queries.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** When each database last answered a query (performance.now()), where its driver tells. */
const answered = new WeakMap<Database, () => number | undefined>();

/** Tells lastAnswer when `db` answered: its driver's own record. */
export function recordAnswers(db: Database, last: () => number | undefined): void {
  answered.set(db, last);
}

/** How many milliseconds ago `db` last answered a query, if its driver tells (PGlite). */
export function sinceLastAnswer(db: Database): number | undefined {
  const last = answered.get(db)?.();
  return last === undefined ? undefined : performance.now() - last;
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
