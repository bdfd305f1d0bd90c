import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { cachedResponse } from '../../server/http/cached-body.ts';
import { finishLater } from '../../server/http/finish-later.ts';
import { streamedResponse } from '../../server/http/streamed-body.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { IGNORE_STATS_PARAM, ignoresStats } from './ignore-stats.ts';
import { languageCookie, rememberedLanguage } from './language-cookie.ts';
import { rememberedTextSize, TEXT_SIZE_PARAM, textSize, textSizeCookie } from './text-size.ts';
import { supportedLanguage } from '../languages/index.ts';
import { isSaveRequest, PAGE_HEADER, SAVE_HEADER } from './offline.ts';
import { VISITOR_PAGE_CSP } from './page.ts';
import type { VisitorPages } from './pages.ts';

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7): rendered on the server, needing no
 * JavaScript (pages.ts). Without `name` the request is the editor's page and goes on to the
 * static site. `lang` picks the language; `choose=1` or `q` show the picker; `ignoreStats`
 * (ignore-stats.ts) makes a staff preview that counts nothing; a request carrying SAVE_HEADER
 * (offline reading, offline.ts) counts nothing either, and a complete page carries PAGE_HEADER.
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
    // The page without `lang` is in the language the visitor chose before (language-cookie.ts).
    Vary: 'Accept-Language, Accept-Encoding, Cookie',
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
    const asked = c.req.query('lang')?.slice(0, 35);
    const choose = c.req.query('choose') === '1';
    const query = c.req.query('q')?.slice(0, 100);
    const picking = choose || query !== undefined;
    // A link's `lang` wins; without one, the language the visitor chose before; the picker,
    // when asked for, stays the picker.
    const cookie = c.req.header('cookie');
    const remembered = picking ? undefined : rememberedLanguage(cookie);
    // The text size: the footer's A−/A+ link's, else the one chosen before (text-size.ts).
    const sizeAsked = textSize(c.req.query(TEXT_SIZE_PARAM));
    const sizeRemembered = rememberedTextSize(cookie);
    const answer = await pages.answer({
      name,
      lang: asked ?? remembered,
      choose,
      query,
      ignoreStats: preview,
      saving: isSaveRequest(c.req.header(SAVE_HEADER)),
      textSize: sizeAsked ?? sizeRemembered,
      visitor: { address: options.clientAddress(c), userAgent: c.req.header('user-agent') },
      acceptLanguage: c.req.header('accept-language'),
      background: (work) => finishLater(c, work),
      circuit: c.req.query('circuit')?.slice(0, 120),
    });
    const sent: Record<string, string> = {
      ...(preview ? previewHeaders : headers),
      'Cache-Control': answer.cacheControl,
    };
    if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
    // The page as it stays: the service worker may keep it for offline reading (offline.ts).
    if (answer.final) sent[PAGE_HEADER] = 'article';
    // Read in a language the visitor asked for: remembered for the next pages and scans (a
    // staff preview remembers nothing).
    if (asked !== undefined && !picking && !preview && answer.status === 200) {
      const chosen = supportedLanguage(asked);
      if (chosen && chosen !== remembered)
        sent['Set-Cookie'] = languageCookie(chosen, options.hsts);
    }
    // A first translation is sent as it is made (issue 19); every other page, made once.
    const response = answer.stream
      ? streamedResponse(c.req.raw, answer.stream, sent, answer.status)
      : cachedResponse(c.req.raw, answer.body, sent, answer.status);
    // A text size chosen: remembered too (a record of headers holds one Set-Cookie).
    if (sizeAsked !== undefined && sizeAsked !== sizeRemembered && !preview) {
      response.headers.append('Set-Cookie', textSizeCookie(sizeAsked, options.hsts));
    }
    return response;
  });

  // A circuit's page (issue 19): the same rules as an article's for language and text size.
  app.get('/circuit', async (c) => {
    const name = c.req.query('name') ?? '';
    const preview = ignoresStats(c.req.query(IGNORE_STATS_PARAM));
    const asked = c.req.query('lang')?.slice(0, 35);
    const choose = c.req.query('choose') === '1';
    const query = c.req.query('q')?.slice(0, 100);
    const picking = choose || query !== undefined;
    const cookie = c.req.header('cookie');
    const remembered = picking ? undefined : rememberedLanguage(cookie);
    const answer = await pages.circuit({
      name,
      lang: asked ?? remembered,
      choose,
      query,
      ignoreStats: preview,
      textSize: rememberedTextSize(cookie),
      acceptLanguage: c.req.header('accept-language'),
      background: (work) => finishLater(c, work),
    });
    const sent: Record<string, string> = {
      ...(preview ? previewHeaders : headers),
      'Cache-Control': answer.cacheControl,
    };
    if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
    // Complete: the service worker may keep it for offline reading (offline.ts).
    if (answer.final) sent[PAGE_HEADER] = 'circuit';
    if (asked !== undefined && !picking && !preview && answer.status === 200) {
      const chosen = supportedLanguage(asked);
      if (chosen && chosen !== remembered)
        sent['Set-Cookie'] = languageCookie(chosen, options.hsts);
    }
    return cachedResponse(c.req.raw, answer.body, sent, answer.status);
  });

  return app;
}
