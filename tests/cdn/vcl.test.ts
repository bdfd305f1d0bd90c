import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpClient } from './client.ts';
import { startVarnish, type Varnish } from './varnish.ts';
import { describeWithVarnish } from './with-varnish.ts';

/**
 * docs/cdn/varnish.vcl on its own, in a real Varnish, in front of a stand-in origin that answers
 * as Legenda's cache contract says (docs/adr/0031-visitor-pages-behind-a-cdn.md): what it keeps,
 * what it passes, which cookies it drops, and its purge hook. The origin counts what reaches it
 * and tells back the Cookie header it was sent.
 */

const KEPT = {
  'cache-control': 'no-cache',
  'cdn-cache-control': 'public, s-maxage=31536000, stale-while-revalidate=60',
  'surrogate-control': 'max-age=31536000',
  'content-type': 'text/html; charset=UTF-8',
};

/** The stand-in origin's answer for a path: tags from `/t/{tag}/…`, else by its first part. */
function answer(
  path: string,
  method: string,
): { status: number; headers: http.OutgoingHttpHeaders } {
  const tags = /^\/t\/([^/]+)\//.exec(path)?.[1];
  if (tags)
    return { status: 200, headers: { ...KEPT, 'surrogate-key': tags.split('+').join(' ') } };
  const first = path.split('/')[1] ?? '';
  const kept = { ...KEPT, 'surrogate-key': 'legenda-m1' };
  switch (first) {
    case 'private':
      return { status: 200, headers: { 'cache-control': 'private, no-cache' } };
    case 'no-store':
      return { status: 200, headers: { ...KEPT, 'surrogate-control': 'no-store' } };
    case 'plain':
      // No header for shared caches at all: a static file, say.
      return { status: 200, headers: { 'cache-control': 'public, max-age=600' } };
    case 'sets-cookie':
      return { status: 200, headers: { ...kept, 'set-cookie': 'legenda_lang=es; Path=/' } };
    case 'error':
      return { status: 500, headers: kept };
    case 'by-phone':
      // The first scan's picker: one page per phone languages (ADR 0043).
      return { status: 200, headers: { ...kept, vary: 'Accept-Language, Accept-Encoding' } };
    case 'seen':
      return { status: 204, headers: { 'cache-control': 'no-store' } };
    default:
      return { status: method === 'POST' ? 201 : 200, headers: kept };
  }
}

describeWithVarnish('docs/cdn/varnish.vcl in Varnish', () => {
  let origin: http.Server;
  let varnish: Varnish;
  const client = httpClient(4);
  /** Requests that reached the origin, by address, and the Cookie header each last carried. */
  const reached = new Map<string, number>();
  const cookies = new Map<string, string | undefined>();
  let served = 0;

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      const url = req.url ?? '/';
      reached.set(url, (reached.get(url) ?? 0) + 1);
      cookies.set(url, req.headers.cookie);
      req.resume();
      const { status, headers } = answer(url.split('?')[0]!, req.method ?? 'GET');
      res.writeHead(status, headers);
      res.end(status === 204 ? undefined : `origin answer ${++served} for ${url}`);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const { port } = origin.address() as AddressInfo;
    varnish = await startVarnish(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    client.close();
    await varnish?.stop();
    origin?.closeAllConnections();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    client.get(`${varnish.url}${path}`, headers);
  const twice = async (path: string, headers: Record<string, string> = {}) => [
    await get(path, headers),
    await get(path, headers),
  ];

  it('keeps what the origin marks for shared caches, by address, and hides its own headers', async () => {
    const [first, second] = await twice('/article?name=salle-1&lang=fr');
    expect(first!.status).toBe(200);
    expect(first!.headers['x-cache']).toBe('MISS');
    expect(second!.headers['x-cache']).toBe('HIT');
    expect(second!.body).toBe(first!.body);
    expect(reached.get('/article?name=salle-1&lang=fr')).toBe(1);
    // For this cache, not for browsers; the browser's own Cache-Control goes through.
    expect(second!.headers['surrogate-control']).toBeUndefined();
    expect(second!.headers['surrogate-key']).toBeUndefined();
    expect(second!.headers['cache-control']).toBe('no-cache');
    // Another address is another page.
    await get('/article?name=salle-1&lang=es');
    expect(reached.get('/article?name=salle-1&lang=es')).toBe(1);
  });

  it('passes everything else: private, no-store, unmarked, cookies set, errors, writes, staff, the count', async () => {
    for (const path of ['/private/a', '/no-store/a', '/plain/a', '/sets-cookie/a', '/error/a']) {
      const [first, second] = await twice(path);
      expect(reached.get(path), path).toBe(2);
      expect(second!.headers['x-cache'], path).toBe('PASS');
      expect(second!.body, path).not.toBe(first!.body);
    }
    // Staff calls, signed-in curators and the count request never touch the cache, even when
    // the answer says it may be kept.
    await twice('/api/read/tree');
    expect(reached.get('/api/read/tree')).toBe(2);
    await twice('/article?name=salle-2&lang=fr', { cookie: 'legenda_session=abc' });
    await twice('/article?name=salle-2&lang=fr', { cookie: '__Host-legenda_session=abc' });
    expect(reached.get('/article?name=salle-2&lang=fr')).toBe(4);
    expect(cookies.get('/article?name=salle-2&lang=fr')).toBe('__Host-legenda_session=abc');
    await twice('/seen?a=1&l=fr');
    expect(reached.get('/seen?a=1&l=fr')).toBe(2);
    const posted = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${varnish.url}/feedback`, { method: 'POST' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('text=hello');
    });
    expect(posted).toBe(201);
    expect(reached.get('/feedback')).toBe(1);
  });

  it('drops the cookies a page asked with its language does not read; passes with those it does', async () => {
    // The remembered language only matters without `lang`: dropped, the page is shared.
    const path = '/article?name=salle-3&lang=de';
    await get(path, { cookie: 'legenda_lang=es' });
    const [, again] = await twice(path, { cookie: 'legenda_lang=it; _ga=GA1.1' });
    expect(reached.get(path)).toBe(1);
    expect(cookies.get(path)).toBeUndefined();
    expect(again!.headers['x-cache']).toBe('HIT');
    // A chosen text size is the visitor's own page: to the origin, with the cookie.
    await twice(path, { cookie: 'legenda_size=2' });
    expect(reached.get(path)).toBe(3);
    // (Varnish's cookie module ends the header it writes with a ';'.)
    expect(cookies.get(path)).toMatch(/^legenda_size=2;?$/);
    // Without `lang`, the remembered language picks the page: to the origin, with it.
    const bare = '/article?name=salle-3';
    await twice(bare, { cookie: 'legenda_lang=es; _ga=GA1.1' });
    expect(reached.get(bare)).toBe(2);
    expect(cookies.get(bare)).toMatch(/^legenda_lang=es;?$/);
    // A cookie Legenda never reads (a site's analytics) keeps no one from the cache.
    const home = '/visit/musee?lang=fr';
    await twice(home, { cookie: '_ga=GA1.1' });
    await twice('/guide-without-lang', { cookie: '_ga=GA1.1' });
    expect(reached.get(home)).toBe(1);
    expect(reached.get('/guide-without-lang')).toBe(1);
  });

  it('keeps one picker per phone languages', async () => {
    const path = '/by-phone?name=salle-3';
    const [, es] = await twice(path, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(es!.headers['x-cache']).toBe('HIT');
    const ja = await get(path, { 'accept-language': 'ja' });
    expect(ja.headers['x-cache']).toBe('MISS');
    expect(reached.get(path)).toBe(2);
    expect((await get(path, { 'accept-language': 'es-ES,es;q=0.9' })).body).toBe(es!.body);
  });

  const purge = (headers: Record<string, string>, method = 'POST') =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${varnish.purgeUrl}`,
        { method, headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ tags: headers['surrogate-key']?.split(' ') ?? [] }));
    });

  it('purges by whole tags through the hook, and only those', async () => {
    const a1 = '/t/legenda-m1+legenda-m1-a1+legenda-m1-lfr/page';
    const a12 = '/t/legenda-m1+legenda-m1-a12+legenda-m1-lfr/page';
    const a1es = '/t/legenda-m1+legenda-m1-a1+legenda-m1-les/page';
    const c3 = '/t/legenda-m1+legenda-m1-c3/page';
    const m2 = '/t/legenda-m2+legenda-m2-a1/page';
    const all = [a1, a12, a1es, c3, m2];
    for (const path of all) await twice(path);
    for (const path of all) expect(reached.get(path), path).toBe(1);

    expect(await purge({ 'surrogate-key': 'legenda-m1-a1' })).toBe(200);
    for (const path of all) await get(path);
    // Whole tags: legenda-m1-a1 is not a prefix match of legenda-m1-a12.
    expect(Object.fromEntries(all.map((p) => [p, reached.get(p)]))).toEqual({
      [a1]: 2,
      [a12]: 1,
      [a1es]: 2,
      [c3]: 1,
      [m2]: 1,
    });

    // Several tags at once, spaces as they come.
    expect(await purge({ 'surrogate-key': '  legenda-m1-les   legenda-m1-c3 ' })).toBe(200);
    for (const path of all) await get(path);
    expect(reached.get(a1es)).toBe(3);
    expect(reached.get(c3)).toBe(2);
    expect(reached.get(a12)).toBe(1);

    // The museum's tag: all its pages, no other museum's.
    expect(await purge({ 'surrogate-key': 'legenda-m1' })).toBe(200);
    for (const path of all) await get(path);
    expect(reached.get(a12)).toBe(2);
    expect(reached.get(m2)).toBe(1);
  });

  it('refuses a purge without tags, with anything but tags, or not POSTed', async () => {
    expect(await purge({})).toBe(400);
    expect(await purge({ 'surrogate-key': 'legenda-m1|.*' })).toBe(400);
    expect(await purge({ 'surrogate-key': 'a")' })).toBe(400);
    expect(await purge({ 'surrogate-key': 'legenda-m2' }, 'GET')).toBe(405);
    // Nothing was purged by them.
    const m2 = '/t/legenda-m2+legenda-m2-a1/page';
    expect((await get(m2)).headers['x-cache']).toBe('HIT');
  });
});
