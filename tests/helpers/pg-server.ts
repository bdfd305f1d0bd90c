import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { loadTestSettings } from '../../src/server/config.ts';
import { canMakePgCluster, startPgCluster, type PgCluster } from './pg-cluster.ts';

/**
 * PostgreSQL for the test files that start real processes on it (tests/integration/pg-*).
 *
 * - 'server': any PostgreSQL where the test may create databases: TEST_DATABASE_URL when it is
 *   set, otherwise the run's one throwaway cluster (pg-global-setup.ts).
 * - 'cluster': a server the test may stop and start again (faults): always a throwaway cluster,
 *   so it needs the PostgreSQL binaries even when TEST_DATABASE_URL is set.
 */
export type PgNeed = 'server' | 'cluster';

/**
 * Why this machine cannot run a file's PostgreSQL tests, or undefined when it can. With CI set
 * (loadTestSettings().ci) it throws instead: CI installs PostgreSQL, so a missing server there
 * is a broken CI, not a reason to skip.
 */
export function pgMissing(need: PgNeed): string | undefined {
  const { databaseUrl, ci } = loadTestSettings();
  const binaries = canMakePgCluster();
  let reason: string | undefined;
  if (need === 'cluster' && !binaries) {
    reason =
      'needs the PostgreSQL server binaries (initdb, postgres) to stop and restart a throwaway ' +
      'server; TEST_DATABASE_URL is not enough (Debian: apt-get install postgresql)';
  } else if (need === 'server' && !databaseUrl && !binaries) {
    reason =
      'needs PostgreSQL: set TEST_DATABASE_URL to a server where it may create databases, or ' +
      'install the server binaries (Debian: apt-get install postgresql)';
  }
  if (reason && ci) throw new Error(`CI is set, so this does not skip: it ${reason}.`);
  return reason;
}

/**
 * `describe`, or a skipped `describe` whose name says why (the reason shows in Vitest's
 * output next to the skipped tests).
 */
export function describeWithPg(need: PgNeed, name: string, body: () => void): void {
  const missing = pgMissing(need);
  if (missing) describe.skip(`${name} [skipped: it ${missing}]`, body);
  else describe(name, body);
}

export interface PgServer {
  /** Set when the server is a throwaway cluster of this file (stop, start). */
  cluster: PgCluster | undefined;
  /** A new, empty database on the server: its URL. Dropped by close(). */
  createDatabase(): Promise<string>;
  /** Drops the databases made here and removes the throwaway cluster. */
  close(): Promise<void>;
}

export async function openPgServer(need: PgNeed): Promise<PgServer> {
  const given =
    need === 'server'
      ? loadTestSettings().databaseUrl || inject('sharedPgUrl') || undefined
      : undefined;
  const cluster = given ? undefined : await startPgCluster();
  const adminUrl = given ?? cluster!.url;
  const made: string[] = [];

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  return {
    cluster,
    async createDatabase() {
      const name = `legenda_it_${randomBytes(6).toString('hex')}`;
      await admin((client) => client.query(`create database "${name}"`));
      made.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async close() {
      if (cluster) {
        await cluster.destroy();
        return;
      }
      await admin(async (client) => {
        for (const name of made)
          await client.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}

/** A client on one database for the test's own checks; closed with `end()`. */
export async function sqlClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A server stopped under the client: its error event must not end the test process.
  client.on('error', () => {});
  await client.connect();
  return client;
}
