import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, recordAnswers, type Database, type DatabaseHandle } from './handle.ts';

// PostgreSQL's pool is in postgres.ts, which loads nothing of the embedded database: the Netlify
// functions import it alone.
export {
  migrationsFolder,
  ping,
  sinceLastAnswer,
  type Database,
  type DatabaseHandle,
} from './handle.ts';
export { openPostgres, type PoolOptions } from './postgres.ts';

/**
 * Records when the client last answered a query or a transaction (drizzle sends everything
 * through these two), once per client however many handles wrap it: the health check takes a
 * recent answer as proof that the database answers, instead of queueing a query of its own
 * behind busy ones (PGlite takes one at a time).
 */
const recording = new WeakMap<PGlite, () => number | undefined>();
function recorded(client: PGlite): () => number | undefined {
  const known = recording.get(client);
  if (known) return known;
  let last: number | undefined;
  const mark = <T>(result: T): T => {
    last = performance.now();
    return result;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) =>
    query(...args).then(mark)) as typeof client.query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    transaction(...args).then(mark)) as typeof client.transaction;
  const lastAnswer = () => last;
  recording.set(client, lastAnswer);
  return lastAnswer;
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  recordAnswers(db as unknown as Database, recorded(client));
  return {
    db: db as unknown as Database,
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
