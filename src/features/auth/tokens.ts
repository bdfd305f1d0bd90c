import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only their SHA-256 is stored, so a copy of the table opens no session. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a database query. */
export function looksLikeToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}
