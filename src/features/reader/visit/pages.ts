import { cacheBody, type CachedBody } from '../../../server/http/cached-body.ts';
import { isUnavailable } from '../../../server/db/errors.ts';
import { suggestedLanguages } from '../../languages/index.ts';
import type { Counter } from '../../stats/counts.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { OUTAGE_RETRY_SECONDS, renderOutagePage } from '../render/message-page.ts';
import { renderVisit } from '../render/visit-page.ts';
import type { ReaderService } from './service.ts';
import type { Visit, VisitRequest } from './visit-types.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import type { CircuitService, CircuitVisit } from '../circuit/circuit.ts';
import { renderCircuitVisit } from '../circuit/circuit-render.ts';
import type { Visitor } from '../../stats/repeats.ts';

/** A visitor page ready to send: made once (`body`), or sent as it is made (`stream`). */
export type PageAnswer = (
  { body: CachedBody; stream?: undefined } | { body?: undefined; stream: AsyncIterable<string> }
) & {
  status: 200 | 404 | 503;
  cacheControl: 'no-cache' | 'no-store';
  /** Seconds after which the outage page reloads itself. */
  retryAfter?: number | undefined;
  /**
   * The page as its address shows it for good (not the picker, a first translation being
   * streamed, a 404, the outage page, the original for want of a translation, or a staff
   * preview): the service worker may keep it for offline reading (offline.ts, PAGE_HEADER).
   */
  final?: boolean;
};

/**
 * A visitor page as asked at its address: a visit, but for a name no page can have (undefined,
 * answered 404). Its name, circuit and language were checked where the request was read.
 */
export type PageRequest = Omit<VisitRequest, 'name'> & { name: PageName | undefined };

/**
 * The key of a visitor page in the page cache; '' for a page not kept: only a page in a
 * language is the same for every visitor (at a text size). The language is the checked one,
 * so every spelling of it ('es', 'ES') shares one page.
 */
function pageKey(request: PageRequest): string {
  const { name, lang, choose, query, ignoreStats } = request;
  // A draft preview is the staff's alone: never kept.
  if (!name || !lang || choose || query !== undefined || request.draft) return '';
  return `${name}\n${lang}\n${ignoreStats}\n${request.textSize ?? 1}\n${request.circuit ?? ''}`;
}

/** The language of a not-found page: the one asked for, else the phone's, else French. */
function notFoundLanguage(
  lang: VisitorLang | undefined,
  acceptLanguage: string | undefined,
): string {
  return lang || suggestedLanguages(acceptLanguage)[0] || 'fr';
}

/**
 * The visitor page, /article?name={name}, as one call: the page shown a
 * second ago in this language when there is one (counted like any showing), else the visit
 * decided (service.ts), rendered (render/visit-page.ts) and kept; while the database cannot be reached,
 * the page last shown at this address (up to an hour old; its counts wait in memory for the
 * database), else a page in the visitor's language that says so and reloads itself.
 */
export function visitorPages(deps: PagesDeps) {
  return {
    kept: (request: PageRequest) => kept(deps, request),
    answer: (request: PageRequest) => answer(deps, request),
    circuit: (request: CircuitRequest) => circuitAnswer(deps, request),
  };
}

export interface PagesDeps {
  visits: ReaderService;
  pages: PageCache;
  counter: Counter;
  now: () => Date;
  /** The circuits' pages; /circuit answers 404 without. */
  circuits?: CircuitService | undefined;
}

type BodyAnswer = PageAnswer & { body: CachedBody };

/** A kept page shown: counted as any showing, but for a save for offline reading. */
async function showing(deps: PagesDeps, page: CachedPage, request: PageRequest): Promise<void> {
  // A save for offline reading is shown to nobody: not counted (offline.ts).
  if (request.saving) return;
  const visitor = request.visitor;
  // Buffered: no wait. Written at once (Netlify, tests): done before the answer.
  if (page.count)
    await deps.counter.add({ ...page.count, kind: 'request', at: deps.now() }, visitor);
}

/**
 * The database out of reach: the page last shown at this address (`key`; up to an hour old),
 * else a page in the visitor's language that says so and reloads itself. Any other error is
 * thrown on.
 */
function unreachable(
  deps: PagesDeps,
  error: unknown,
  key: string,
  request: {
    lang: VisitorLang | undefined;
    acceptLanguage: string | undefined;
    ignoreStats: boolean;
  },
): { answer: BodyAnswer; kept?: CachedPage | undefined } {
  if (!isUnavailable(error)) throw error;
  const kept = key ? deps.pages.stale(key) : undefined;
  if (kept) {
    return {
      answer: { body: kept, status: 200, cacheControl: 'no-store', final: !request.ignoreStats },
      kept,
    };
  }
  return {
    answer: {
      body: cacheBody(renderOutagePage(notFoundLanguage(request.lang, request.acceptLanguage))),
      status: 503,
      cacheControl: 'no-store',
      retryAfter: OUTAGE_RETRY_SECONDS,
    },
  };
}

/** A kept page, as sent: the same for every visitor who asks it. */
const keptAnswer = (page: CachedPage, ignoreStats: boolean): BodyAnswer => ({
  body: page,
  status: 200,
  cacheControl: 'no-cache',
  final: !ignoreStats,
});

/**
 * The page kept for a request, if there is one (what `answer` would send without making it),
 * with `show`, which counts it as shown (as `answer` does) and is called before it is sent.
 */
function kept(
  deps: PagesDeps,
  request: PageRequest,
): { answer: BodyAnswer; show: () => Promise<void> } | undefined {
  const key = pageKey(request);
  const page = key ? deps.pages.get(key) : undefined;
  if (!page) return undefined;
  return {
    answer: keptAnswer(page, request.ignoreStats),
    show: () => showing(deps, page, request),
  };
}

/** An article's page: kept, or decided, rendered and kept when it is the same for everyone. */
async function answer(deps: PagesDeps, request: PageRequest): Promise<PageAnswer> {
  const { name, lang, ignoreStats } = request;
  const key = pageKey(request);
  const cached = key ? deps.pages.get(key) : undefined;
  if (cached) {
    await showing(deps, cached, request);
    return keptAnswer(cached, ignoreStats);
  }
  const { query, circuit } = request;
  const textSize = request.textSize ?? 1;

  let visit: Visit;
  try {
    visit = name
      ? await deps.visits.visit({ ...request, name })
      : { kind: 'notFound', uiLang: notFoundLanguage(lang, request.acceptLanguage) };
  } catch (error) {
    const { answer, kept: stale } = unreachable(deps, error, key, request);
    if (stale) await showing(deps, stale, request);
    return answer;
  }

  const page = renderVisit(visit, { ignoreStats, query, textSize, circuit });
  // A first translation, sent as it is made; counted by the visit.
  if ('stream' in page) {
    return { stream: page.stream, status: 200, cacheControl: page.cacheControl };
  }
  if (page.keep && key && visit.kind === 'article') {
    return keptAnswer(deps.pages.set(key, page.html, visit.count), ignoreStats);
  }
  return { body: cacheBody(page.html), status: page.status, cacheControl: page.cacheControl };
}

/**
 * A circuit's page, /circuit?name={name}, kept like an article's page; it counts nothing
 * itself (a scan of its code is counted at /r/).
 */
async function circuitAnswer(deps: PagesDeps, request: CircuitRequest): Promise<BodyAnswer> {
  const { name, lang, choose, query, ignoreStats } = request;
  const textSize = request.textSize ?? 1;
  const key =
    name && lang && !choose && query === undefined
      ? `circuit\n${name}\n${lang}\n${ignoreStats}\n${textSize}`
      : '';
  const cached = key ? deps.pages.get(key) : undefined;
  if (cached) return keptAnswer(cached, ignoreStats);
  let visit: CircuitVisit;
  try {
    visit =
      name && deps.circuits
        ? await deps.circuits.visit({ ...request, name, choose: choose || query !== undefined })
        : { kind: 'notFound', uiLang: notFoundLanguage(lang, request.acceptLanguage) };
  } catch (error) {
    return unreachable(deps, error, key, request).answer;
  }
  const page = renderCircuitVisit(visit, { ignoreStats, query, textSize });
  if (page.keep && key) return keptAnswer(deps.pages.set(key, page.html, undefined), ignoreStats);
  return { body: cacheBody(page.html), status: page.status, cacheControl: page.cacheControl };
}

export interface CircuitRequest {
  /** Undefined: a name no circuit can have (404). */
  name: PageName | undefined;
  lang: VisitorLang | undefined;
  choose: boolean;
  query: string | undefined;
  ignoreStats: boolean;
  textSize?: number | undefined;
  acceptLanguage: string | undefined;
  background?: ((work: Promise<unknown>) => void) | undefined;
  /** Who asked, for what they may start (engine-gate.ts); HEAD starts nothing. */
  visitor?: Visitor | undefined;
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
  head?: boolean | undefined;
}

export type VisitorPages = ReturnType<typeof visitorPages>;
