import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import {
  OUTAGE_RETRY_SECONDS,
  renderNotFoundPage,
  renderOutagePage,
} from '../reader/render/message-page.ts';
import { VISITOR_PAGE_CSP } from '../reader/render/document.ts';
import { suggestedLanguages } from '../languages/negotiate.ts';
import type { Visitor } from '../stats/repeats.ts';
import type { QrcodesService } from './service.ts';
import { rememberedLanguage } from '../reader/http/language-cookie.ts';

/**
 * GET /r/{code}: what a printed QR code opens (ADR 0006). A redirect to the linked article's
 * visitor page (in the language the visitor chose before, if any: reader/language-cookie.ts),
 * counted as a scan (a phone's rescans within half an hour count once); never
 * cached, so every scan reaches us; only ever to a path of this site. A free or unknown code: a friendly 404 in the phone's language, counted nothing.
 * The database out of reach: a 503 page in that language that reloads itself.
 */
export interface ScanAnswer {
  status: 302 | 404 | 503;
  headers: Record<string, string>;
  body: string | null;
}

export type Scanner = (
  code: string,
  acceptLanguage: string | undefined,
  method: string,
  /** Who scanned (address and user agent): hashed to count rescans once, never kept. */
  visitor?: Visitor,
  /** The request's Cookie header: a language chosen before opens the article in it. */
  cookie?: string,
) => Promise<ScanAnswer>;

/** The language of the phone's first choice we write pages in; French otherwise. */
const phoneLanguage = (acceptLanguage: string | undefined) =>
  suggestedLanguages(acceptLanguage, 1)[0] ?? 'fr';

export function scanner(qrcodes: QrcodesService, options: { hsts: boolean }): Scanner {
  const base = { ...securityHeaderValues(options), 'Cache-Control': 'no-store' };
  const pageHeaders = {
    ...base,
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Content-Type': 'text/html; charset=UTF-8',
    Vary: 'Accept-Language',
  };
  return async (code, acceptLanguage, method, visitor, cookie) => {
    let location: string | undefined;
    try {
      // A HEAD is a link preview, not a visitor: answered, not counted.
      location = await qrcodes.scan(
        code,
        acceptLanguage,
        method === 'GET',
        visitor,
        rememberedLanguage(cookie),
      );
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      // The database is out of reach: a page in the phone's language that reloads itself,
      // so the scan goes through once the database is back.
      return {
        status: 503,
        headers: { ...pageHeaders, 'Retry-After': String(OUTAGE_RETRY_SECONDS) },
        body: renderOutagePage(phoneLanguage(acceptLanguage)),
      };
    }
    if (location) return { status: 302, headers: { ...base, Location: location }, body: null };
    return {
      status: 404,
      headers: pageHeaders,
      body: renderNotFoundPage(phoneLanguage(acceptLanguage)),
    };
  };
}

/** The route in the Hono app (Netlify, tests); mounted ahead of the shared middleware. */
export function scanRoutes(scan: Scanner, clientAddress: (c: Context) => string) {
  const app = new Hono<AppEnv>();
  app.get('/r/:code', async (c) => {
    const answer = await scan(
      c.req.param('code'),
      c.req.header('accept-language'),
      c.req.method,
      { address: clientAddress(c), userAgent: c.req.header('user-agent') },
      c.req.header('cookie'),
    );
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  return app;
}

const SCAN_PATH = /^\/r\/([^/?#]+)(?:\?.*)?$/;

/**
 * The same answer straight on Node's request, ahead of the Hono adapter (the Node entry): a
 * scan is the busiest request there is, and the adapter's Request and Response objects cost
 * more than the scan itself. False: not a scan, or it failed (the app then answers it, errors
 * included; nothing was counted, as counting comes after the lookup and never throws).
 */
export function nodeScanHandler(
  scan: Scanner,
  /** The same address as AppDeps.clientAddress gives the app for this request. */
  clientAddress: (req: IncomingMessage) => string,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const match = SCAN_PATH.exec(req.url ?? '');
    if (!match) return false;
    let code: string;
    try {
      code = decodeURIComponent(match[1]!);
    } catch {
      return false;
    }
    let answer: ScanAnswer;
    try {
      answer = await scan(
        code,
        req.headers['accept-language'],
        req.method,
        { address: clientAddress(req), userAgent: req.headers['user-agent'] },
        req.headers.cookie,
      );
    } catch {
      return false;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : (answer.body ?? undefined));
    return true;
  };
}
