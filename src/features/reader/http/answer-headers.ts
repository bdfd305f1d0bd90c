import { securityHeaderValues } from '../../../server/http/security-headers.ts';
import { languageCookie } from './language-cookie.ts';
import { PAGE_HEADER } from '../offline.ts';
import { VISITOR_PAGE_CSP } from '../render/document.ts';
import type { PageAnswer } from '../visit/pages.ts';
import { textSizeCookie } from '../text-size.ts';
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
  // The Set-Cookie value of each language, written once (a catalogue code: a few dozen at most).
  const languageCookies = new Map<string, string>();
  const remember = (lang: string) => {
    let cookie = languageCookies.get(lang);
    if (cookie === undefined) {
      cookie = languageCookie(lang, options.hsts);
      languageCookies.set(lang, cookie);
    }
    return cookie;
  };

  return {
    /** The headers of a visitor page's answer; `kind`: what the service worker may keep. */
    answer(ask: Asking, answer: PageAnswer, kind: 'article' | 'circuit'): Record<string, string> {
      const sent: Record<string, string> = {
        ...(ask.preview ? previewHeaders : headers),
        'Cache-Control': answer.cacheControl,
      };
      if (answer.retryAfter) sent['Retry-After'] = String(answer.retryAfter);
      // The page as it stays: the service worker may keep it for offline reading (offline.ts).
      if (answer.final) sent[PAGE_HEADER] = kind;
      // Read in a language the visitor asked for: remembered for the next pages and scans (a
      // staff preview remembers nothing).
      const chosen = ask.asked;
      if (chosen && !ask.picking && !ask.preview && answer.status === 200) {
        if (chosen !== ask.remembered) sent['Set-Cookie'] = remember(chosen);
      }
      return sent;
    },

    /** A text size chosen (the footer's A−/A+): its Set-Cookie value, beside the language's. */
    textSize(
      ask: Asking,
      sizeAsked: number | undefined,
      sizeRemembered: number | undefined,
    ): string | undefined {
      return sizeAsked !== undefined && sizeAsked !== sizeRemembered && !ask.preview
        ? textSizeCookie(sizeAsked, options.hsts)
        : undefined;
    },
  };
}

export type VisitorHeaders = ReturnType<typeof visitorHeaders>;
