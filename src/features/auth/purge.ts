import { jobKind, type JobKind } from '../../server/jobs/kind.ts';
import type { Logger } from '../../server/log.ts';
import { PURGE_EVERY_MS } from './policy.ts';
import type { AuthService } from './service.ts';

/** What one purge removed: sessions and sign-in counters, or unnamed uploads. */
export type Purged = { sessions: number; throttles: number } | { uploads: number };

/**
 * Ended sessions (past their absolute or idle timeout) and throttling keys that count nothing
 * any more are deleted every hour, as a recurring job (ADR 0042); otherwise both tables only
 * grow. `uploads`, where given, removes the uploaded files no article has named for a day
 * (uploads/purge.ts), as a job of its own on the same schedule: one failing does not stop the
 * other. The Node server's runner runs them; on Netlify the scheduled function purge.mts.
 * `done` hears what each run removed.
 */
export function purgeJobs(
  auth: Pick<AuthService, 'purgeExpired'>,
  log: Logger,
  options: { everyMs?: number; uploads?: () => Promise<number>; done?: (p: Purged) => void } = {},
): JobKind[] {
  const everyMs = options.everyMs ?? PURGE_EVERY_MS;
  const sessions = jobKind({
    name: 'sessions-purge',
    everyMs,
    async run() {
      const purged = await auth.purgeExpired();
      if (purged.sessions || purged.throttles) {
        log.info(
          `Purged ${purged.sessions} ended sessions and ${purged.throttles} stale sign-in counters.`,
        );
      }
      options.done?.(purged);
    },
  });
  const { uploads } = options;
  if (!uploads) return [sessions];
  const unnamed = jobKind({
    name: 'uploads-purge',
    everyMs,
    async run() {
      const removed = await uploads();
      if (removed) log.info(`Removed ${removed} uploaded files no article named for a day.`);
      options.done?.({ uploads: removed });
    },
  });
  return [sessions, unnamed];
}
