import { constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cacheBody } from '../../../server/http/cached-body.ts';
import type { PageAnswer, VisitorPages } from '../visit/pages.ts';
import { readerRoutes } from './routes.ts';
import type { PageRequest } from '../visit/pages.ts';
import { seenHref } from '../render/links.ts';
import type { SeenService } from '../visit/seen.ts';
import { seenRoutes } from './seen-routes.ts';

/**
 * The route's own part: what it reads from the request and how it hands a first translation to
 * the platform. The page itself is pages.ts's (visitor.test.ts, through the whole app).
 */
function routes(onVisit: (request: PageRequest) => void, extra: { final?: boolean } = {}) {
  const pages: VisitorPages = {
    kept: () => undefined,
    answer(request): Promise<PageAnswer> {
      onVisit(request);
      // A page in a language asks its count request, as render/visit-page.ts writes it.
      const seen =
        request.lang && !request.ignoreStats
          ? `<img src="${seenHref({ a: 1, l: request.lang, s: request.textSize })}">`
          : '';
      return Promise.resolve({
        body: cacheBody(`<p>page</p>${seen}`),
        status: 200,
        cacheControl: 'no-cache',
        ...extra,
      });
    },
    circuit: () => Promise.reject(new Error('not a circuit test')),
  };
  return withSeen(readerRoutes(pages, { hsts: false, clientAddress: () => '203.0.113.9' }));
}

/** The reader's routes with the count request's, which remembers what a page's address chose. */
function withSeen(reader: ReturnType<typeof readerRoutes>, hsts = false) {
  const counted: Pick<SeenService, 'count'> = { count: () => Promise.resolve(true) };
  return new Hono()
    .route('/', reader)
    .route('/', seenRoutes(counted, { hsts, clientAddress: () => '203.0.113.9' }));
}

/**
 * A page as a browser shows it: the page, then its count request with the same cookies; the
 * cookies the visit sets are the count request's (the page is the same for everyone).
 */
async function shown(app: Hono, url: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const page = await app.fetch(new Request(url, { headers }));
  const src = /<img src="([^"]+)"/.exec(await page.clone().text())?.[1]?.replaceAll('&amp;', '&');
  const seen = src ? await app.fetch(new Request(new URL(src, url), { headers })) : undefined;
  return { page, set: seen?.headers.getSetCookie() ?? [] };
}

describe('readerRoutes', () => {
  it('lets only this site frame a staff preview, and nobody a visitor’s page', async () => {
    const app = routes(() => {});
    const visit = await app.request('/article?name=salle-3&lang=es');
    expect(visit.headers.get('X-Frame-Options')).toBe('DENY');
    expect(visit.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    const preview = await app.request('/article?name=salle-3&lang=es&ignoreStats=true');
    expect(preview.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    const csp = preview.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
  });

  it('hands background work to the platform that keeps it running (Netlify, workers)', async () => {
    const handed: Promise<unknown>[] = [];
    const work = Promise.resolve('translated');
    const app = routes((request) => request.background?.(work));
    const res = await app.fetch(
      new Request('http://x/article?name=salle-3&lang=es'),
      {},
      {
        waitUntil: (promise: Promise<unknown>) => void handed.push(promise),
        passThroughOnException: () => undefined,
        props: {},
      },
    );
    expect(res.status).toBe(200);
    expect(handed).toEqual([work]);
  });

  it('on Node (no such platform) the work simply runs on, and the page is answered', async () => {
    let called = false;
    const app = routes((request) => {
      request.background?.(Promise.resolve());
      called = true;
    });
    const res = await app.fetch(new Request('http://x/article?name=salle-3&lang=es'));
    expect(called).toBe(true);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`<p>page</p><img src="${seenHref({ a: 1, l: 'es' })}">`);
  });

  it('reads the visit from the address: name, language, picker, search, stats, visitor', async () => {
    const seen: PageRequest[] = [];
    const app = routes((request) => seen.push(request));
    await app.fetch(
      new Request(`http://x/article?name=salle-3&lang=ES&choose=1&q=esp`, {
        headers: { 'accept-language': 'ja', 'user-agent': 'phone' },
      }),
    );
    expect(seen[0]).toMatchObject({
      name: 'salle-3',
      lang: 'es',
      choose: true,
      query: 'esp',
      ignoreStats: false,
      acceptLanguage: 'ja',
      visitor: { address: '203.0.113.9', userAgent: 'phone' },
    });
  });

  it('checks the language and the names once, where the request is read', async () => {
    const seen: PageRequest[] = [];
    const app = routes((request) => seen.push(request));
    const get = (query: string, cookie?: string) =>
      app.fetch(new Request(`http://x/article?${query}`, { headers: cookie ? { cookie } : {} }));
    // Every spelling of a language is the catalogue's one.
    for (const lang of ['es', 'ES', 'eS']) {
      await get(`name=salle-3&lang=${lang}`);
      expect(seen.at(-1)?.lang).toBe('es');
    }
    await get('name=salle-3&lang=ZH-hant');
    expect(seen.at(-1)?.lang).toBe('zh-Hant');
    // Hostile, oversized or unknown: no language (the picker), whatever the cookie remembers.
    const hostile = ['x'.repeat(50), `es${' '.repeat(40)}`, '<script>', 'es'.padEnd(5000, '-'), ''];
    for (const lang of [...hostile, 'klingon']) {
      await get(`name=salle-3&lang=${encodeURIComponent(lang)}`, 'legenda_lang=ja');
      expect(seen.at(-1)?.lang, lang.slice(0, 20)).toBeUndefined();
    }
    // So in the cookie.
    await get('name=salle-3', `legenda_lang=${'x'.repeat(50)}`);
    expect(seen.at(-1)?.lang).toBeUndefined();
    await get('name=salle-3', 'legenda_lang=JA');
    expect(seen.at(-1)?.lang).toBe('ja');
    // A name no page can have reaches the pages as none (they answer 404); a circuit's too.
    for (const name of ['a b', '../x', '<script>', 'x'.repeat(101), '']) {
      await get(`name=${encodeURIComponent(name)}&lang=es`);
      expect(seen.at(-1)?.name, name.slice(0, 20)).toBeUndefined();
    }
    await get(`name=salle-3&lang=es&circuit=${encodeURIComponent('<b>')}`);
    expect(seen.at(-1)).toMatchObject({ name: 'salle-3', circuit: undefined });
    await get('name=salle-3&lang=es&circuit=tour-1');
    expect(seen.at(-1)).toMatchObject({ name: 'salle-3', circuit: 'tour-1' });
  });

  it('remembers a language the visitor asked for, and opens later pages in it', async () => {
    const seen: PageRequest[] = [];
    const app = routes((request) => seen.push(request));
    const get = (query: string, cookie?: string) => shown(app, `http://x/article?${query}`, cookie);

    // Japanese picked: remembered, with nothing else, for a year, never read by scripts.
    const picked = await get('name=salle-1&lang=ja');
    expect(picked.page.headers.get('set-cookie')).toBeNull();
    expect(picked.set).toHaveLength(1);
    expect(picked.set[0]).toMatch(
      /^legenda_lang=ja; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    // The next panel without `lang`: in Japanese, and nothing set again.
    const next = await get('name=salle-2', 'other=1; legenda_lang=ja');
    expect(seen.at(-1)).toMatchObject({ name: 'salle-2', lang: 'ja' });
    expect(next.page.headers.get('vary')).toContain('Cookie');
    expect(next.set).toEqual([]);
    // A link's language wins, and becomes the remembered one.
    const arabic = await get('name=salle-2&lang=ar', 'legenda_lang=ja');
    expect(seen.at(-1)).toMatchObject({ lang: 'ar' });
    expect(arabic.set[0]).toMatch(/^legenda_lang=ar;/);
    // Asking for the picker shows the picker; a search too.
    await get('name=salle-2&choose=1', 'legenda_lang=ja');
    expect(seen.at(-1)).toMatchObject({ lang: undefined, choose: true });
    await get('name=salle-2&q=esp', 'legenda_lang=ja');
    expect(seen.at(-1)).toMatchObject({ lang: undefined, query: 'esp' });
    // A code Legenda does not offer, or hostile text, is no language.
    await get('name=salle-2', 'legenda_lang=%3Cscript%3E');
    expect(seen.at(-1)?.lang).toBeUndefined();
    await get('name=salle-2', 'legenda_lang=xx-nope');
    expect(seen.at(-1)?.lang).toBeUndefined();
    // A language Legenda does not offer in a link is not remembered; a staff preview remembers
    // nothing.
    expect((await get('name=salle-2&lang=klingon')).set).toEqual([]);
    expect((await get('name=salle-2&lang=es&ignoreStats=true')).set).toEqual([]);
  });

  it('marks the remembered language Secure over HTTPS', async () => {
    const pages: VisitorPages = {
      kept: () => undefined,
      answer: () =>
        Promise.resolve({
          body: cacheBody(`<p>page</p><img src="${seenHref({ a: 1, l: 'zh-Hans' })}">`),
          status: 200,
          cacheControl: 'no-cache',
        }),
      circuit: () => Promise.reject(new Error('not a circuit test')),
    };
    const app = withSeen(
      readerRoutes(pages, { hsts: true, clientAddress: () => '203.0.113.9' }),
      true,
    );
    const { set } = await shown(app, 'https://x/article?name=salle-1&lang=zh-Hans');
    expect(set[0]).toMatch(/^legenda_lang=zh-Hans;.*; Secure/);
  });

  it('remembers a text size chosen with A− and A+, beside the language', async () => {
    const seen: PageRequest[] = [];
    const app = routes((request) => seen.push(request));
    const get = (query: string, cookie?: string) => shown(app, `http://x/article?${query}`, cookie);
    const larger = await get('name=salle-1&lang=ja&size=3');
    expect(seen.at(-1)).toMatchObject({ lang: 'ja', textSize: 3 });
    const { set } = larger;
    expect(set).toHaveLength(2);
    expect(set[0]).toMatch(/^legenda_lang=ja;/);
    expect(set[1]).toMatch(/^legenda_size=3; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    // The next page: that size, nothing set again.
    const next = await get('name=salle-2', 'legenda_lang=ja; legenda_size=3');
    expect(seen.at(-1)).toMatchObject({ lang: 'ja', textSize: 3 });
    expect(next.set).toEqual([]);
    // Anything but a step from 1 to 4 is no size; a preview remembers none.
    for (const size of ['0', '5', '2.5', '<b>', '']) {
      const res = await get(`name=salle-2&size=${encodeURIComponent(size)}`, 'legenda_size=9');
      expect(seen.at(-1)?.textSize).toBeUndefined();
      expect(res.set).toEqual([]);
    }
    expect((await get('name=salle-2&size=2&ignoreStats=1')).set).toEqual([]);
  });

  it('sends a streamed page piece by piece, each one compressed and flushed', async () => {
    const gate = Promise.withResolvers<void>();
    let stopped = false;
    async function* pieces() {
      try {
        yield '<!doctype html><p>first words</p>';
        await gate.promise;
        yield '';
        yield '<p>the rest</p>';
      } finally {
        stopped = true;
      }
    }
    const pages: VisitorPages = {
      kept: () => undefined,
      answer: () =>
        Promise.resolve({
          stream: pieces(),
          status: 200 as const,
          cacheControl: 'no-store' as const,
        }),
      circuit: () => Promise.reject(new Error('not a circuit test')),
    };
    const app = readerRoutes(pages, { hsts: false, clientAddress: () => '203.0.113.9' });
    const res = await app.request('/article?name=salle-1&lang=es', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The first piece reads whole while the rest is still to come.
    const partial = gunzipSync(first.value!, { finishFlush: constants.Z_SYNC_FLUSH });
    expect(partial.toString()).toBe('<!doctype html><p>first words</p>');
    gate.resolve();
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
    }
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(
      '<!doctype html><p>first words</p><p>the rest</p>',
    );
    expect(stopped).toBe(true);

    // Without gzip, the same pieces as they are; a HEAD, none.
    const plain = await app.request('/article?name=salle-1&lang=es');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('first words');
    const head = await app.request('/article?name=salle-1&lang=es', { method: 'HEAD' });
    expect(head.body).toBeNull();
  });

  it('marks a complete page for the service worker, and reads a save', async () => {
    const seen: PageRequest[] = [];
    const final = routes((request) => seen.push(request), { final: true });
    const kept = await final.request('/article?name=salle-3&lang=es', {
      headers: { 'legenda-save': '1' },
    });
    expect(kept.headers.get('x-legenda-page')).toBe('article');
    expect(seen.at(-1)).toMatchObject({ saving: true, ignoreStats: false });
    await final.request('/article?name=salle-3&lang=es');
    expect(seen.at(-1)).toMatchObject({ saving: false });

    const notFinal = await routes(() => {}).request('/article?name=salle-3&lang=es');
    expect(notFinal.headers.get('x-legenda-page')).toBeNull();
  });

  it("lets a staff preview run this site's script too, framed by this site only", async () => {
    const preview = await routes(() => {}).request('/article?name=salle-3&ignoreStats=true');
    const csp = preview.headers.get('content-security-policy') ?? '';
    for (const directive of ["script-src 'self'", "worker-src 'self'", "connect-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
