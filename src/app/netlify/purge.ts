import { authRepo } from '../../features/auth/repo.ts';
import { authService } from '../../features/auth/service.ts';
import { purgeJobs } from '../../features/auth/purge.ts';
import { purgeUnnamedUploads } from '../../features/uploads/purge.ts';
import { jobRunner } from '../../server/jobs/runner.ts';
import { createBlobStore } from '../../server/blobs.ts';
import type { BlobStore } from '../../server/blobs/store.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import type { Config } from '../../server/config/schema.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { errorBody } from '../../server/http/errors.ts';
import { errorReason, isUnavailable } from '../../server/db/errors.ts';
import { createLogger, type Logger } from '../../server/log.ts';
import { NETLIFY_IDLE_TIMEOUT_MS } from './handler.ts';

/**
 * The hourly purge on Netlify (netlify/functions/purge.mts, a scheduled function): the purge jobs
 * the Node server's runner runs every hour (src/features/auth/purge.ts), deleting ended sessions
 * and stale sign-in counters, and the uploaded files no article has named for a day. Netlify ignores the answer; it says what happened, for its logs and
 * for tests.
 */
export interface NetlifyPurge {
  run(): Promise<Response>;
  close(): Promise<void>;
}

export function createNetlifyPurge(
  settings: Config,
  options: { log?: Logger; now?: () => Date; blobs?: BlobStore } = {},
): NetlifyPurge {
  if (!settings.databaseUrl) throw new Error('The Netlify entry needs DATABASE_URL.');
  const log = options.log ?? createLogger(settings);
  const database = openPostgres(
    settings.databaseUrl,
    1,
    (error) => log.warn(`A database connection closed: ${error.message}`),
    { idleTimeoutMillis: NETLIFY_IDLE_TIMEOUT_MS, allowExitOnIdle: true },
  );
  const auth = authService(authRepo(database.db), { now: options.now });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });

  // What this call removed, for the answer: the runner hears it from the purge jobs.
  let purged: Record<string, number> = {};
  const now = options.now ?? (() => new Date());
  const jobs = jobRunner({
    db: database.db,
    log,
    now,
    kinds: purgeJobs(auth, log, {
      uploads: async () =>
        purgeUnnamedUploads({
          db: database.db,
          blobs: options.blobs ?? (await createBlobStore(settings)),
          now,
        }),
      done: (p) => void (purged = { ...purged, ...p }),
    }),
  });

  return {
    async run() {
      try {
        purged = {};
        // The purges are recurring jobs (ADR 0042): due at each hour, when this function runs.
        await jobs.schedule();
        await jobs.runDue();
        log.info(`Purged: ${JSON.stringify(purged)}.`);
        return json(200, { purged });
      } catch (error) {
        if (isUnavailable(error)) {
          log.warn(`Purge: database unavailable (${errorReason(error)})`);
          return json(503, errorBody('unavailable', 'Legenda cannot reach its database.'));
        }
        log.error('Purge failed', error);
        return json(500, errorBody('internal_error', 'Something went wrong on our side.'));
      }
    },
    close: () => database.close(),
  };
}

let shared: NetlifyPurge | undefined;

/** The instance's purge, made once from the environment (loadNetlifyConfig). */
export function netlifyPurge(): NetlifyPurge {
  shared ??= createNetlifyPurge(loadNetlifyConfig());
  return shared;
}
