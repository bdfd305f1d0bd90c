import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt through node:crypto's async API (DESIGN 9: N=2^17, r=8, p=1). The parameters travel
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

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
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
