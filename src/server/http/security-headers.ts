import type { MiddlewareHandler } from 'hono';

/**
 * Headers for every answer (DESIGN 9). Pages carry their own script and style hashes in a CSP
 * meta tag written by Astro; this header adds what a meta tag cannot say.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    const type = h.get('content-type') ?? '';
    if (!h.has('Content-Security-Policy')) {
      h.set(
        'Content-Security-Policy',
        type.startsWith('text/html')
          ? "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
          : "default-src 'none'; frame-ancestors 'none'",
      );
    }
    if (options.hsts) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
