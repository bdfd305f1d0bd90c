import { securityHeaderValues } from '../../../server/http/security-headers.ts';
import { PAGE_HEADER } from '../offline.ts';
import { VISITOR_PAGE_CSP } from '../render/document.ts';
import type { PageAnswer } from '../visit/pages.ts';
import { PICKER_CACHE_HEADERS, SHARED_CACHE_HEADERS, tagHeaders } from '../cdn.ts';
import type { Asking } from './request.ts';

/**
 * The headers of a visitor page's answer (routes.ts, node-article.ts), made once per server
 * where they do not depend on the request: every answer carries them itself, since the visitor
 * pages are answered ahead of the shared middleware.
 */
export function visitorHeaders(options: { hsts: boolean }) {
  const headers: Record<string, string> = {
    ...securityHeaderValues({ hsts: options.hsts }),
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Content-Type': 'text/html; charset=UTF-8',
    // The page without `lang` is in the language the visitor chose before (language-cookie.ts).
    Vary: 'Accept-Language, Accept-Encoding, Cookie',
  };
  // A staff preview may be framed by this site's own pages (the review screen's phone
  // preview); a visitor's page by nothing.
  const previewHeaders: Record<string, string> = {
    ...headers,
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': VISITOR_PAGE_CSP.replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    ),
  };
  // What shared caches may keep: the page its address shows, whoever asks it (cdn.ts).
  const shared: Record<string, string> = {
    ...headers,
    ...SHARED_CACHE_HEADERS,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  // The picker of an address without a language: one per phone languages (cdn.ts).
  const sharedByPhone: Record<string, string> = {
    ...shared,
    ...PICKER_CACHE_HEADERS,
  };

  return {
    /**
     * The headers of a visitor page's answer; `kind`: what the service worker may keep;
     * `cookieSize`: the page is at the text size remembered in a cookie, not its address's.
     * Nothing is remembered here: the page's count request sets the cookies (seen-routes.ts),
     * so that a page a shared cache keeps sets nothing for the next visitor.
     */
    answer(
      ask: Asking,
      answer: PageAnswer,
      kind: 'article' | 'circuit',
      cookieSize = false,
    ): Record<string, string> {
      const sent: Record<string, string> = sharedByAll(ask, answer, cookieSize)
        ? { ...(answer.byPhone ? sharedByPhone : shared), ...tagHeaders(answer.tags) }
        : {
            ...(ask.preview ? previewHeaders : headers),
            // Browsers revalidate it; no shared cache keeps it.
            'Cache-Control': answer.cacheControl === 'no-cache' ? 'private, no-cache' : 'no-store',
          };
      if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
      // The page as it stays: the service worker may keep it for offline reading (offline.ts).
      if (answer.final) sent[PAGE_HEADER] = kind;
      return sent;
    },
  };
}

/**
 * A page every visitor asking its address gets: one to keep (tags), in the language its address
 * names (a page without `lang` is in the one a cookie remembers), at the size its address says,
 * shown for good (no first translation, outage copy or staff preview).
 */
function sharedByAll(
  ask: Asking,
  answer: PageAnswer,
  cookieSize: boolean,
): answer is PageAnswer & { tags: readonly string[] } {
  return (
    answer.tags !== undefined &&
    answer.status === 200 &&
    answer.cacheControl === 'no-cache' &&
    !ask.preview &&
    !cookieSize &&
    (answer.byPhone === true
      ? // The picker no language was asked nor remembered for, nothing searched.
        !ask.langGiven && ask.remembered === undefined && !ask.picking
      : ask.langGiven && ask.asked !== undefined)
  );
}

export type VisitorHeaders = ReturnType<typeof visitorHeaders>;
