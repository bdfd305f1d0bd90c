import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { loadTestSettings } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Database } from '../../src/server/db/handle.ts';
import { pgliteTestDatabase, TABLES } from './pglite-test-db.ts';

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Empties every table, so each test starts from a migrated, empty database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A migrated database for one test file: a copy of the PGlite template made by global-setup (or
 * one a finished file gave back, made as new: pglite-test-db.ts), or, when TEST_DATABASE_URL is
 * set (npm run test:pg), a fresh database on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl } = loadTestSettings();
  if (!databaseUrl) {
    return { kind: 'pglite', ...(await pgliteTestDatabase()) };
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
