import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { cachedResponse } from '../../server/http/cached-body.ts';
import { finishLater } from '../../server/http/finish-later.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { IGNORE_STATS_PARAM, ignoresStats } from './ignore-stats.ts';
import { VISITOR_PAGE_CSP } from './page.ts';
import type { VisitorPages } from './pages.ts';

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7): rendered on the server, no
 * JavaScript (pages.ts). Without `name` the request is the editor's page and goes on to the
 * static site. `lang` picks the language; `choose=1` or `q` show the picker; `ignoreStats`
 * (ignore-stats.ts) makes a staff preview that counts nothing.
 */
export function readerRoutes(
  pages: VisitorPages,
  options: { hsts: boolean; clientAddress: (c: Context) => string },
) {
  const app = new Hono<AppEnv>();
  // Mounted ahead of the shared middleware, so every answer carries these itself.
  const headers: Record<string, string> = {
    ...securityHeaderValues({ hsts: options.hsts }),
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Content-Type': 'text/html; charset=UTF-8',
    Vary: 'Accept-Language, Accept-Encoding',
  };
  // A staff preview may be framed by this site's own pages (the review screen's phone preview,
  // issue 18); a visitor's page by nothing.
  const previewHeaders: Record<string, string> = {
    ...headers,
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': VISITOR_PAGE_CSP.replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    ),
  };

  app.get('/article', async (c, next) => {
    const name = c.req.query('name');
    if (name === undefined) return next();
    const preview = ignoresStats(c.req.query(IGNORE_STATS_PARAM));
    const answer = await pages.answer({
      name,
      lang: c.req.query('lang')?.slice(0, 35),
      choose: c.req.query('choose') === '1',
      query: c.req.query('q')?.slice(0, 100),
      ignoreStats: preview,
      visitor: { address: options.clientAddress(c), userAgent: c.req.header('user-agent') },
      acceptLanguage: c.req.header('accept-language'),
      background: (work) => finishLater(c, work),
    });
    const sent: Record<string, string> = {
      ...(preview ? previewHeaders : headers),
      'Cache-Control': answer.cacheControl,
    };
    if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
    return cachedResponse(c.req.raw, answer.body, sent, answer.status);
  });

  return app;
}
