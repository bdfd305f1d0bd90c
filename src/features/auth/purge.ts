import { errorReason } from '../../server/db/errors.ts';
import type { Logger } from '../../server/log.ts';
import { PURGE_EVERY_MS } from './policy.ts';
import type { AuthService } from './service.ts';

/**
 * Ended sessions (past their absolute or idle timeout) and throttling keys that count nothing
 * any more are deleted at start and then every hour; otherwise both tables only grow. The Node
 * server runs this; on Netlify the scheduled function netlify/functions/purge.mts does.
 * `uploads`, given by the server, removes the uploaded files no article has named for a day
 * (uploads/purge.ts) on the same schedule. Returns the function that stops it.
 */
export function startPurging(
  auth: Pick<AuthService, 'purgeExpired'>,
  log: Logger,
  options: { everyMs?: number; uploads?: () => Promise<number> } = {},
): () => void {
  let running: Promise<void> | undefined;
  const purge = () => {
    // One at a time: a slow database does not pile them up.
    running ??= Promise.resolve()
      .then(() => auth.purgeExpired())
      .then(
        (purged) => {
          if (purged.sessions || purged.throttles) {
            log.info(
              `Purged ${purged.sessions} ended sessions and ${purged.throttles} stale sign-in counters.`,
            );
          }
        },
        (error: unknown) =>
          log.warn(`Purging ended sessions failed (${errorReason(error)}); trying again later.`),
      )
      .then(() => options.uploads?.())
      .then(
        (removed) => {
          if (removed) log.info(`Removed ${removed} uploaded files no article named for a day.`);
        },
        (error: unknown) =>
          log.warn(`Removing unnamed uploads failed (${errorReason(error)}); trying again later.`),
      )
      .finally(() => (running = undefined));
  };
  purge();
  const timer = setInterval(purge, options.everyMs ?? PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
