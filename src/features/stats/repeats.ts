import { hash, randomBytes } from 'node:crypto';

/** How long a visitor's repeat of what was just counted is counted no more (DESIGN 8). */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

/**
 * How many counted visits a process remembers at most (~10 MB). Past it the oldest is
 * forgotten first, and its repeat would be counted again: the bound errs towards counting.
 */
export const MAX_REMEMBERED_VISITS = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who asked, as far as the request tells: never stored, only hashed. */
export interface Visitor {
  /** The client address (deps.clientAddress: the proxy's, under TRUST_PROXY, or the socket's). */
  address: string;
  userAgent: string | undefined;
}

/**
 * Recognises a visitor's repeats for a window (DESIGN 8: a salted hash kept only in memory,
 * never written). What is remembered is a SHA-256 of a random salt, the address, the user agent
 * and what was counted; the salt is drawn afresh at each UTC day and lives in this closure only,
 * so a hash cannot be tied back to an address, nor linked to the same visitor on another day.
 * Entries go when their window is over (oldest first: a window never moves, so the order of
 * insertion is the order of expiry). Per process: another process counts its own first visit.
 *
 * The clock is the count's own moment (`at`), so tests drive the window and the day with a fake
 * clock.
 */
export function repeatFilter(
  options: { windowMs?: number; max?: number; newSalt?: () => string } = {},
) {
  const windowMs = options.windowMs ?? REPEAT_WINDOW_MS;
  const max = options.max ?? MAX_REMEMBERED_VISITS;
  const newSalt = options.newSalt ?? (() => randomBytes(32).toString('base64'));
  /** Hash → end of its window (ms since the epoch), oldest first. */
  const seen = new Map<string, number>();
  let salt = '';
  let saltDay = Number.NaN;

  return {
    /**
     * True when `subject` is counted for this visitor at `at`: the first time, or the first time
     * since the window of the last counted one ended. A repeat inside the window does not move it.
     */
    first(visitor: Visitor, subject: string, at: number): boolean {
      const day = Math.floor(at / DAY_MS);
      if (day !== saltDay) {
        // A new day, a new salt: yesterday's hashes could never match again, so they go now.
        salt = newSalt();
        saltDay = day;
        seen.clear();
      }
      for (const [key, until] of seen) {
        if (until > at) break;
        seen.delete(key);
      }
      const key = hash(
        'sha256',
        `${salt}\n${visitor.address}\n${visitor.userAgent ?? ''}\n${subject}`,
        'base64url',
      );
      if (seen.has(key)) return false;
      if (seen.size >= max) seen.delete(seen.keys().next().value!);
      seen.set(key, at + windowMs);
      return true;
    },
    /** How many visits are remembered now (tests, and the README's memory figure). */
    get size(): number {
      return seen.size;
    },
    /** What is remembered: hashes only (tests check no address or browser is in them). */
    remembered(): string[] {
      return [...seen.keys()];
    },
  };
}

export type RepeatFilter = ReturnType<typeof repeatFilter>;
