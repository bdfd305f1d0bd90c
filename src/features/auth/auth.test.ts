import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { cookieFrom, ORIGIN, testApp } from '../../../tests/helpers/app.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { hashPassword, parseHash } from './passwords.ts';
import { SESSION_ABSOLUTE_MS, SESSION_CACHE_MS, SESSION_IDLE_MS } from './policy.ts';

const EMAIL = 'curator@museum.example';
const PASSWORD = 'correct horse battery';

let database: TestDatabase;
let t: TestApp;
useTestApp({ museums: false }, async (s) => {
  ({ database, t } = s);
  await t.accounts.add({ email: EMAIL, museum: 'Musée d’histoire', password: PASSWORD });
});

async function session(cookie?: string) {
  const res = await t.request('/session', { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.json();
}

describe('GET /session', () => {
  it('answers logged out without a cookie', async () => {
    expect(await session()).toEqual({});
  });

  it('answers logged out for a forged cookie of the right shape and for garbage', async () => {
    expect(await session(`legenda_session=${'A'.repeat(43)}`)).toEqual({});
    expect(await session('legenda_session=<script>')).toEqual({});
    expect(await session('legenda_session=')).toEqual({});
    expect(await session('legenda_session=%ZZ%E0%A4%A')).toEqual({});
    expect(await session(`legenda_session=${'x'.repeat(8000)}; other=1`)).toEqual({});
  });
});

describe('POST /login', () => {
  it('signs in, sets a safe cookie and the session carries the email', async () => {
    const res = await t.postJson('/login', { email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: EMAIL });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^legenda_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(await session(cookieFrom(res))).toEqual({ email: EMAIL, museum: 'Musée d’histoire' });
  });

  it('stores only a hash of the token', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const token = cookie.split('=')[1] ?? '';
    const rows = await database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('accepts the email in any case and with spaces around', async () => {
    const res = await t.postJson('/login', {
      email: `  ${EMAIL.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
  });

  it('gives a new token at every sign-in and closes the one sent along', async () => {
    const first = await t.login(EMAIL, PASSWORD);
    const res = await t.postJson('/login', { email: EMAIL, password: PASSWORD }, { cookie: first });
    const second = cookieFrom(res);
    expect(second).not.toBe(first);
    expect(await session(first)).toEqual({});
    expect(await session(second)).toMatchObject({ email: EMAIL });
  });

  it('leaves the open session alone when a new attempt fails', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const res = await t.postJson('/login', { email: EMAIL, password: 'wrong' }, { cookie });
    expect(res.status).toBe(401);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
  });

  it('answers 401 with the same words for a wrong password and an unknown email', async () => {
    const wrong = await t.postJson('/login', { email: EMAIL, password: 'not the password' });
    const unknown = await t.postJson('/login', { email: 'nobody@x.example', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    expect(a).toEqual(await unknown.json());
    expect(a.error.code).toBe('invalid_credentials');
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses missing fields with 422 naming them', async () => {
    const res = await t.postJson('/login', {});
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.message).toContain('email');
    expect(body.error.message).toContain('password');
  });

  it('refuses wrong types with 422', async () => {
    const res = await t.postJson('/login', { email: 42, password: ['x'] });
    expect(res.status).toBe(422);
  });

  it.each(['null', '[]', '"text"', '42', '{"email": null, "password": null}'])(
    'refuses the JSON %s with 422, never 500',
    async (body) => {
      const res = await t.postJson('/login', body);
      expect(res.status).toBe(422);
    },
  );

  it('refuses an empty body and invalid UTF-8 without a 500', async () => {
    expect((await t.postJson('/login', '')).status).toBe(400);
    const res = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', origin: ORIGIN },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(res.status).toBe(400);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.postJson('/login', '{"email": "a@b.c", ');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_json');
  });

  it('refuses a form-encoded body with 415', async () => {
    const res = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: `email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_media_type');
  });

  it('refuses a 1 MB password with 413 without hashing it', async () => {
    const started = Date.now();
    const res = await t.postJson('/login', { email: EMAIL, password: 'x'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a password over 1024 characters with 422', async () => {
    const res = await t.postJson('/login', { email: EMAIL, password: 'x'.repeat(1025) });
    expect(res.status).toBe(422);
  });

  it('refuses a cross-site Origin with 403 and opens no session', async () => {
    const res = await t.postJson(
      '/login',
      { email: EMAIL, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
    expect(await database.db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses a cross-site request that only says Sec-Fetch-Site', async () => {
    const res = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses a write without Origin (sign-in, sign-out, the API, an upload) like a foreign one', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const bare = (path: string, headers: Record<string, string> = {}) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD, pathArray: [] }),
      });
    const before = await database.db.select().from(sessions);
    for (const [path, headers] of [
      ['/login', {}],
      ['/login', { 'sec-fetch-site': 'none' }],
      ['/logout', { cookie }],
      ['/api/manage/add_folder', { cookie }],
      ['/api/upload/image', { cookie, 'sec-fetch-site': 'same-site' }],
    ] as const) {
      const res = await bare(path, headers);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'cross_site_request', message: expect.any(String) },
      });
    }
    // No session opened, none closed.
    expect(await database.db.select().from(sessions)).toHaveLength(before.length);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
  });

  it('takes a write without Origin whose browser says Sec-Fetch-Site: same-origin', async () => {
    const res = await t.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a disabled account', async () => {
    await t.accounts.disable(EMAIL);
    const res = await t.postJson('/login', { email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(401);
  });

  it('upgrades a hash made with weaker scrypt parameters', async () => {
    t = testApp(database.db, { passwordParams: { log2N: 17, r: 8, p: 1 } });
    const [user] = await database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(parseHash(user!.passwordHash).params.log2N).toBe(10);
    await t.login(EMAIL, PASSWORD);
    const [after] = await database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(parseHash(after!.passwordHash).params).toEqual({ log2N: 17, r: 8, p: 1 });
    // and the upgraded hash still opens the account
    await t.postJson('/logout', {});
    expect((await t.postJson('/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('throttles 20 wrong passwords with 429 and Retry-After, then lets the right one in', async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 20; i++) {
      const res = await t.postJson('/login', { email: EMAIL, password: `wrong ${i}` });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = Number(res.headers.get('retry-after'));
        expect((await res.json()).error.code).toBe('throttled');
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    expect(retryAfter).toBeGreaterThan(0);

    // Blocked: even the right password waits, and says how long.
    const blocked = await t.postJson('/login', { email: EMAIL, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    t.clock.advance(retryAfter * 1000 + 1);
    const ok = await t.postJson('/login', { email: EMAIL, password: PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('waits longer after each failure past the free ones, up to 15 minutes', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.postJson('/login', { email: EMAIL, password: 'wrong' });
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after'));
        waits.push(wait);
        t.clock.advance(wait * 1000 + 1);
      }
    }
    // No hard lockout: every wait ends, and they grow to the cap.
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
  });

  it('throttles one address trying many accounts', async () => {
    let throttled = false;
    for (let i = 0; i < 40 && !throttled; i++) {
      const res = await t.postJson(
        '/login',
        { email: `guess${i}@x.example`, password: 'guess' },
        { 'x-test-address': '198.51.100.7' },
      );
      throttled = res.status === 429;
    }
    expect(throttled).toBe(true);
    // another address is not affected
    const other = await t.postJson(
      '/login',
      { email: EMAIL, password: PASSWORD },
      { 'x-test-address': '198.51.100.8' },
    );
    expect(other.status).toBe(200);
  }, 60_000);
});

describe('sessions end', () => {
  it('at logout, on the server side', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const res = await t.postJson('/logout', {}, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/legenda_session=;.*Max-Age=0/);
    expect(await session(cookie)).toEqual({});
    expect(await database.db.select().from(sessions)).toHaveLength(0);
  });

  it('logout without a session still answers 200', async () => {
    expect((await t.postJson('/logout', {})).status).toBe(200);
    const bare = await t.request('/logout', { method: 'POST', headers: { origin: ORIGIN } });
    expect(bare.status).toBe(200);
  });

  it('logout from another site is refused', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const res = await t.postJson('/logout', {}, { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
  });

  it('after the idle timeout', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect(await session(cookie)).toMatchObject({ email: EMAIL }); // still active: renews idle
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect(await session(cookie)).toEqual({});
  });

  it('after the absolute timeout, however active', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    const step = SESSION_IDLE_MS / 2;
    for (let elapsed = 0; elapsed + step < SESSION_ABSOLUTE_MS; elapsed += step) {
      t.clock.advance(step);
      expect(await session(cookie)).toMatchObject({ email: EMAIL });
    }
    t.clock.advance(step);
    expect(await session(cookie)).toEqual({});
  });

  it('at once when the account is disabled', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    await t.accounts.disable(EMAIL);
    expect(await session(cookie)).toEqual({});
  });

  it('within a second when ended from another process (the session cache)', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
    await t.accounts.disable(EMAIL); // as the users command would, beside the server
    t.clock.advance(SESSION_CACHE_MS);
    expect(await session(cookie)).toEqual({});
  });

  it('at once in this process at logout, cache or not', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    expect(await session(cookie)).toMatchObject({ email: EMAIL });
    await t.postJson('/logout', {}, { cookie });
    expect(await session(cookie)).toEqual({});
  });

  it('when the password is changed', async () => {
    const cookie = await t.login(EMAIL, PASSWORD);
    await t.accounts.setPassword(EMAIL, 'a brand new passphrase');
    expect(await session(cookie)).toEqual({});
    expect((await t.postJson('/login', { email: EMAIL, password: PASSWORD })).status).toBe(401);
    expect(
      (await t.postJson('/login', { email: EMAIL, password: 'a brand new passphrase' })).status,
    ).toBe(200);
  });
});

describe('over HTTPS', () => {
  it('uses a __Host- Secure cookie and sends HSTS', async () => {
    const secure = testApp(database.db, {
      env: { PUBLIC_SITE_URL: 'https://app.legenda.example' },
    });
    const res = await secure.postJson('/login', { email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-legenda_session=/);
    expect(setCookie).toContain('Secure');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    const cookie = cookieFrom(res);
    const s = await secure.request('/session', { headers: { cookie } });
    expect(await s.json()).toMatchObject({ email: EMAIL });
    expect(s.headers.get('strict-transport-security')).toContain('max-age=');
    expect(s.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the staff API', () => {
  it('answers 401 JSON without a session and 404 JSON for an unknown route with one', async () => {
    const anonymous = await t.request('/api/tree');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('unauthorized');
    const cookie = await t.login(EMAIL, PASSWORD);
    const missing = await t.request('/api/nothing-here', { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
  });

  it('sends the security headers', async () => {
    const res = await t.request('/session');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('password hashing', () => {
  it('uses N=2^17, r=8, p=1 by default', async () => {
    const stored = await hashPassword('some password');
    expect(parseHash(stored).params).toEqual({ log2N: 17, r: 8, p: 1 });
  });
});
