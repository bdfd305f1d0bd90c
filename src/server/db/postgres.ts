import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, type DatabaseHandle } from './handle.ts';
import { asDatabase } from './typed.ts';

/** Any number: the key of the advisory lock that serialises migrations between processes. */
const MIGRATION_LOCK = 7_302_118;

/** How a pool keeps its connections (pg's defaults when unset). */
export interface PoolOptions {
  /** Milliseconds an unused connection stays open. */
  idleTimeoutMillis?: number;
  /** Idle connections do not keep the process (a serverless instance) alive. */
  allowExitOnIdle?: boolean;
}

/**
 * A pool on a PostgreSQL server. A pooled connection that dies while idle (server restart,
 * failover) is reported to `onIdleError` and replaced at the next query; unhandled, that event
 * would stop the process. One that dies while lent out (a query or a transaction running) emits
 * the same event on the client, where the pool listens only while it is idle: every client gets
 * a listener of its own, since the query it was running fails with the error anyway (503).
 */
export function openPostgres(
  connectionString: string,
  max = 10,
  onIdleError: (error: Error) => void = () => {},
  options: PoolOptions = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, ...options });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool });
  return {
    db: asDatabase(db),
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
