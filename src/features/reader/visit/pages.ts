import { cacheBody, type CachedBody } from '../../../server/http/cached-body.ts';
import { isUnavailable } from '../../../server/db/errors.ts';
import { suggestedLanguages } from '../../languages/negotiate.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { OUTAGE_RETRY_SECONDS, renderOutagePage } from '../render/message-page.ts';
import { renderVisit } from '../render/visit-page.ts';
import type { ReaderService } from './service.ts';
import type { Visit, VisitRequest } from './visit-types.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import type { CircuitService } from '../circuit/circuit.ts';
import type { CircuitVisit } from '../circuit/circuit-types.ts';
import { renderCircuitVisit } from '../circuit/circuit-render.ts';
import type { Visitor } from '../../stats/repeats.ts';
import { articleTag, circuitTag, languageTag, museumTag } from '../cdn.ts';

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
  /**
   * A page a shared cache may keep, and the tags a change purges it by (cdn.ts): the same for
   * everyone who asks its address. The answer says so only when the request read no cookie
   * (answer-headers.ts).
   */
  tags?: readonly string[] | undefined;
  /**
   * The page is the language picker of an address without a language: the same for everyone
   * whose phone sends the same languages (Accept-Language), which a shared cache keys it by
   * (docs/adr/0043-one-translation-within-a-wait.md).
   */
  byPhone?: boolean | undefined;
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
  if (!name || query !== undefined || request.draft) return '';
  // The picker a first scan lands on; one asked for (`choose`) is not kept, as before.
  if (choose) return '';
  if (!lang) return pickerKey('/article', request, name);
  return `${name}\n${lang}\n${ignoreStats}\n${request.textSize ?? 1}\n${request.circuit ?? ''}`;
}

/** The longest Accept-Language a kept picker is keyed by: a longer one's is made each time. */
const MAX_PICKER_HEADER = 200;
const PICKER_KEY = 'picker\n';

/**
 * The key of the picker shown where no language is asked nor remembered (a first scan): the same
 * page for every phone sending the same languages, the header being all it reads of the visitor.
 */
function pickerKey(
  path: '/article' | '/circuit',
  request: { acceptLanguage: string | undefined; ignoreStats: boolean; circuit?: PageName },
  name: PageName,
): string {
  const header = request.acceptLanguage ?? '';
  if (header.length > MAX_PICKER_HEADER) return '';
  const { ignoreStats, circuit } = request;
  return `${PICKER_KEY}${path}\n${name}\n${ignoreStats}\n${circuit ?? ''}\n${header}`;
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
  /** The circuits' pages; /circuit answers 404 without. */
  circuits?: CircuitService | undefined;
}

type BodyAnswer = PageAnswer & { body: CachedBody };

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
): BodyAnswer {
  if (!isUnavailable(error)) throw error;
  // Counted by its count request, as when it was made; never kept by a shared cache.
  const kept = key ? deps.pages.stale(key) : undefined;
  if (kept)
    return { body: kept, status: 200, cacheControl: 'no-store', final: !request.ignoreStats };
  return {
    body: cacheBody(renderOutagePage(notFoundLanguage(request.lang, request.acceptLanguage))),
    status: 503,
    cacheControl: 'no-store',
    retryAfter: OUTAGE_RETRY_SECONDS,
  };
}

/** A kept page, as sent: the same for every visitor who asks it (a picker: its phone's languages). */
const keptAnswer = (page: CachedPage, ignoreStats: boolean, key: string): BodyAnswer =>
  key.startsWith(PICKER_KEY)
    ? { body: page, status: 200, cacheControl: 'no-cache', tags: page.tags, byPhone: true }
    : { body: page, status: 200, cacheControl: 'no-cache', final: !ignoreStats, tags: page.tags };

/**
 * The page kept for a request, if there is one: what `answer` would send without making it.
 * Nothing to count: the browser's request for the page's image counts it (links.ts seenHref).
 */
function kept(deps: PagesDeps, request: PageRequest): { answer: BodyAnswer } | undefined {
  const key = pageKey(request);
  const page = key ? deps.pages.get(key) : undefined;
  return page && { answer: keptAnswer(page, request.ignoreStats, key) };
}

/** The tags of an article's page (cdn.ts); none for a staff preview, never kept by others. */
function articleTags(visit: Visit & { kind: 'article' }): readonly string[] | undefined {
  if (!visit.count) return undefined;
  const { museumId, id } = visit.article;
  const tags = [
    museumTag(museumId),
    articleTag(museumId, id),
    languageTag(museumId, visit.requested),
  ];
  // Opened from a circuit: its 'stop n of N' and neighbours are the circuit's.
  if (visit.circuit) tags.push(circuitTag(museumId, visit.circuit.texts.id));
  return tags;
}

/** An article's page: kept, or decided, rendered and kept when it is the same for everyone. */
async function answer(deps: PagesDeps, request: PageRequest): Promise<PageAnswer> {
  const { name, lang, ignoreStats } = request;
  const key = pageKey(request);
  const cached = key ? deps.pages.get(key) : undefined;
  if (cached) return keptAnswer(cached, ignoreStats, key);
  const { query, circuit } = request;
  const textSize = request.textSize ?? 1;

  let visit: Visit;
  try {
    visit = name
      ? await deps.visits.visit({ ...request, name })
      : { kind: 'notFound', uiLang: notFoundLanguage(lang, request.acceptLanguage) };
  } catch (error) {
    return unreachable(deps, error, key, request);
  }

  const page = renderVisit(visit, { ignoreStats, query, textSize, circuit });
  // A first translation, sent as it is made: never kept.
  if ('stream' in page) {
    return { stream: page.stream, status: 200, cacheControl: page.cacheControl };
  }
  if (page.keep && key && visit.kind === 'article') {
    return keptAnswer(deps.pages.set(key, page.html, articleTags(visit)), ignoreStats, key);
  }
  // The picker where no language is asked: kept for the phones sending the same languages.
  if (visit.kind === 'picker' && key.startsWith(PICKER_KEY) && !visit.notOffered) {
    const { museumId, id } = visit.article;
    const tags = ignoreStats ? undefined : [museumTag(museumId), articleTag(museumId, id)];
    return keptAnswer(deps.pages.set(key, page.html, tags), ignoreStats, key);
  }
  return { body: cacheBody(page.html), status: page.status, cacheControl: page.cacheControl };
}

/**
 * A circuit's page, /circuit?name={name}, kept like an article's page; it counts nothing
 * itself (a scan of its code is counted at /r/). Its tags name its stops too: their titles show.
 */
async function circuitAnswer(deps: PagesDeps, request: CircuitRequest): Promise<BodyAnswer> {
  const { name, lang, choose, query, ignoreStats } = request;
  const textSize = request.textSize ?? 1;
  const plain = name && !choose && query === undefined;
  const key = !plain
    ? ''
    : lang
      ? `circuit\n${name}\n${lang}\n${ignoreStats}\n${textSize}`
      : pickerKey('/circuit', request, name);
  const cached = key ? deps.pages.get(key) : undefined;
  if (cached) return keptAnswer(cached, ignoreStats, key);
  let visit: CircuitVisit;
  try {
    visit =
      name && deps.circuits
        ? await deps.circuits.visit({ ...request, name, choose: choose || query !== undefined })
        : { kind: 'notFound', uiLang: notFoundLanguage(lang, request.acceptLanguage) };
  } catch (error) {
    return unreachable(deps, error, key, request);
  }
  const page = renderCircuitVisit(visit, { ignoreStats, query, textSize, lang });
  if (page.keep && key) {
    const tags =
      visit.kind === 'circuit' && !ignoreStats && lang ? circuitTags(visit.texts, lang) : undefined;
    return keptAnswer(deps.pages.set(key, page.html, tags), ignoreStats, key);
  }
  // The picker where no language is asked, as an article's: its title and languages are the
  // circuit's and the museum's.
  if (visit.kind === 'picker' && key.startsWith(PICKER_KEY) && !visit.notOffered) {
    const { museumId, id } = visit.circuit;
    const tags = ignoreStats ? undefined : [museumTag(museumId), circuitTag(museumId, id)];
    return keptAnswer(deps.pages.set(key, page.html, tags), ignoreStats, key);
  }
  return { body: cacheBody(page.html), status: page.status, cacheControl: page.cacheControl };
}

function circuitTags(
  texts: { museumId: number; id: number; stops: readonly { articleId: number }[] },
  lang: string,
): string[] {
  const { museumId } = texts;
  return [
    museumTag(museumId),
    circuitTag(museumId, texts.id),
    languageTag(museumId, lang),
    ...texts.stops.map((stop) => articleTag(museumId, stop.articleId)),
  ];
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
