import { addressBlock } from '../../server/http/address-block.ts';
import { lruAtFirstUse } from '../../server/lru-at-first-use.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { SignedIn } from '../../server/context.ts';
import {
  decoyHash,
  HashGate,
  hashPassword,
  HashingBusyError,
  passwordHashing,
  needsRehash,
  PRODUCTION_PARAMS,
  verifyPassword,
  type ScryptParams,
} from './passwords.ts';
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  HASHING_BUSY_RETRY_SECONDS,
  PAIR_RULE,
  SIGN_IN_IN_FLIGHT,
  SIGN_IN_QUEUE,
  SESSION_ABSOLUTE_MS,
  SESSION_CACHE_ENTRIES,
  SESSION_CACHE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_EVERY_MS,
  THROTTLE_RESET_MS,
  type ThrottleRule,
} from './policy.ts';
import type { AuthRepo, SessionRecord } from './repo.ts';
import { hashToken, looksLikeToken, newSessionToken } from './tokens.ts';

export interface AuthServiceOptions {
  now?: () => Date;
  /** The scrypt parameters new hashes get, and below which a hash is upgraded at sign-in. */
  passwordParams?: ScryptParams;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address a throttling key names (an IPv6 address by its /64). */
export const throttleAddress = addressBlock;

/** A sign-in the process has no room to check now: 503 with Retry-After. */
function busy(): ApiError {
  const seconds = HASHING_BUSY_RETRY_SECONDS;
  return new ApiError(
    503,
    'sign_in_busy',
    `Too many sign-ins at this moment. Try again in ${seconds} seconds.`,
    { headers: { 'Retry-After': String(seconds) }, details: { retryAfter: seconds } },
  );
}

function throttled(until: Date, at: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));
  return new ApiError(
    429,
    'throttled',
    `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
    { headers: { 'Retry-After': String(seconds) }, details: { retryAfter: seconds } },
  );
}

/** A password hash made with weaker parameters is upgraded at sign-in. */
async function upgradeHash(
  repo: AuthRepo,
  user: { id: number; passwordHash: string },
  password: string,
  params: ScryptParams,
): Promise<void> {
  if (!needsRehash(user.passwordHash, params)) return;
  // Upgraded at a later sign-in when the process is busy hashing.
  const upgraded = await hashPassword(password, params).catch((error: unknown) => {
    if (error instanceof HashingBusyError) return undefined;
    throw error;
  });
  if (upgraded) await repo.setPasswordHash(user.id, upgraded);
}

/**
 * The way into a sign-in: the attempt counted against its keys (429 when one is blocked) and the
 * account read, a few sign-ins at a time; 503 at once, before any query, when the door's line or
 * the hashing is full, since such a sign-in could not be checked anyway.
 */
function signInDoor(repo: AuthRepo, now: () => Date) {
  /**
   * Counts the attempt against each key, in order, before any password is checked; a blocked
   * key stops it (429) and gives back what was counted. Returns the keys counted.
   */
  async function reserve(keys: [string, ThrottleRule][], at: Date): Promise<string[]> {
    const resetBefore = new Date(at.getTime() - THROTTLE_RESET_MS);
    const counted: string[] = [];
    for (const [key, rule] of keys) {
      const result = await repo.reserve(key, rule, at, resetBefore);
      if ('blockedUntil' in result) {
        await repo.release(counted);
        throw throttled(result.blockedUntil, at);
      }
      counted.push(key);
    }
    return counted;
  }

  /** The sign-ins whose keys and account are being read (SIGN_IN_IN_FLIGHT, SIGN_IN_QUEUE). */
  const door = new HashGate(SIGN_IN_IN_FLIGHT, SIGN_IN_QUEUE);

  return async function admit(email: string, pairKey: string, address: string) {
    if (passwordHashing.full) throw busy();
    const leave = await door.enter().catch((error: unknown) => {
      throw error instanceof HashingBusyError ? busy() : error;
    });
    try {
      // A turn of the event loop before any query: a place handed over at the door resumes its
      // sign-in at once, and the embedded database runs each query on this thread, so without
      // it a long line's queries would run back to back and no other request (a health check,
      // a page) would be read until the line was empty.
      await new Promise((resolve) => setImmediate(resolve));
      // Checked again: the hashing may have filled while this one waited at the door.
      if (passwordHashing.full) throw busy();
      const keys = await reserve(
        [
          [pairKey, PAIR_RULE],
          [`address:${address}`, ADDRESS_RULE],
          [`account:${email}`, ACCOUNT_RULE],
        ],
        now(),
      );
      try {
        return { keys, user: await repo.findUserByEmail(email) };
      } catch (error) {
        await repo.release(keys).catch(() => undefined);
        throw error;
      }
    } finally {
      leave();
    }
  };
}

/** Open sessions: who a cookie token belongs to, and signing out. */
function sessionMethods(repo: AuthRepo, now: () => Date) {
  // Sessions read in the last second, so a busy page does not query for every call. A cache
  // only: a session ended elsewhere (another process, the users command) stops within
  // SESSION_CACHE_MS; one ended here is dropped at once. The age is checked here rather than by
  // lru-cache's ttl, which would keep an entry while a clock set back catches up.
  const cache = lruAtFirstUse<string, { session: SessionRecord; readAt: number }>({
    max: SESSION_CACHE_ENTRIES,
  });
  async function lookup(tokenHash: string, at: number): Promise<SessionRecord | undefined> {
    const hit = cache().get(tokenHash);
    if (hit && at - hit.readAt < SESSION_CACHE_MS && at >= hit.readAt) return hit.session;
    cache().delete(tokenHash);
    const session = await repo.findSession(tokenHash);
    if (session) cache().set(tokenHash, { session, readAt: at });
    return session;
  }
  async function forget(tokenHash: string): Promise<void> {
    cache().delete(tokenHash);
    await repo.deleteSession(tokenHash);
  }

  return {
    /** The signed-in user behind a cookie token, or undefined for a missing, forged or old one. */
    async resolve(token: string | undefined): Promise<SignedIn | undefined> {
      if (!looksLikeToken(token)) return undefined;
      const tokenHash = hashToken(token);
      const at = now();
      const session = await lookup(tokenHash, at.getTime());
      if (!session) return undefined;
      const idleExpired = at.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
      if (session.disabledAt || idleExpired || session.expiresAt <= at) {
        await forget(tokenHash);
        return undefined;
      }
      if (at.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_EVERY_MS) {
        await repo.touchSession(tokenHash, at);
        session.lastSeenAt = at;
      }
      return {
        userId: session.userId,
        museumId: session.museumId,
        email: session.email,
        museumName: session.museumName,
      };
    },

    async logout(token: string | undefined): Promise<void> {
      if (looksLikeToken(token)) await forget(hashToken(token));
    },
  };
}

export function authService(repo: AuthRepo, options: AuthServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const params = options.passwordParams ?? PRODUCTION_PARAMS;
  // Checked when the email is unknown, so that answer takes as long as a wrong password.
  const decoy = decoyHash(params);
  const admit = signInDoor(repo, now);

  return {
    /** Checks the password and opens a session; returns the new cookie token. */
    async login(input: { email: string; password: string; address: string }) {
      const email = normaliseEmail(input.email);
      const address = throttleAddress(input.address);
      const pairKey = `pair:${email} ${address}`;
      // Counted before the password is checked (429 when a key is blocked), then checked if
      // the process has room to hash it (503 at once otherwise).
      const { keys, user } = await admit(email, pairKey, address);
      let valid: boolean;
      try {
        valid = await verifyPassword(input.password, user?.passwordHash ?? decoy);
      } catch (error) {
        // Not checked, so not a failure.
        await repo.release(keys).catch(() => undefined);
        throw error instanceof HashingBusyError ? busy() : error;
      }
      const at = now();
      if (!user || !valid || user.disabledAt) {
        await repo.markFailed(keys, at);
        throw new ApiError(401, 'invalid_credentials', 'Invalid email or password.');
      }
      // This address's failures for this account are forgiven; the address's and the account's
      // counts keep the failures of others, less this attempt.
      await repo.clearThrottle(pairKey);
      await repo.release(keys.filter((key) => key !== pairKey));
      await upgradeHash(repo, user, input.password, params);
      const token = newSessionToken();
      await repo.createSession(
        hashToken(token),
        user.id,
        at,
        new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      );
      return { token, email: user.email };
    },

    ...sessionMethods(repo, now),

    /**
     * Deletes sessions past their absolute or idle timeout and throttling keys that no longer
     * count or block anything (run at start and hourly, see purge.ts).
     */
    async purgeExpired(): Promise<{ sessions: number; throttles: number }> {
      const at = now();
      return {
        sessions: await repo.deleteEndedSessions(at, SESSION_IDLE_MS),
        throttles: await repo.deleteStaleThrottles(at, new Date(at.getTime() - THROTTLE_RESET_MS)),
      };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
