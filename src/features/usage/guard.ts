import type { Logger } from '../../server/log.ts';
import { errorReason } from '../../server/db/errors.ts';
import type { HoldRequest, HoldsRepo } from './holds-repo.ts';
import type { UsageAdded } from './repo.ts';

/** How long a call waits when the budget could not be read (the database out of reach). */
const UNREAD_RETRY_S = 30;

/**
 * The museums' books as the engines' callers ask them (translation/engine-guard.ts
 * EngineGuard, matched by shape): each call's cost held in the monthly budget and a visitor's
 * characters counted in the museum's minute, or why not; its ticket settles it with what the
 * call really cost, counted in the museum's day (docs/adr/0034-characters-not-pairs.md).
 * Without `holds`, nothing is held and each call's cost is only recorded.
 */
export function budgetGuard(deps: {
  holds: HoldsRepo | undefined;
  now: () => Date;
  log?: Logger | undefined;
  /** Records a cost without a hold (usage/service.ts). */
  record: (museumId: number, added: UsageAdded) => void;
  /** Follows a write to its end (the service's settled(), its cache forgotten). */
  track: (museumId: number, write: Promise<void>) => void;
}) {
  const { holds, now, log } = deps;

  function ticket(museumId: number, id: number | undefined) {
    return {
      async settle(spent: UsageAdded | undefined): Promise<void> {
        if (id === undefined || !holds) {
          if (spent) deps.record(museumId, spent);
          return;
        }
        const write = holds.settle({ id, museumId, at: now() }, spent).catch((error: unknown) => {
          log?.warn(`Engine usage of museum ${museumId} not written: ${errorReason(error)}`);
        });
        deps.track(museumId, write);
        await write;
      },
    };
  }

  return {
    async hold(ask: Omit<HoldRequest, 'at'>) {
      if (!holds) return ticket(ask.museumId, undefined);
      try {
        const held = await holds.hold({ ...ask, at: now() });
        return 'id' in held ? ticket(ask.museumId, held.id) : held;
      } catch (error) {
        // Unread, the budget cannot be held: no call now, asked again in a moment.
        log?.warn(`Engine budget of museum ${ask.museumId} not held: ${errorReason(error)}`);
        return { kind: 'busy' as const, retryAfter: UNREAD_RETRY_S };
      }
    },
  };
}
