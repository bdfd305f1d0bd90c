import type { MiddlewareHandler } from 'hono';

/** The policy of API answers: they are data, never documents to run or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * Pages carry their own script and style hashes in a CSP meta tag written by Astro; this header
 * adds what a meta tag cannot say.
 */
export const PAGE_CSP =
  "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/**
 * Headers for every answer (DESIGN 9), set before the handler runs so that they travel in the
 * response it builds (no copy of the response afterwards: this is on every request's path).
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Content-Security-Policy', API_CSP);
    if (options.hsts) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return next();
  };
}
