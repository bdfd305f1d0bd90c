import type { MiddlewareHandler } from 'hono';
import { ApiError, sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that carry our cookies must come from our own pages (DESIGN 9). Browsers send Origin
 * on every cross-site and same-site POST; a request with neither Origin nor Sec-Fetch-Site comes
 * from a non-browser client, which cannot ride on a visitor's cookies.
 */
export function originCheck(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    if (origin !== undefined) {
      if (origin === own || allowed.has(origin)) return next();
      return sendError(c, forbidden());
    }
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return sendError(c, forbidden());
    }
    return next();
  };
}

const forbidden = () =>
  new ApiError(403, 'cross_site_request', 'This request must come from the Legenda site itself.');
