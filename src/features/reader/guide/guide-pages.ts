import { cacheBody, type CachedBody } from '../../../server/http/cached-body.ts';
import { isUnavailable } from '../../../server/db/errors.ts';
import type { Counter } from '../../stats/counts.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { CachedPage, PageCache } from '../visit/page-cache.ts';
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
      redirect?: undefined;
    }
  | { redirect: string };

export type GuidePageRequest = GuideVisitRequest & {
  /** A save for offline reading: shown to nobody, counted nothing. */
  saving?: boolean | undefined;
  /** The raw `q` while the language picker shows: its own search. */
  pickerQuery?: string | undefined;
};

export interface GuidePagesDeps {
  guides: GuideService;
  pages: PageCache;
  counter: Counter;
  now: () => Date;
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

/** What one showing counts: a guide visit in the language shown; none for staff previews. */
type GuideCount = { museumId: number; timeZone: string; language: string } | undefined;

const countOf = (visit: GuideVisit, request: GuidePageRequest): GuideCount =>
  visit.kind === 'guide' && !request.ignoreStats
    ? { museumId: visit.texts.museumId, timeZone: visit.texts.timeZone, language: visit.texts.lang }
    : undefined;

/**
 * Counts a showing. Undefined when done: nothing counted, or counts kept in memory (added at
 * once); else what to wait for before the answer goes (counts written at once).
 */
function count(
  deps: GuidePagesDeps,
  counted: GuideCount,
  request: { saving?: boolean | undefined; visitor?: Visitor | undefined },
): Promise<void> | undefined {
  if (!counted || request.saving) return undefined;
  const added = deps.counter.add(
    { ...counted, articleId: 0, kind: 'guide', at: deps.now() },
    request.visitor,
  );
  if (!deps.counter.buffered) return added;
  // Kept in memory, settled already: it does no I/O that could fail, and if it threw all the
  // same, the visitor's page still goes (as a failed write at once does), with no unhandled
  // rejection to stop the process.
  added.catch(ignore);
  return undefined;
}

const ignore = () => {};

/** A guide home made for a request: what to answer, and what showing it counts. */
type Made = { answer: GuideAnswer; counted: GuideCount };

async function make(
  deps: GuidePagesDeps,
  counts: WeakMap<CachedPage, GuideCount>,
  request: GuidePageRequest,
  key: string,
): Promise<Made> {
  let visit: GuideVisit;
  try {
    visit = await deps.guides.visit(request);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const stale = key ? deps.pages.stale(key) : undefined;
    if (stale)
      return { answer: { body: stale, status: 200, cacheControl: 'no-store' }, counted: undefined };
    const body = cacheBody(renderOutagePage(request.lang ?? 'fr'));
    return {
      answer: { body, status: 503, cacheControl: 'no-store', retryAfter: OUTAGE_RETRY_SECONDS },
      counted: undefined,
    };
  }
  const page = renderGuideVisit(visit, {
    ignoreStats: request.ignoreStats,
    query: request.pickerQuery,
  });
  if ('redirect' in page) return { answer: { redirect: page.redirect }, counted: undefined };
  const counted = countOf(visit, request);
  if (page.keep && key) {
    const cached = deps.pages.set(key, page.html, undefined);
    counts.set(cached, counted);
    return { answer: { body: cached, status: 200, cacheControl: 'no-cache' }, counted };
  }
  const body = cacheBody(page.html);
  return { answer: { body, status: page.status, cacheControl: page.cacheControl }, counted };
}

/** The guide homes (/visit/{slug}): kept like visitor pages, counted as guide visits. */
export function guidePages(deps: GuidePagesDeps) {
  const counts = new WeakMap<CachedPage, GuideCount>();
  const making = new Map<string, Promise<Made>>();
  return {
    /**
     * The page kept for a request, if there is one (what `answer` would send without making
     * it), with `show`, which counts it as `answer` does and is called before it is sent: what
     * it returns, if anything, is waited for first.
     */
    kept(request: GuidePageRequest) {
      const key = guideKey(request);
      const page = key ? deps.pages.get(key) : undefined;
      if (!page) return undefined;
      return {
        answer: { body: page, status: 200 as const, cacheControl: 'no-cache' as const },
        show: () => count(deps, counts.get(page), request),
      };
    },

    async answer(request: GuidePageRequest): Promise<GuideAnswer> {
      const key = guideKey(request);
      const kept = key ? deps.pages.get(key) : undefined;
      if (kept) {
        await count(deps, counts.get(kept), request);
        return { body: kept, status: 200, cacheControl: 'no-cache' };
      }
      // When a kept home expires, the requests that come while it is made again wait for that
      // one making rather than each querying and rendering it (a home reads every article).
      let made = key ? making.get(key) : undefined;
      if (!made) {
        const started = make(deps, counts, request, key);
        made = started;
        if (key) {
          making.set(key, started);
          const forget = () => {
            if (making.get(key) === started) making.delete(key);
          };
          started.then(forget, forget);
        }
      }
      const { answer, counted } = await made;
      await count(deps, counted, request);
      return answer;
    },
  };
}

export type GuidePages = ReturnType<typeof guidePages>;
