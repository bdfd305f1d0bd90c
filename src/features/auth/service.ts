import { ApiError } from '../../server/http/errors.ts';
import {
  hashPassword,
  needsRehash,
  PRODUCTION_PARAMS,
  verifyPassword,
  type ScryptParams,
} from './passwords.ts';
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  blockSeconds,
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

export interface SignedIn {
  userId: number;
  museumId: number;
  email: string;
  museumName: string;
}

export interface AuthServiceOptions {
  now?: () => Date;
  /** The scrypt parameters new hashes get, and below which a hash is upgraded at sign-in. */
  passwordParams?: ScryptParams;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function authService(repo: AuthRepo, options: AuthServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const params = options.passwordParams ?? PRODUCTION_PARAMS;
  // Verified when the email is unknown, so that answer takes as long as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password', params));

  // Sessions read in the last second, so a busy page does not query for every call. A cache
  // only: a session ended elsewhere (another process, the users command) stops within
  // SESSION_CACHE_MS; one ended here is dropped at once.
  const cache = new Map<string, { session: SessionRecord; readAt: number }>();
  async function lookup(tokenHash: string, at: number): Promise<SessionRecord | undefined> {
    const hit = cache.get(tokenHash);
    if (hit && at - hit.readAt < SESSION_CACHE_MS && at >= hit.readAt) return hit.session;
    cache.delete(tokenHash);
    const session = await repo.findSession(tokenHash);
    if (!session) return undefined;
    if (cache.size >= SESSION_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { session, readAt: at });
    return session;
  }
  async function forget(tokenHash: string): Promise<void> {
    cache.delete(tokenHash);
    await repo.deleteSession(tokenHash);
  }

  async function throttled(keys: string[], at: Date): Promise<void> {
    const until = await repo.blockedUntil(keys, at);
    if (!until) return;
    const seconds = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));
    throw new ApiError(
      429,
      'throttled',
      `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
      { headers: { 'Retry-After': String(seconds) }, details: { retryAfter: seconds } },
    );
  }

  async function fail(key: string, rule: ThrottleRule, at: Date): Promise<void> {
    const failures = await repo.recordFailure(key, at, new Date(at.getTime() - THROTTLE_RESET_MS));
    const seconds = blockSeconds(failures, rule);
    if (seconds > 0) await repo.block(key, new Date(at.getTime() + seconds * 1000));
  }

  return {
    /** Checks the password and opens a session; returns the new cookie token. */
    async login(input: { email: string; password: string; address: string }) {
      const email = normaliseEmail(input.email);
      const accountKey = `account:${email}`;
      const addressKey = `address:${input.address}`;
      await throttled([accountKey, addressKey], now());

      const user = await repo.findUserByEmail(email);
      const valid = user
        ? await verifyPassword(input.password, user.passwordHash)
        : (await verifyPassword(input.password, await decoy()), false);
      const at = now();
      if (!user || !valid || user.disabledAt) {
        await fail(accountKey, ACCOUNT_RULE, at);
        await fail(addressKey, ADDRESS_RULE, at);
        throw new ApiError(401, 'invalid_credentials', 'Invalid email or password.');
      }
      await repo.clearThrottle(accountKey);
      if (needsRehash(user.passwordHash, params)) {
        await repo.setPasswordHash(user.id, await hashPassword(input.password, params));
      }
      const token = newSessionToken();
      await repo.createSession(
        hashToken(token),
        user.id,
        at,
        new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      );
      return { token, email: user.email };
    },

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

    async purgeExpired(): Promise<void> {
      await repo.deleteExpiredSessions(now());
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
