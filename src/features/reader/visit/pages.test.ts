import { describe, expect, it } from 'vitest';
import { readContent } from '../../articles/content.ts';
import { readerRoutes } from '../http/routes.ts';
import { pageCache } from './page-cache.ts';
import { visitorPages } from './pages.ts';
import type { ReaderService } from './service.ts';
import type { Visit, VisitRequest } from './visit-types.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

/**
 * The page cache as the edge fills it: keyed on the language as checked where the request is
 * read, so every spelling of a language shares one page, and a language that is none keeps
 * nothing at all.
 */
function pages() {
  const visits: VisitRequest[] = [];
  const service: ReaderService = {
    readable: () => Promise.resolve(undefined),
    visit(request): Promise<Visit> {
      visits.push(request);
      if (!request.lang) {
        return Promise.resolve({ kind: 'notFound', uiLang: request.acceptLanguage ?? 'fr' });
      }
      return Promise.resolve({
        kind: 'article',
        article: { id: 1, museumId: 1, timeZone: 'UTC', name: request.name, source: 'fr' },
        content: readContent(
          [
            { type: 'metadatas', url: request.name },
            { type: 'text', content: 'Hola' },
          ],
          request.name,
        ),
        lang: request.lang,
        requested: request.lang,
        note: undefined,
        uiLang: request.lang,
        count: undefined,
      });
    },
  };
  const cache = pageCache({ ttlMs: 60_000 });
  const kept: string[] = [];
  const app = readerRoutes(
    visitorPages({
      visits: service,
      pages: {
        ...cache,
        set(key, html, tags) {
          kept.push(key);
          return cache.set(key, html, tags);
        },
      },
    }),
    { hsts: false, clientAddress: () => '203.0.113.9' },
  );
  return { app, visits, kept };
}

describe('the page cache', () => {
  it('keeps one page for every spelling of a language', async () => {
    const { app, visits, kept } = pages();
    const lower = await app.request('/article?name=salle-1&lang=es');
    const upper = await app.request('/article?name=salle-1&lang=ES');
    const mixed = await app.request('/article?name=salle-1&lang=eS');
    expect(visits).toHaveLength(1);
    expect(visits[0]?.lang).toBe('es');
    expect(kept).toHaveLength(1);
    const html = await lower.text();
    expect(html).toContain('Hola');
    expect(await upper.text()).toBe(html);
    expect(await mixed.text()).toBe(html);
    expect(upper.headers.get('etag')).toBe(lower.headers.get('etag'));
  });

  it('keeps nothing for a hostile or oversized language, nor for a name no page can have', async () => {
    const { app, visits, kept } = pages();
    for (const lang of ['x'.repeat(5000), '<script>', `es${'-'.repeat(40)}`, 'klingon']) {
      const res = await app.request(`/article?name=salle-1&lang=${encodeURIComponent(lang)}`);
      expect(res.status).toBeLessThan(500);
    }
    // Each reached the visit as no language at all: the same for every one of them.
    expect(visits.map((visit) => visit.lang)).toEqual([undefined, undefined, undefined, undefined]);
    const bad = await app.request(`/article?name=${encodeURIComponent('<b>')}&lang=es`);
    expect(bad.status).toBe(404);
    expect(visits).toHaveLength(4);
    expect(kept).toEqual([]);
  });
});
