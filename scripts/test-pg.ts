import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadTestSettings } from '../src/server/config.ts';
import { canMakePgCluster, startPgCluster } from '../tests/helpers/pg-cluster.ts';

/**
 * `npm run test:pg`: the data tests against a real PostgreSQL server. With TEST_DATABASE_URL set
 * it uses that server; otherwise it makes a throwaway cluster with the machine's initdb, runs
 * the tests and removes it.
 */
const given = process.argv.slice(2);
// `npm run test:pg -- src/features/stats` runs those files only; flags alone keep `src`.
const vitestArgs = ['run', ...(given.some((a) => !a.startsWith('-')) ? [] : ['src']), ...given];

function runVitest(url: string): number {
  const vitest = path.resolve('node_modules/.bin/vitest');
  const result = spawnSync(vitest, vitestArgs, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return result.status ?? 1;
}

const url = loadTestSettings().databaseUrl;
if (url) process.exit(runVitest(url));

if (!canMakePgCluster()) {
  console.error(
    'test:pg needs PostgreSQL: set TEST_DATABASE_URL to a server where the user may create ' +
      'databases, or install the server (Debian: apt-get install postgresql).',
  );
  process.exit(1);
}

let status = 1;
const cluster = await startPgCluster();
try {
  console.log(`[test:pg] ${cluster.version}, on port ${cluster.port}`);
  status = runVitest(cluster.url);
} catch (error) {
  console.error(String(error));
} finally {
  await cluster.destroy();
}
process.exit(status);
