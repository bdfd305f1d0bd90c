import { loadConfig } from '../../server/config.ts';
import { errorReason } from '../../server/db/errors.ts';
import { jobProblems } from '../../server/jobs/repo.ts';
import { openDatabase } from '../runtime.ts';
import { complain, processIo, say, type CliIo } from './io.ts';

/**
 * `npm run jobs`: the background jobs kept with an error (ADR 0042), the newest first: failed for
 * good after their attempts, or recurring ones whose last run failed. One line each: when it was
 * (or runs again), its kind, key, state, attempts and last error. Nothing listed: exit code 0,
 * and a line saying so. The embedded database is read with the server stopped (its lock), as
 * `npm run users` does; PostgreSQL at any time.
 */
export async function runJobs(io: CliIo): Promise<number> {
  let database;
  try {
    database = await openDatabase(loadConfig(io.env));
  } catch (error) {
    complain(io, `[jobs] Cannot open the database: ${errorReason(error)}`);
    return 1;
  }
  try {
    const problems = await jobProblems(database.handle.db);
    if (problems.length === 0) say(io, '[jobs] No job failed.');
    for (const p of problems) {
      say(
        io,
        `${p.runAt.toISOString()}  ${p.kind}${p.key ? ` [${p.key}]` : ''}  ${p.state}, ` +
          `${p.attempts} attempt(s): ${p.lastError}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) process.exitCode = await runJobs(processIo());
