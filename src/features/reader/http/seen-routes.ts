import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../server/context.ts';
import { visitorLang } from '../checked.ts';
import { SEEN_PATH, SEEN_PHONE } from '../render/links.ts';
import { rememberedTextSize, textSize, textSizeCookie } from '../text-size.ts';
import type { SeenAsk, SeenService } from '../visit/seen.ts';
import { languageCookie, rememberedLanguage } from './language-cookie.ts';

/** A positive id in a query (`a`, `g`), or undefined. */
function idOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * The visitor pages' count request, GET /seen?a={article}|g={museum}&l={lang}&s={size}
 * (render/links.ts seenHref): asked by the page's image each time the page is shown, wherever it
 * came from, and answered 204, never stored. It counts the showing (visit/seen.ts) and
 * remembers the language and text size the page's address chose (language-cookie.ts,
 * text-size.ts), which a page that shared caches keep cannot set
 * (docs/adr/0031-visitor-pages-behind-a-cdn.md).
 */
export function seenRoutes(
  seen: SeenService,
  options: { hsts: boolean; clientAddress: (c: Context) => string },
) {
  const app = new Hono<AppEnv>();
  app.get(SEEN_PATH, async (c) => {
    const lang = visitorLang(c.req.query('l'));
    const article = idOf(c.req.query('a'));
    const guide = idOf(c.req.query('g'));
    const ask: SeenAsk | undefined =
      article !== undefined ? { article } : guide !== undefined ? { guide } : undefined;
    if (lang && ask && c.req.method === 'GET') {
      const visitor = { address: options.clientAddress(c), userAgent: c.req.header('user-agent') };
      await seen.count(ask, lang, visitor);
    }
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    const cookie = c.req.header('cookie');
    // Remembered for the next pages and scans; what the visitor already has is not set again.
    const chosen = c.req.query(SEEN_PHONE) !== '1';
    if (lang && chosen && lang !== rememberedLanguage(cookie)) {
      headers.append('Set-Cookie', languageCookie(lang, options.hsts));
    }
    const size = textSize(c.req.query('s'));
    if (size !== undefined && size !== (rememberedTextSize(cookie) ?? 1)) {
      headers.append('Set-Cookie', textSizeCookie(size, options.hsts));
    }
    return new Response(null, { status: 204, headers });
  });
  return app;
}
