import { Hono } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { renderNotFoundPage, VISITOR_PAGE_CSP } from '../reader/page.ts';
import { suggestedLanguages } from '../reader/service.ts';
import type { QrcodesService } from './service.ts';

/**
 * GET /r/{code}: what a printed QR code opens (DESIGN 8). A redirect to the linked article's
 * visitor page, counted as a scan; never cached, so every scan reaches us; only ever to a path
 * of this site. A free or unknown code: a friendly 404 in the phone's language, counted nothing.
 * Mounted ahead of the shared middleware (a busy path), so it sets its own headers.
 */
export function scanRoutes(qrcodes: QrcodesService, options: { hsts: boolean }) {
  const app = new Hono<AppEnv>();
  const base = { ...securityHeaderValues(options), 'Cache-Control': 'no-store' };
  const pageHeaders = {
    ...base,
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Content-Type': 'text/html; charset=UTF-8',
    Vary: 'Accept-Language',
  };

  app.get('/r/:code', async (c) => {
    const acceptLanguage = c.req.header('accept-language');
    const counted = c.req.method === 'GET';
    const location = await qrcodes.scan(c.req.param('code'), acceptLanguage, counted);
    if (location)
      return new Response(null, { status: 302, headers: { ...base, Location: location } });
    const lang = suggestedLanguages(acceptLanguage, 1)[0] ?? 'fr';
    return new Response(renderNotFoundPage(lang), { status: 404, headers: pageHeaders });
  });

  return app;
}
