import { bufferedCounts, countsRepo, type Counter } from '../features/stats/counts.ts';
import { repeatFilter } from '../features/stats/repeats.ts';
import type { AppDeps } from '../server/context.ts';
import { errorReason } from '../server/db/errors.ts';

/** The process's visitor counts: buffered, a visitor's repeats once, failures in the log. */
export function visitorCounter(deps: Pick<AppDeps, 'db' | 'config' | 'log'>): Counter {
  return bufferedCounts(countsRepo(deps.db), {
    flushMs: deps.config.countsFlushMs,
    // A visitor's reloads and rescans count once per half hour (per process).
    repeats: repeatFilter(),
    onError: (error, kept) => {
      const reason = errorReason(error);
      deps.log.warn(
        kept
          ? `Visitor counts kept in memory until the database answers: ${reason}`
          : `Visitor counts not written: ${reason}`,
      );
    },
  });
}
