import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inject } from 'vitest';
import { loadTestSettings } from '../../src/server/config.ts';
import { openPostgres, wrapPglite, type Database } from '../../src/server/db/index.ts';
import { schema } from '../../src/server/db/schema.ts';

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Empties every table, so each test starts from a migrated, empty database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const TABLES = Object.values(schema)
  .filter((item) => is(item, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/**
 * A migrated database for one test file: a copy of the PGlite template made by global-setup, or,
 * when TEST_DATABASE_URL is set (npm run test:pg), a fresh database on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl } = loadTestSettings();
  if (!databaseUrl) {
    const tarball = fs.readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
    const handle = wrapPglite(client);
    const reset = await pgliteReset(client);
    return { db: handle.db, kind: 'pglite', reset, close: () => handle.close() };
  }
  const name = `legenda_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  return withReset(handle.db, 'postgres', async () => {
    await handle.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  });
}

/**
 * Empties the embedded database as `truncate … restart identity cascade` does, at a fraction of
 * its cost: PGlite's truncate makes new files for every table and index (60 to 90 ms a test).
 * Here the rows of the tables that have any are deleted, foreign keys set aside for that one
 * transaction (every table is emptied), and the sequences the truncate restarts, those owned by a
 * column, start again; the tree items' sequence, owned by none, goes on as before.
 */
async function pgliteReset(client: PGlite): Promise<() => Promise<void>> {
  const owned = await client.query<{ name: string; start: string }>(
    `select s.oid::regclass::text as name, q.seqstart::text as start
       from pg_class s
       join pg_sequence q on q.seqrelid = s.oid
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
      where t.relnamespace = 'public'::regnamespace`,
  );
  const restart = owned.rows.map((s) => `setval('${s.name}', ${s.start}, false)`).join(', ');
  const filled = TABLES.map(
    (table) => `select '${table}' as name where exists (select 1 from ${table})`,
  ).join(' union all ');
  return async () => {
    const { rows } = await client.query<{ name: string }>(filled);
    if (rows.length === 0 && !restart) return;
    await client.exec(
      [
        'begin',
        'set local session_replication_role = replica',
        ...rows.map((row) => `delete from ${row.name}`),
        ...(restart ? [`select ${restart}`] : []),
        'commit',
      ].join(';\n'),
    );
  };
}

function withReset(db: Database, kind: TestDatabase['kind'], close: () => Promise<void>) {
  return {
    db,
    kind,
    async reset() {
      // The last test's background work (a count, Translate now's queue claiming a row for
      // update) may still hold a row lock: PostgreSQL breaks the deadlock with the truncate by
      // failing one of the two. The truncate is tried again; that work is the test's past.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
          return;
        } catch (error) {
          const failed = error as { code?: string; cause?: { code?: string } };
          const code = failed.cause?.code ?? failed.code;
          if (code !== '40P01' || attempt >= 5) throw error;
        }
      }
    },
    close,
  };
}
