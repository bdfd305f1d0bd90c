import { describe, expect, it } from 'vitest';
import { cacheBody } from '../../server/http/cached-body.ts';
import type { PageAnswer, VisitorPages } from './pages.ts';
import { readerRoutes } from './routes.ts';
import type { VisitRequest } from './service.ts';

/**
 * The route's own part: what it reads from the request and how it hands a first translation to
 * the platform. The page itself is pages.ts's (visitor.test.ts, through the whole app).
 */
function routes(onVisit: (request: VisitRequest) => void) {
  const pages: VisitorPages = {
    answer(request): Promise<PageAnswer> {
      onVisit(request);
      return Promise.resolve({
        body: cacheBody('<p>page</p>'),
        status: 200,
        cacheControl: 'no-cache',
      });
    },
  };
  return readerRoutes(pages, { hsts: false, clientAddress: () => '203.0.113.9' });
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
    expect(await res.text()).toBe('<p>page</p>');
  });

  it('reads the visit from the address: name, language, picker, search, stats, visitor', async () => {
    const seen: VisitRequest[] = [];
    const app = routes((request) => seen.push(request));
    await app.fetch(
      new Request(`http://x/article?name=salle-3&lang=${'x'.repeat(50)}&choose=1&q=esp`, {
        headers: { 'accept-language': 'ja', 'user-agent': 'phone' },
      }),
    );
    expect(seen[0]).toMatchObject({
      name: 'salle-3',
      lang: 'x'.repeat(35),
      choose: true,
      query: 'esp',
      ignoreStats: false,
      acceptLanguage: 'ja',
      visitor: { address: '203.0.113.9', userAgent: 'phone' },
    });
  });
});
