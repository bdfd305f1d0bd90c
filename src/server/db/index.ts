import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Database, type DatabaseHandle } from './handle.ts';

// PostgreSQL's pool is in postgres.ts, which loads nothing of the embedded database: the Netlify
// functions import it alone.
export { migrationsFolder, ping, type Database, type DatabaseHandle } from './handle.ts';
export { openPostgres, type PoolOptions } from './postgres.ts';

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
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
