import { authRepo } from '../../features/auth/repo.ts';
import { authService } from '../../features/auth/service.ts';
import { loadNetlifyConfig, type Config } from '../config.ts';
import { openPostgres } from '../db/index.ts';
import { errorBody } from '../http/errors.ts';
import { errorReason, isUnavailable } from '../db/errors.ts';
import { createLogger, type Logger } from '../log.ts';
import { NETLIFY_IDLE_TIMEOUT_MS } from './handler.ts';

/**
 * The hourly purge on Netlify (netlify/functions/purge.mts, a scheduled function): what the Node
 * server does at start and every hour (src/features/auth/purge.ts), deleting ended sessions and
 * stale sign-in counters. Netlify ignores the answer; it says what happened, for its logs and
 * for tests.
 */
export interface NetlifyPurge {
  run(): Promise<Response>;
  close(): Promise<void>;
}

export function createNetlifyPurge(
  settings: Config,
  options: { log?: Logger; now?: () => Date } = {},
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

  return {
    async run() {
      try {
        const purged = await auth.purgeExpired();
        log.info(
          `Purged ${purged.sessions} ended sessions and ${purged.throttles} stale sign-in counters.`,
        );
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
