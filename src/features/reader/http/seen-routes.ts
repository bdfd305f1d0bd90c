import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { getQueryParam } from 'hono/utils/url';
import type { AppEnv } from '../../../server/context.ts';
import { plainUrl } from '../../../server/http/node-request.ts';
import type { Visitor } from '../../stats/repeats.ts';
import { visitorLang } from '../checked.ts';
import { SEEN_PATH, SEEN_PHONE } from '../render/links.ts';
import { rememberedTextSize, textSize, textSizeCookie } from '../text-size.ts';
import type { SeenAsk, SeenService } from '../visit/seen.ts';
import { languageCookie, rememberedLanguage } from './language-cookie.ts';
import { nodeReading } from './node-reading.ts';
import type { RequestReader } from './request.ts';

/** What the count request asks of the counts: to count a showing. */
type Counting = Pick<SeenService, 'count'>;

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
 * (docs/adr/0031-visitor-pages-behind-a-cdn.md). The Hono route and the Node entry's busy path
 * (nodeSeenHandler) answer it through this one function.
 */
export function seenAnswerer(seen: Counting, options: { hsts: boolean }) {
  return async (
    req: RequestReader,
    method: string,
    visitor: Visitor,
  ): Promise<{ status: 204; headers: Record<string, string | string[]> }> => {
    const lang = visitorLang(req.query('l'));
    const article = idOf(req.query('a'));
    const guide = idOf(req.query('g'));
    const ask: SeenAsk | undefined =
      article !== undefined ? { article } : guide !== undefined ? { guide } : undefined;
    // A HEAD is no page shown.
    const named = lang && ask && method === 'GET' ? await seen.count(ask, lang, visitor) : true;
    const cookies: string[] = [];
    const cookie = req.header('cookie');
    // Remembered for the next pages and scans; what the visitor already has is not set again.
    // An id no museum has is no page of ours: nothing of it is remembered.
    const chosen = req.query(SEEN_PHONE) !== '1' && named;
    if (lang && chosen && lang !== rememberedLanguage(cookie)) {
      cookies.push(languageCookie(lang, options.hsts));
    }
    const size = textSize(req.query('s'));
    if (named && size !== undefined && size !== (rememberedTextSize(cookie) ?? 1)) {
      cookies.push(textSizeCookie(size, options.hsts));
    }
    const headers: Record<string, string | string[]> = { 'Cache-Control': 'no-store' };
    if (cookies.length > 0) headers['Set-Cookie'] = cookies;
    return { status: 204, headers };
  };
}

export function seenRoutes(
  seen: Counting,
  options: { hsts: boolean; clientAddress: (c: Context) => string },
) {
  const answer = seenAnswerer(seen, options);
  const app = new Hono<AppEnv>();
  app.get(SEEN_PATH, async (c) => {
    const reader: RequestReader = {
      query: (name) => c.req.query(name),
      header: (name) => c.req.header(name),
    };
    const visitor = { address: options.clientAddress(c), userAgent: c.req.header('user-agent') };
    const { status, headers } = await answer(reader, c.req.method, visitor);
    const sent = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) sent.append(name, one);
    }
    return new Response(null, { status, headers: sent });
  });
  return app;
}

/**
 * GET /seen on Node's own request, ahead of the Hono adapter (the Node entry, ADR 0021): every
 * page shown asks it, and the adapter's Request and Response cost more than the count. False:
 * not a plain GET of /seen; the app then answers it, and nothing was counted.
 */
export function nodeSeenHandler(
  seen: Counting,
  options: { hsts: boolean; clientAddress: (req: IncomingMessage) => string },
) {
  const answer = seenAnswerer(seen, options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || !req.url?.startsWith(`${SEEN_PATH}?`)) return false;
    const url = plainUrl(req);
    if (url === undefined) return false;
    const params = getQueryParam(url) as Record<string, string>;
    const { reader, visitor } = nodeReading(req, params, options.clientAddress);
    const { status, headers } = await answer(reader, 'GET', visitor);
    res.writeHead(status, headers);
    res.end();
    return true;
  };
}
