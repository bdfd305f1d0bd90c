/**
 * Session and sign-in throttling rules, in one place so docs/security.md can quote them.
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
 * Sign-in throttling (no hard lockout). Every attempt is counted against three keys before its
 * password is checked (reserved, in one SQL statement per key, so processes sharing a database
 * share the count); a sign-in that succeeds gives its reservation back. After `free` attempts a
 * key is blocked for `base * 2^(extra attempts)` seconds, up to `cap`; a blocked key answers 429
 * without checking the password and without counting.
 *
 * - (account, address) first, 5 free: a guesser at one address gets 5 tries, then waits.
 *   Only this key is cleared by a successful sign-in from that address.
 * - address, 30 free: one address guessing many accounts (a museum's staff often share one).
 * - account, 100 an hour: guessing spread over many addresses. NIST SP 800-63B allows up to
 *   100 failures per account before it must slow down; it is far above what one address can
 *   reach (the first key holds one address to about 12 an hour), so someone who knows a
 *   curator's email cannot keep the curator, at another address, out.
 *
 * `resetFrom`: the count of `last_failure` keys starts again after an hour without failure;
 * that of `window_start` keys an hour after its first attempt (a fixed window: "100 an hour").
 */
export interface ThrottleRule {
  free: number;
  baseSeconds: number;
  capSeconds: number;
  resetFrom: 'last_failure' | 'window_start';
}
export const PAIR_RULE: ThrottleRule = {
  free: 5,
  baseSeconds: 30,
  capSeconds: 15 * 60,
  resetFrom: 'last_failure',
};
export const ADDRESS_RULE: ThrottleRule = {
  free: 30,
  baseSeconds: 30,
  capSeconds: 15 * 60,
  resetFrom: 'last_failure',
};
export const ACCOUNT_RULE: ThrottleRule = {
  free: 100,
  baseSeconds: 15 * 60,
  capSeconds: 15 * 60,
  resetFrom: 'window_start',
};
export const THROTTLE_RESET_MS = 3600 * 1000;

/** How long a key is blocked after its `attempts`-th counted attempt, in seconds (0: not). */
export function blockSeconds(attempts: number, rule: ThrottleRule): number {
  if (attempts < rule.free) return 0;
  const extra = attempts - rule.free;
  return Math.min(rule.capSeconds, rule.baseSeconds * 2 ** Math.min(extra, 20));
}

/**
 * Password hashing in flight per process (scrypt at N=2^17 takes 128 MiB and a thread of
 * libuv's pool, which file reads share; the pool has 4 threads unless UV_THREADPOOL_SIZE says
 * otherwise), and how many more may wait. Beyond that a sign-in answers 503 at once.
 */
export const HASHING_IN_FLIGHT = 2;
export const HASHING_QUEUE = 8;
/**
 * Sign-ins checking their throttling keys and account in the database at once, per process, and
 * how many more may wait their turn. The embedded database runs one query at a time: a burst of
 * sign-ins past this bound answers 503 at once instead of queueing its queries ahead of every
 * other request's (the health check's among them). Enough to wait for a burst of 40 at one
 * account, which the throttling keys answer (429).
 */
export const SIGN_IN_IN_FLIGHT = 2;
export const SIGN_IN_QUEUE = 64;
/** Retry-After of that 503, in seconds. */
export const HASHING_BUSY_RETRY_SECONDS = 2;

/** How often the Node server deletes ended sessions and stale throttle rows. */
export const PURGE_EVERY_MS = 3600 * 1000;
