import { describe, expect, it } from 'vitest';
import { testApp } from '../../tests/helpers/app.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { errorReason } from '../server/db/errors.ts';

describe('when the database cannot be reached', () => {
  it('answers 503 with Retry-After, not 500, and signs nobody in', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const handle = openPostgres('postgres://legenda@127.0.0.1:1/legenda', 1);
    const t = testApp(handle.db);
    try {
      const session = await t.request('/session', {
        headers: { cookie: `legenda_session=${'a'.repeat(43)}` },
      });
      expect(session.status).toBe(503);
      expect(session.headers.get('retry-after')).toBe('5');
      expect((await session.json()).error.code).toBe('unavailable');

      const login = await t.postJson('/login', { email: 'a@b.example', password: 'whatever pw' });
      expect(login.status).toBe(503);
      expect(login.headers.get('set-cookie')).toBeNull();
    } finally {
      await handle.close();
    }
  });
});

describe('visitors, when the database cannot be reached', () => {
  it('get a page in their language that says so and reloads itself, never a JSON error', async () => {
    const handle = openPostgres('postgres://legenda@127.0.0.1:1/legenda', 1);
    const t = testApp(handle.db);
    try {
      const page = await t.request('/article?name=salle-1&lang=de');
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('10');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<html lang="de" dir="ltr">');
      expect(html).toContain('Gleich wieder da');
      expect(html).toContain('<meta http-equiv="refresh" content="10"/>');

      // A scan, in the phone's language (right to left for Arabic).
      const scan = await t.request('/r/AbCdEfGhIj', { headers: { 'accept-language': 'ar' } });
      expect(scan.status).toBe(503);
      expect(scan.headers.get('retry-after')).toBe('10');
      expect(await scan.text()).toContain('<html lang="ar" dir="rtl">');
    } finally {
      await handle.close();
    }
  });
});

describe('a pooled connection that dies while idle', () => {
  it('is reported to the handler instead of stopping the process', async () => {
    const errors: Error[] = [];
    const handle = openPostgres('postgres://legenda@127.0.0.1:1/legenda', 1, (e) => errors.push(e));
    const pool = (handle.db as unknown as { $client: import('pg').Pool }).$client;
    pool.emit('error', new Error('terminating connection due to administrator command'));
    expect(errors.map((e) => e.message)).toEqual([
      'terminating connection due to administrator command',
    ]);
    await handle.close();
  });
});

describe('errorReason', () => {
  it('gives the driver’s words from under Drizzle’s wrapping, in one line', () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: driver });
    expect(errorReason(wrapped)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(errorReason(new Error('first line\nsecond'))).toBe('first line');
    expect(errorReason('no answer within 3000 ms')).toBe('no answer within 3000 ms');
  });
});
