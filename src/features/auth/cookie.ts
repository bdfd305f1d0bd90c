import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_ABSOLUTE_MS } from './policy.ts';

/** Over HTTPS the cookie takes the __Host- prefix: Secure, Path=/, no Domain. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-legenda_session' : 'legenda_session';
}

export function readSessionCookie(c: Context, secure: boolean): string | undefined {
  return getCookie(c, sessionCookieName(secure));
}

export function writeSessionCookie(c: Context, secure: boolean, token: string): void {
  setCookie(c, sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, sessionCookieName(secure), {
    path: '/',
    secure,
    httpOnly: true,
    sameSite: 'Lax',
  });
}
