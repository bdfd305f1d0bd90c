import type { Context } from 'hono';
import { expect, it } from 'vitest';
import { FAST_SCRYPT, ORIGIN } from '../../tests/helpers/app.ts';
import { useTestApp, type TestApp } from '../../tests/helpers/use-test-app.ts';
import { silentLogger } from '../server/log.ts';
import { createLoginApp } from './login-app.ts';

/**
 * The sign-in's app (the Netlify sign-in function's) against the whole app on one database:
 * POST /login answers the same, good and bad input alike, and nothing else is in it.
 */
let t: TestApp;
const state = useTestApp({}, (s) => ({ t } = s));

function loginApp() {
  const app = createLoginApp({
    config: t.config,
    db: state.database.db,
    blobs: t.blobs,
    log: silentLogger,
    now: t.clock.now,
    passwordParams: FAST_SCRYPT,
    clientAddress: (_c: Context) => '192.0.2.9',
  });
  return (path: string, init: RequestInit = {}) =>
    app.request(`${t.config.publicSiteUrl}${path}`, init);
}

const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
  body,
});

const json = (value: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(value), headers);

it('answers POST /login as the whole app does, and nothing else', async () => {
  const login = loginApp();
  const seen = new Set<number>();
  const asked: [string, RequestInit?][] = [
    ['/login', json({ email: 'a@museum.example', password: 'password of a' })],
    ['/login', json({ email: 'a@museum.example', password: 'not the password' })],
    ['/login', json({ email: 42, password: ['x'] })],
    ['/login', json({})],
    ['/login', json({ email: '<script>alert(1)</script>', password: '"; drop table users' })],
    ['/login', post('{ not json')],
    ['/login', post('x'.repeat(20_000))],
    [
      '/login',
      json(
        { email: 'a@museum.example', password: 'password of a' },
        { origin: 'https://evil.example' },
      ),
    ],
  ];
  for (const [path, init] of asked) {
    const whole = await t.request(path, init);
    const alone = await login(path, init);
    seen.add(whole.status);
    const what = `${init?.method} ${path} ${String(init?.body).slice(0, 40)}`;
    expect(alone.status, what).toBe(whole.status);
    expect(await alone.json(), what).toEqual(await whole.json());
    expect(alone.headers.get('content-security-policy'), what).toBe(
      whole.headers.get('content-security-policy'),
    );
    expect(Boolean(alone.headers.get('set-cookie')), what).toBe(
      Boolean(whole.headers.get('set-cookie')),
    );
  }
  // The list reaches every kind of answer: signed in, refused, malformed, too large, other site.
  expect([...seen].sort()).toEqual([200, 400, 401, 403, 413, 422]);
  // The staff API, the session and the visitor pages are the other functions'.
  for (const path of ['/session', '/api/tree', '/article?name=x&lang=fr', '/login']) {
    const res = await login(path);
    expect(res.status, path).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  }
});
