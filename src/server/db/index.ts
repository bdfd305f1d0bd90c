import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, recordAnswers, type DatabaseHandle } from './handle.ts';
import { asDatabase } from './typed.ts';

/**
 * The client as drizzle is given it: the same, but recording when it last answered a query or
 * a transaction (drizzle sends everything through these two). The health check takes a recent
 * answer as proof that the database answers, instead of queueing a query of its own behind busy
 * ones (PGlite takes one at a time). A view of the client, which stays as it was.
 */
function recorded(client: PGlite): { client: PGlite; last: () => number | undefined } {
  let last: number | undefined;
  const mark = <T>(result: T): T => {
    last = performance.now();
    return result;
  };
  const view = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]): unknown =>
        (value as (...a: unknown[]) => unknown).apply(target, args);
      return property === 'query' || property === 'transaction'
        ? (...args: unknown[]) => (call(...args) as Promise<unknown>).then(mark)
        : call;
    },
  });
  return { client: view, last: () => last };
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const answers = recorded(client);
  const db = drizzlePglite({ client: answers.client });
  recordAnswers(asDatabase(db), answers.last);
  return {
    db: asDatabase(db),
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Embedded PostgreSQL in a folder. One process per folder: see lock.ts. */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
  return wrapPglite(client);
}
