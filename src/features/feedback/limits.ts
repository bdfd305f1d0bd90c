import { hash, randomBytes } from 'node:crypto';
import { addressBlock } from '../../server/http/address-block.ts';
import { slidingWindows } from '../../server/sliding-window.ts';

/**
 * How many reports anonymous visitors may leave: a report is stored, so a bot must not be able
 * to fill the database. Per visitor, per address and per museum an hour, in memory like the
 * engine gate (reader/visit/engine-gate.ts: a visitor is a salted hash of their address and
 * browser, an address a salted hash of the address alone, never written anywhere); per museum
 * over the last 30 days, counted in the database, so the bound holds across processes and
 * restarts.
 *
 * The address's bound counts whatever the browser says it is (and an IPv6 address by its /64):
 * a client that changes its User-Agent at each report is still one address, and stops far below the museum's hourly
 * bound, so other visitors can still report. It is twice a visitor's, since visitors on a
 * museum's Wi-Fi share one address.
 */
export interface FeedbackLimits {
  visitorPerHour: number;
  addressPerHour: number;
  museumPerHour: number;
  museumPer30Days: number;
}

export const FEEDBACK_LIMITS: FeedbackLimits = {
  visitorPerHour: 5,
  addressPerHour: 10,
  museumPerHour: 60,
  museumPer30Days: 1_000,
};

export const HOUR_MS = 60 * 60_000;
export const THIRTY_DAYS_MS = 30 * 24 * HOUR_MS;
/** Visitors remembered at most: past it, the oldest go first. */
const MAX_REMEMBERED = 50_000;

export function hourlyGate(limits: FeedbackLimits, now: () => number) {
  const salt = randomBytes(32).toString('base64');
  const windows = slidingWindows({ now, windowMs: HOUR_MS, max: MAX_REMEMBERED });
  const hashed = (...parts: string[]) => hash('sha256', [salt, ...parts].join('\n'), 'base64url');

  return {
    /**
     * Admits one report of this visitor to this museum, or answers the seconds to wait: one
     * past any hourly limit is refused and not counted.
     */
    admit(
      visitor: { address: string; userAgent: string | undefined },
      museumId: number,
    ): number | undefined {
      return windows.admit([
        [`v\n${hashed(visitor.address, visitor.userAgent ?? '')}`, limits.visitorPerHour],
        [`a\n${hashed(addressBlock(visitor.address))}`, limits.addressPerHour],
        [`m\n${museumId}`, limits.museumPerHour],
      ]);
    },
  };
}
