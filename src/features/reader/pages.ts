import { cacheBody, type CachedBody } from '../../server/http/cached-body.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import { MAX_URL_LENGTH, URL_PATTERN } from '../articles/content.ts';
import { suggestedLanguages, supportedLanguage } from '../languages/index.ts';
import type { Counter } from '../stats/counts.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { OUTAGE_RETRY_SECONDS, renderOutagePage } from './page.ts';
import { renderVisit } from './render.ts';
import type { ReaderService, Visit, VisitRequest } from './service.ts';

/** A visitor page ready to send. */
export interface PageAnswer {
  body: CachedBody;
  status: 200 | 404 | 503;
  cacheControl: 'no-cache' | 'no-store';
  /** Seconds after which the outage page reloads itself. */
  retryAfter?: number | undefined;
  /**
   * The article as its address shows it for good (not the picker, progress, a 404, the outage
   * page, the original for want of a translation, or a staff preview): the service worker may
   * keep it for offline reading (offline.ts, PAGE_HEADER).
   */
  final?: boolean;
}

/** The language of a not-found page: the one asked for, else the phone's, else French. */
function notFoundLanguage(lang: string | undefined, acceptLanguage: string | undefined): string {
  return (lang && supportedLanguage(lang)) || suggestedLanguages(acceptLanguage)[0] || 'fr';
}

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7), as one call: the page shown a
 * second ago in this language when there is one (counted like any showing), else the visit
 * decided (service.ts), rendered (render.ts) and kept; while the database cannot be reached,
 * the page last shown at this address (up to an hour old; its counts wait in memory for the
 * database), else a page in the visitor's language that says so and reloads itself.
 */
export function visitorPages(deps: {
  visits: ReaderService;
  pages: PageCache;
  counter: Counter;
  now: () => Date;
}) {
  const showing = async (page: CachedPage, request: VisitRequest) => {
    // A save for offline reading is shown to nobody: not counted (offline.ts).
    if (request.saving) return;
    const visitor = request.visitor;
    // Buffered: no wait. Written at once (Netlify, tests): done before the answer.
    if (page.count)
      await deps.counter.add({ ...page.count, kind: 'request', at: deps.now() }, visitor);
  };

  return {
    async answer(request: VisitRequest): Promise<PageAnswer> {
      const { name, lang, choose, query, ignoreStats } = request;
      const textSize = request.textSize ?? 1;
      // Only a page in a language is the same for every visitor (at a text size): the others
      // are not kept.
      const key =
        lang && !choose && query === undefined
          ? `${name}\n${lang}\n${ignoreStats}\n${textSize}`
          : '';
      const cached = key ? deps.pages.get(key) : undefined;
      if (cached) {
        await showing(cached, request);
        return { body: cached, status: 200, cacheControl: 'no-cache', final: !ignoreStats };
      }

      let visit: Visit;
      try {
        visit =
          name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name)
            ? await deps.visits.visit(request)
            : { kind: 'notFound', uiLang: notFoundLanguage(lang, request.acceptLanguage) };
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        const kept = key ? deps.pages.stale(key) : undefined;
        if (kept) {
          await showing(kept, request);
          return { body: kept, status: 200, cacheControl: 'no-store', final: !ignoreStats };
        }
        return {
          body: cacheBody(renderOutagePage(notFoundLanguage(lang, request.acceptLanguage))),
          status: 503,
          cacheControl: 'no-store',
          retryAfter: OUTAGE_RETRY_SECONDS,
        };
      }

      const page = renderVisit(visit, { ignoreStats, query, textSize });
      if (page.keep && key && visit.kind === 'article') {
        return {
          body: deps.pages.set(key, page.html, visit.count),
          status: 200,
          cacheControl: 'no-cache',
          final: !ignoreStats,
        };
      }
      return { body: cacheBody(page.html), status: page.status, cacheControl: page.cacheControl };
    },
  };
}

export type VisitorPages = ReturnType<typeof visitorPages>;
