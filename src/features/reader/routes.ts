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
import type { PageAnswer, VisitorPages } from './pages.ts';

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

  /**
   * What a visitor page's address asks, the same for an article and a circuit: a link's `lang`
   * wins; without one, the language the visitor chose before; the picker, when asked for, stays
   * the picker.
   */
  const asking = (c: Context) => {
    const asked = c.req.query('lang')?.slice(0, 35);
    const choose = c.req.query('choose') === '1';
    const query = c.req.query('q')?.slice(0, 100);
    const picking = choose || query !== undefined;
    const cookie = c.req.header('cookie');
    return {
      preview: ignoresStats(c.req.query(IGNORE_STATS_PARAM)),
      asked,
      choose,
      query,
      picking,
      cookie,
      remembered: picking ? undefined : rememberedLanguage(cookie),
    };
  };

  /** The headers of a visitor page's answer; `kind`: what the service worker may keep. */
  const answerHeaders = (
    ask: ReturnType<typeof asking>,
    answer: PageAnswer,
    kind: 'article' | 'circuit',
  ): Record<string, string> => {
    const sent: Record<string, string> = {
      ...(ask.preview ? previewHeaders : headers),
      'Cache-Control': answer.cacheControl,
    };
    if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
    // The page as it stays: the service worker may keep it for offline reading (offline.ts).
    if (answer.final) sent[PAGE_HEADER] = kind;
    // Read in a language the visitor asked for: remembered for the next pages and scans (a
    // staff preview remembers nothing).
    if (ask.asked !== undefined && !ask.picking && !ask.preview && answer.status === 200) {
      const chosen = supportedLanguage(ask.asked);
      if (chosen && chosen !== ask.remembered)
        sent['Set-Cookie'] = languageCookie(chosen, options.hsts);
    }
    return sent;
  };

  app.get('/article', async (c, next) => {
    const name = c.req.query('name');
    if (name === undefined) return next();
    const ask = asking(c);
    // The text size: the footer's A−/A+ link's, else the one chosen before (text-size.ts).
    const sizeAsked = textSize(c.req.query(TEXT_SIZE_PARAM));
    const sizeRemembered = rememberedTextSize(ask.cookie);
    const answer = await pages.answer({
      name,
      lang: ask.asked ?? ask.remembered,
      choose: ask.choose,
      query: ask.query,
      ignoreStats: ask.preview,
      saving: isSaveRequest(c.req.header(SAVE_HEADER)),
      textSize: sizeAsked ?? sizeRemembered,
      visitor: { address: options.clientAddress(c), userAgent: c.req.header('user-agent') },
      acceptLanguage: c.req.header('accept-language'),
      background: (work) => finishLater(c, work),
      circuit: c.req.query('circuit')?.slice(0, 120),
    });
    const sent = answerHeaders(ask, answer, 'article');
    // A first translation is sent as it is made (issue 19); every other page, made once.
    const response = answer.stream
      ? streamedResponse(c.req.raw, answer.stream, sent, answer.status)
      : cachedResponse(c.req.raw, answer.body, sent, answer.status);
    // A text size chosen: remembered too (a record of headers holds one Set-Cookie).
    if (sizeAsked !== undefined && sizeAsked !== sizeRemembered && !ask.preview) {
      response.headers.append('Set-Cookie', textSizeCookie(sizeAsked, options.hsts));
    }
    return response;
  });

  // A circuit's page (issue 19): the same rules as an article's for language and text size.
  app.get('/circuit', async (c) => {
    const ask = asking(c);
    const answer = await pages.circuit({
      name: c.req.query('name') ?? '',
      lang: ask.asked ?? ask.remembered,
      choose: ask.choose,
      query: ask.query,
      ignoreStats: ask.preview,
      textSize: rememberedTextSize(ask.cookie),
      acceptLanguage: c.req.header('accept-language'),
      background: (work) => finishLater(c, work),
    });
    return cachedResponse(
      c.req.raw,
      answer.body,
      answerHeaders(ask, answer, 'circuit'),
      answer.status,
    );
  });

  return app;
}
