import type { Context } from 'hono';
import { expect, it } from 'vitest';
import { FAST_SCRYPT } from '../../tests/helpers/app.ts';
import { staff } from '../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../tests/helpers/use-test-app.ts';
import { silentLogger } from '../server/log.ts';
import { createVisitorApp } from './visitor-app.ts';

/**
 * The visitors' app (the Netlify visitor function's) against the whole app on one database:
 * every visitor route answers the same, and no staff route is in it.
 */
let t: TestApp;
let cookie: string;
const state = useTestApp({ env: { COUNTS_FLUSH_MS: '0' } }, (s) => ({ t, cookie } = s));

function visitorsApp() {
  const app = createVisitorApp({
    config: t.config,
    db: state.database.db,
    blobs: t.blobs,
    log: silentLogger,
    now: t.clock.now,
    passwordParams: FAST_SCRYPT,
    clientAddress: (c: Context) => c.req.header('x-test-address') ?? '192.0.2.1',
  });
  return (path: string, init: RequestInit = {}) =>
    app.request(`${t.config.publicSiteUrl}${path}`, init);
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    origin: 'http://localhost:4321',
  },
  body: new URLSearchParams(fields).toString(),
});

it('answers every visitor route as the whole app does', async () => {
  const curator = staff(t, cookie);
  const id = await curator.publish('salle-3', 'Le port', 'La lanterne du pilote');
  const code = await curator.codeFor(id);
  const visitors = visitorsApp();
  const asked: [string, RequestInit?][] = [
    ['/article?name=salle-3&lang=fr'],
    ['/article?name=salle-3'],
    ['/article?name=nowhere&lang=fr'],
    [`/r/${code.link}`],
    ['/r/unknown1234'],
    ['/circuit?id=999&lang=fr'],
    ['/visit/nowhere'],
    ['/speech?name=salle-3&lang=fr&block=1'],
    ['/listened?name=salle-3&lang=fr', { method: 'POST' }],
    ['/feedback', form({ name: 'salle-3', lang: 'fr', kind: 'typo', message: 'Une coquille' })],
    ['/reading', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
  ];
  const statuses = new Map<string, number>();
  for (const [path, init] of asked) {
    const whole = await t.request(path, init);
    const theirs = await visitors(path, init);
    const seen = (res: Response) => ({
      status: res.status,
      type: res.headers.get('content-type'),
      location: res.headers.get('location'),
      cache: res.headers.get('cache-control'),
    });
    expect(seen(theirs), path).toEqual(seen(whole));
    if (path.startsWith('/article')) expect(await theirs.text()).toBe(await whole.text());
    statuses.set(path, theirs.status);
  }
  // Not a comparison of two refusals: the page is shown and the scan leads to it.
  expect(statuses.get('/article?name=salle-3&lang=fr')).toBe(200);
  expect(statuses.get(`/r/${code.link}`)).toBe(302);
});

it('holds no staff route: the API, sessions and media are not found, with the security headers', async () => {
  const visitors = visitorsApp();
  for (const path of ['/api/tree', '/session', '/media/images/a.webp', '/healthz']) {
    const res = await visitors(path, { headers: { cookie } });
    expect(res.status, path).toBe(404);
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
  }
});
