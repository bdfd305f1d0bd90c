import { cacheBody, type CachedBody } from '../../../server/http/cached-body.ts';
import { isUnavailable } from '../../../server/db/errors.ts';
import type { PageCache } from '../visit/page-cache.ts';
import { guideTag, languageTag, museumTag } from '../cdn.ts';
import { OUTAGE_RETRY_SECONDS, renderOutagePage } from '../render/message-page.ts';
import { renderGuideVisit } from './guide-render.ts';
import type { GuideService, GuideVisitRequest } from './guide.ts';
import type { GuideVisit } from './guide-types.ts';

/** A guide home ready to send, or where `?stop=` leads (a 303). */
export type GuideAnswer =
  | {
      body: CachedBody;
      status: 200 | 404 | 503;
      cacheControl: 'no-cache' | 'no-store';
      retryAfter?: number | undefined;
      /** A home a shared cache may keep, and its tags (cdn.ts, as visit/pages.ts's PageAnswer). */
      tags?: readonly string[] | undefined;
      redirect?: undefined;
    }
  | { redirect: string };

export type GuidePageRequest = GuideVisitRequest & {
  /** A save for offline reading: shown to nobody (a fetch loads no count request). */
  saving?: boolean | undefined;
  /** The raw `q` while the language picker shows: its own search. */
  pickerQuery?: string | undefined;
};

export interface GuidePagesDeps {
  guides: GuideService;
  pages: PageCache;
}

/**
 * The key of a guide home in the page cache; '' for one not kept. Only the home as it is (no
 * search, no stop, no picker) is the same for every visitor asking in one language: the
 * language asked, or, without one, their phone's languages the page was chosen from.
 */
function guideKey(request: GuidePageRequest): string {
  if (request.choose || request.ask.kind !== 'home') return '';
  const lang = request.lang ?? `accept:${(request.acceptLanguage ?? '').slice(0, 200)}`;
  return `guide\n${request.slug}\n${lang}\n${request.ignoreStats}`;
}

/** A guide home made for a request: what to answer. Counted by its count request, not here. */
type Made = { answer: GuideAnswer };

/** The tags of a guide home (cdn.ts); none for a staff preview. */
const guideTags = (visit: GuideVisit, request: GuidePageRequest) =>
  visit.kind === 'guide' && !request.ignoreStats
    ? [
        museumTag(visit.texts.museumId),
        guideTag(visit.texts.museumId),
        languageTag(visit.texts.museumId, visit.texts.lang),
      ]
    : undefined;

async function make(deps: GuidePagesDeps, request: GuidePageRequest, key: string): Promise<Made> {
  let visit: GuideVisit;
  try {
    visit = await deps.guides.visit(request);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const stale = key ? deps.pages.stale(key) : undefined;
    if (stale) return { answer: { body: stale, status: 200, cacheControl: 'no-store' } };
    const body = cacheBody(renderOutagePage(request.lang ?? 'fr'));
    return {
      answer: { body, status: 503, cacheControl: 'no-store', retryAfter: OUTAGE_RETRY_SECONDS },
    };
  }
  const page = renderGuideVisit(visit, {
    ignoreStats: request.ignoreStats,
    query: request.pickerQuery,
    phoneLanguage: request.lang === undefined,
  });
  if ('redirect' in page) return { answer: { redirect: page.redirect } };
  if (page.keep && key) {
    const cached = deps.pages.set(key, page.html, guideTags(visit, request));
    return { answer: { body: cached, status: 200, cacheControl: 'no-cache', tags: cached.tags } };
  }
  const body = cacheBody(page.html);
  return { answer: { body, status: page.status, cacheControl: page.cacheControl } };
}

/**
 * The guide homes (/visit/{slug}): kept like visitor pages; each showing is counted as a guide
 * visit by the page's count request (render/links.ts seenHref).
 */
export function guidePages(deps: GuidePagesDeps) {
  const making = new Map<string, Promise<Made>>();
  return {
    /** The page kept for a request, if there is one: what `answer` would send without making it. */
    kept(request: GuidePageRequest) {
      const key = guideKey(request);
      const page = key ? deps.pages.get(key) : undefined;
      if (!page) return undefined;
      return {
        answer: {
          body: page,
          status: 200 as const,
          cacheControl: 'no-cache' as const,
          tags: page.tags,
        },
      };
    },

    async answer(request: GuidePageRequest): Promise<GuideAnswer> {
      const key = guideKey(request);
      const kept = key ? deps.pages.get(key) : undefined;
      if (kept) return { body: kept, status: 200, cacheControl: 'no-cache', tags: kept.tags };
      // When a kept home expires, the requests that come while it is made again wait for that
      // one making rather than each querying and rendering it (a home reads every article).
      let made = key ? making.get(key) : undefined;
      if (!made) {
        const started = make(deps, request, key);
        made = started;
        if (key) {
          making.set(key, started);
          const forget = () => {
            if (making.get(key) === started) making.delete(key);
          };
          started.then(forget, forget);
        }
      }
      return (await made).answer;
    },
  };
}

export type GuidePages = ReturnType<typeof guidePages>;
