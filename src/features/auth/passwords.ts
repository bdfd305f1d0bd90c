import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HASHING_IN_FLIGHT, HASHING_QUEUE } from './policy.ts';

/**
 * scrypt through node:crypto's async API (N=2^17, r=8, p=1). The parameters travel
 * inside the stored hash, so they can be raised later and old hashes still verify; a hash made
 * with weaker parameters is upgraded at the next successful sign-in.
 */
export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

export const PRODUCTION_PARAMS: ScryptParams = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
export const MAX_PASSWORD_LENGTH = 1024;

/** Thrown, at once and without hashing, when the process already hashes all it may. */
export class HashingBusyError extends Error {
  constructor() {
    super('Too many passwords being hashed at once');
    this.name = 'HashingBusyError';
  }
}

/**
 * At most `inFlight` hashes at a time, and `queue` more waiting their turn (first come, first
 * served); any further one is refused with HashingBusyError. It bounds the memory scrypt takes
 * (128 MiB each at N=2^17) and leaves threads of libuv's pool to file reads, whatever the
 * number of sign-ins at once.
 */
export class HashGate {
  inFlight: number;
  queue: number;
  #running = 0;
  #waiting: (() => void)[] = [];
  /** Counters for tests: the most ever in flight, places given and places refused. */
  readonly stats = { maxInFlight: 0, admitted: 0, refused: 0 };

  constructor(inFlight: number, queue: number) {
    this.inFlight = inFlight;
    this.queue = queue;
  }

  get running(): number {
    return this.#running;
  }
  get waiting(): number {
    return this.#waiting.length;
  }
  /** Every place taken and the line full: enter() would be refused. */
  get full(): boolean {
    return this.#running >= this.inFlight && this.#waiting.length >= this.queue;
  }

  /**
   * Takes a place: at once while fewer than `inFlight` are taken, else in line; refused at once
   * (HashingBusyError) when the line is full too. Resolves, once it is the caller's turn, to the
   * function that gives the place back.
   */
  async enter(): Promise<() => void> {
    if (this.#running >= this.inFlight) {
      if (this.#waiting.length >= this.queue) {
        this.stats.refused++;
        throw new HashingBusyError();
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.stats.admitted++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.#running);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // The place passes straight to the next in line, or is given back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter();
    try {
      return await work();
    } finally {
      leave();
    }
  }
}

/** The process's one gate: every scrypt of this module goes through it. */
export const passwordHashing = new HashGate(HASHING_IN_FLIGHT, HASHING_QUEUE);

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return passwordHashing.run(() => scryptAsync(password, salt, params));
}

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that at N=2^17.
    maxmem: 256 * N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = PRODUCTION_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.log2N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } {
  const parts = stored.split('$');
  const [scheme, log2N, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !key) {
    throw new Error('Unknown password hash format');
  }
  return {
    params: { log2N: Number(log2N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const { params, salt, key } = parseHash(stored);
  const candidate = await derive(password, salt, params);
  return candidate.length === key.length && timingSafeEqual(candidate, key);
}

/**
 * A stored hash of no password, in the format of `hashPassword` with `params`: checking a password
 * against it costs one scrypt, like a real one, and never matches. Made without hashing.
 */
export function decoyHash(params: ScryptParams = PRODUCTION_PARAMS): string {
  return [
    'scrypt',
    params.log2N,
    params.r,
    params.p,
    randomBytes(SALT_LENGTH).toString('base64url'),
    randomBytes(KEY_LENGTH).toString('base64url'),
  ].join('$');
}

export function needsRehash(stored: string, target: ScryptParams = PRODUCTION_PARAMS): boolean {
  const { params } = parseHash(stored);
  return params.log2N < target.log2N || params.r < target.r || params.p < target.p;
}

/** A readable generated password: 20 characters from an unambiguous alphabet (about 112 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 20; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
