import type { TestProject } from 'vitest/node';
import { loadTestSettings } from '../../src/server/config.ts';
import { canMakePgCluster, startPgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One throwaway PostgreSQL for every file that needs 'server' (pg-server.ts), or ''. */
    sharedPgUrl: string;
  }
}

/**
 * One throwaway PostgreSQL cluster for the run (the integration tests that start processes on a
 * server, and the migration command's): each file makes its own databases on it and drops them.
 * None when TEST_DATABASE_URL names a server (npm run test:pg) or the binaries are missing.
 * The fault tests, which stop and restart their server, still make one of their own.
 */
export default async function setup(project: TestProject) {
  if (loadTestSettings().databaseUrl || !canMakePgCluster()) {
    project.provide('sharedPgUrl', '');
    return undefined;
  }
  const cluster = await startPgCluster();
  project.provide('sharedPgUrl', cluster.url);
  return () => cluster.destroy();
}
