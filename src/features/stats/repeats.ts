import { hash, randomBytes } from 'node:crypto';

/** How long a visitor's repeat of what was just counted is counted no more. */
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
 * Recognises a visitor's repeats for a window (a salted hash kept only in memory,
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
  /** The hashes remembered, for a look-up. */
  const seen = new Set<string>();
  // The same hashes in the order they came, with the end of their window: a ring of `max`. A
  // window never moves, so the oldest is always the first to end (no walk over a Map, whose
  // deleted entries a new iterator would have to step over each time).
  const order: (string | undefined)[] = new Array<string | undefined>(max);
  const ends = new Float64Array(max);
  let head = 0;
  let count = 0;
  let salt = '';
  let saltDay = Number.NaN;

  function forgetOldest(): void {
    seen.delete(order[head]!);
    order[head] = undefined;
    head = (head + 1) % max;
    count--;
  }

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
        order.fill(undefined);
        head = 0;
        count = 0;
      }
      while (count > 0 && ends[head]! <= at) forgetOldest();
      const key = hash(
        'sha256',
        `${salt}\n${visitor.address}\n${visitor.userAgent ?? ''}\n${subject}`,
        'base64url',
      );
      if (seen.has(key)) return false;
      if (count === max) forgetOldest();
      const tail = (head + count) % max;
      order[tail] = key;
      ends[tail] = at + windowMs;
      count++;
      seen.add(key);
      return true;
    },
    /** How many visits are remembered now (tests, and the memory figure in docs/visitors.md). */
    get size(): number {
      return count;
    },
    /** What is remembered: hashes only (tests check no address or browser is in them). */
    remembered(): string[] {
      return [...seen.keys()];
    },
  };
}

export type RepeatFilter = ReturnType<typeof repeatFilter>;
