import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/handle.ts';
import { TABLES } from './pglite-test-db.ts';
import { twoMuseums } from './staff.ts';
import type { testApp } from './app.ts';

type TestApp = ReturnType<typeof testApp>;
type SignedIn = Awaited<ReturnType<typeof twoMuseums>>;

/** A query's rows: both drivers answer `{ rows }`, which the shared Database type leaves open. */
async function rowsOf<T>(db: Database, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/**
 * twoMuseums for every test of a file, made through the app once and then written again: two
 * accounts added and signed in through the API cost about 90 ms of processor time a test (two
 * dozen queries), the same rows written back in one statement a few. The first test of the file
 * makes them as before; the rows it left (museums, accounts, sessions, throttling counts) and
 * the sequences it moved are kept, with the cookies. A later test whose clock, settings or
 * password cost differ (`key`), or a start where a sequence no reset restarts moved, makes them
 * through the app again. Call it on an emptied database (useTestApp's reset).
 */
export function keptTwoMuseums(): (t: TestApp, db: Database, key: string) => Promise<SignedIn> {
  let kept: { key: string; restore: string; signedIn: SignedIn } | undefined;
  return async (t, db, key) => {
    if (kept?.key === key) {
      await db.execute(sql.raw(kept.restore));
      return kept.signedIn;
    }
    const before = await sequences(db);
    const signedIn = await twoMuseums(t);
    const restore = await restoreStatement(db, before);
    kept = restore ? { key, restore, signedIn } : undefined;
    return signedIn;
  };
}

/** The schema's sequences: name and last value (null before its first use). */
async function sequences(db: Database): Promise<Map<string, string | null>> {
  const rows = await rowsOf<{ name: string; last: string | null }>(
    db,
    `select format('%I', sequencename) as name, last_value::text as last
       from pg_sequences where schemaname = 'public'`,
  );
  return new Map(rows.map((row) => [row.name, row.last]));
}

/**
 * One statement writing back every row the database holds now and moving the sequences as
 * they moved since `before`; undefined when a sequence already in use moved (a reset does not
 * restart it, so writing the same ids again would not be what the app does).
 */
async function restoreStatement(
  db: Database,
  before: Map<string, string | null>,
): Promise<string | undefined> {
  const moved: string[] = [];
  for (const [name, last] of await sequences(db)) {
    if (last === before.get(name)) continue;
    if (before.get(name) !== null) return undefined;
    moved.push(`setval('${name}', ${last}, true)`);
  }
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = await rowsOf<{ rows: string | null }>(
      db,
      `select json_agg(x)::text as rows from ${table} x`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    parts.push(
      `insert into ${table} overriding system value ` +
        `select * from json_populate_recordset(null::${table}, $kept$${json}$kept$)`,
    );
  }
  // Data-modifying CTEs: one statement, whose foreign keys are checked at its end.
  const inserts = parts.map((part, i) => `w${i} as (${part})`);
  const values = moved.length > 0 ? moved.join(', ') : '1';
  return inserts.length > 0 ? `with ${inserts.join(', ')} select ${values}` : `select ${values}`;
}
