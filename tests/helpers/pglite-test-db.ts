import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { inject } from 'vitest';
import { wrapPglite } from '../../src/server/db/index.ts';
import type { Database } from '../../src/server/db/handle.ts';
import { schema } from '../../src/server/db/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Set for the test files that share one module graph per worker (vitest.config.ts): a file's
     * embedded database goes back to the worker when the file closes it, and the next file gets
     * it emptied as a new copy would be, instead of loading another copy (a second of processor
     * time each).
     */
    reuseTestDatabases?: boolean;
  }
}

export const TABLES = Object.values(schema)
  .filter((item) => is(item, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** The embedded databases the worker's finished files gave back. */
const idle: PGlite[] = [];

/**
 * An embedded, migrated, empty database for one test file: the worker's last one given back, or
 * a copy of the template global-setup made. `close` closes it, or gives it back.
 */
export async function pgliteTestDatabase(): Promise<{
  db: Database;
  reset: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const reuse = inject('reuseTestDatabases') === true;
  let client = reuse ? idle.pop() : undefined;
  if (client) {
    await asNew(client);
  } else {
    const tarball = fs.readFileSync(inject('pgliteTemplate'));
    client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  }
  const lease = leaseOf(client);
  const reset = await resetOf(client);
  return {
    db: wrapPglite(lease.client).db,
    reset,
    async close() {
      lease.end();
      if (reuse) idle.push(client);
      else await client.close();
    },
  };
}

/**
 * The client as this file sees it: once the file has closed it, every call fails as on a closed
 * database, so work a file left running (a count written late, a queue) never reaches the next
 * file's data. A call under way at that moment ends first: asNew waits its turn behind it.
 */
function leaseOf(client: PGlite): { client: PGlite; end: () => void } {
  let open = true;
  const guarded = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (!open) throw new Error('PGlite is closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client: guarded,
    end: () => {
      open = false;
    },
  };
}

/**
 * A database given back, made as a new copy of the template is: every table truncated (new, empty
 * files, as the copy's) and every sequence of the schema at its start, the tree items' one too.
 */
async function asNew(client: PGlite): Promise<void> {
  const sequences = await client.query<{ name: string; start: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, start_value::text as start
       from pg_sequences where schemaname = 'public'`,
  );
  const restart = sequences.rows.map((s) => `setval('${s.name}', ${s.start}, false)`);
  await client.exec(
    [
      `truncate ${TABLES.join(', ')} restart identity cascade`,
      ...(restart.length > 0 ? [`select ${restart.join(', ')}`] : []),
    ].join(';\n'),
  );
}

/**
 * Empties the database between tests as `truncate … restart identity cascade` does, at a fraction
 * of its cost: PGlite's truncate makes new files for every table and index (60 to 90 ms a test).
 * Here every table's rows are deleted, foreign keys set aside for that one transaction (every
 * table is emptied), and the sequences the truncate restarts, those owned by a column, start
 * again; the tree items' sequence, owned by none, goes on as before. One call: no work left
 * running by the last test slips in between.
 */
async function resetOf(client: PGlite): Promise<() => Promise<void>> {
  const owned = await client.query<{ name: string; start: string }>(
    `select s.oid::regclass::text as name, q.seqstart::text as start
       from pg_class s
       join pg_sequence q on q.seqrelid = s.oid
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
      where t.relnamespace = 'public'::regnamespace`,
  );
  const restart = owned.rows.map((s) => `setval('${s.name}', ${s.start}, false)`);
  const statements = [
    'begin',
    'set local session_replication_role = replica',
    ...TABLES.map((table) => `delete from ${table}`),
    ...(restart.length > 0 ? [`select ${restart.join(', ')}`] : []),
    'commit',
  ].join(';\n');
  return async () => {
    await client.exec(statements);
  };
}
