import type { MiddlewareHandler } from 'hono';
import { ApiError, sendError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that carry our cookies must come from our own pages (the cross-site write check). Browsers send Origin
 * on every cross-site and same-site POST, so a write without it is refused like a foreign one,
 * unless the browser says `Sec-Fetch-Site: same-origin`: a client that leaves both out (a
 * script, a tool) cannot be told apart from a page that had its Origin stripped.
 * `allowMissing` keeps the older leniency for a visitor's beacon, which carries no session.
 */
export function originCheck(
  allowedOrigins: readonly string[],
  options: { allowMissing?: boolean } = {},
): MiddlewareHandler {
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
    if (site === 'same-origin') return next();
    if (options.allowMissing && (site === undefined || site === 'none')) return next();
    return sendError(c, forbidden());
  };
}

const forbidden = () =>
  new ApiError(403, 'cross_site_request', 'This request must come from the Legenda site itself.');
