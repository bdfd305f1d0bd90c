import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Database } from './handle.ts';

/**
 * The places drizzle's types and Legenda's part, written once. Repos take one `Database`
 * whatever the driver (PGlite or node-postgres), so drizzle types a raw statement's result as
 * `unknown` and a transaction as its own class: these give them the types the code relies on.
 */

/** A driver's drizzle database as the one `Database` type the repos take. */
export function asDatabase<H extends PgQueryResultHKT>(db: PgDatabase<H>): Database {
  return db as unknown as Database;
}

/**
 * The rows of a raw statement (`db.execute(sql…)`), typed as its `select` or `returning` names
 * them: both drivers answer `{ rows }`. The type is the statement's word, as drizzle's own
 * `sql<T>` is; a driver answering otherwise is an error here rather than rows of undefined.
 */
export function rowsOf<T extends object>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('The database answered a statement without rows.');
  return rows as T[];
}

/**
 * `work` in one transaction of `db`, given the transaction as a `Database`: a repo's writes run
 * the same on either (drizzle's transaction class differs from its database's in type only).
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}
