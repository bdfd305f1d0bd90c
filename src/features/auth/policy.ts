/**
 * Session and sign-in throttling rules, in one place so the README can quote them.
 *
 * - Idle timeout 7 days: staff open Legenda a few times a week; signing in again every morning
 *   would push them to weak passwords, while a week unused is a good sign the device is gone.
 * - Absolute timeout 30 days: even an active stolen cookie stops working within a month.
 * - last_seen_at is written at most every 5 minutes, not on every request.
 * - A session ended from another process stops working within one second (the session cache).
 */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_TOUCH_EVERY_MS = 5 * 60 * 1000;
/** How long a process may reuse a session it read (see service.ts), and how many it keeps. */
export const SESSION_CACHE_MS = 1000;
export const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Sign-in throttling (no hard lockout): after `free` failures, each further failure blocks the
 * key for `base * 2^(extra failures)` seconds, up to `cap`. A key with no failure for an hour
 * starts again from zero. One key per account (5 free tries) and one per address (30 free tries,
 * because a museum's staff often share one public address).
 */
export interface ThrottleRule {
  free: number;
  baseSeconds: number;
  capSeconds: number;
}
export const ACCOUNT_RULE: ThrottleRule = { free: 5, baseSeconds: 30, capSeconds: 15 * 60 };
export const ADDRESS_RULE: ThrottleRule = { free: 30, baseSeconds: 30, capSeconds: 15 * 60 };
export const THROTTLE_RESET_MS = 3600 * 1000;

/** How long a key is blocked after its `failures`-th failure, in seconds (0: not blocked). */
export function blockSeconds(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  const extra = failures - rule.free;
  return Math.min(rule.capSeconds, rule.baseSeconds * 2 ** Math.min(extra, 20));
}
