import type { Visitor } from '../../stats/repeats.ts';
import { IGNORE_STATS_PARAM, ignoresStats } from '../ignore-stats.ts';
import { rememberedLanguage } from './language-cookie.ts';
import { isSaveRequest, SAVE_HEADER } from '../offline.ts';
import type { CircuitRequest, PageRequest } from '../visit/pages.ts';
import { pageName, visitorLang, type VisitorLang } from '../checked.ts';
import { rememberedTextSize, TEXT_SIZE_PARAM, textSize } from '../text-size.ts';
import { REPORTED_PARAM } from '../render/report-form.ts';

/**
 * What a visitor page reads from its request, the same whoever hands it over: Hono's context
 * (routes.ts) or Node's own request on the Node entry's busy path (node-article.ts).
 */
export interface RequestReader {
  /** A query parameter, decoded as Hono's `c.req.query` decodes it. */
  query(name: string): string | undefined;
  /** A header, as Hono's `c.req.header` gives it. */
  header(name: string): string | undefined;
}

/**
 * What a visitor page's address asks, the same for an article and a circuit: a link's `lang`
 * wins; without one, the language the visitor chose before; the picker, when asked for, stays
 * the picker. Every language here is checked (checked.ts): nothing past this file checks again.
 */
export interface Asking {
  /** A staff preview (ignore-stats.ts): counts nothing, remembers nothing. */
  preview: boolean;
  /** The address carries `lang` (even an empty or unknown one): it wins over the cookie's. */
  langGiven: boolean;
  /** The address's `lang`, checked; undefined when absent or not a language Legenda offers. */
  asked: VisitorLang | undefined;
  choose: boolean;
  query: string | undefined;
  picking: boolean;
  cookie: string | undefined;
  /** The language chosen before (language-cookie.ts); none asked while picking. */
  remembered: VisitorLang | undefined;
}

export function asking(req: RequestReader): Asking {
  const raw = req.query('lang');
  const choose = req.query('choose') === '1';
  const query = req.query('q')?.slice(0, 100);
  const picking = choose || query !== undefined;
  const cookie = req.header('cookie');
  return {
    preview: ignoresStats(req.query(IGNORE_STATS_PARAM)),
    langGiven: raw !== undefined,
    asked: visitorLang(raw),
    choose,
    query,
    picking,
    cookie,
    remembered: picking ? undefined : rememberedLanguage(cookie),
  };
}

/** `preview=draft`: staff of the museum read the article's draft (visit/service.ts). */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_DRAFT = 'draft';

/** The language a page is asked in: the address's when it names one, else the remembered one. */
const pageLanguage = (ask: Asking): VisitorLang | undefined =>
  ask.langGiven ? ask.asked : ask.remembered;

/** /article?name=…: the visit asked for; undefined without `name` (the editor's page). */
export function articleRequest(
  req: RequestReader,
  visitor: Visitor,
  background: PageRequest['background'],
):
  | {
      request: PageRequest;
      ask: Asking;
      sizeAsked: number | undefined;
      sizeRemembered: number | undefined;
      /** Back from a report (/feedback): the page with a thank-you line, for this visitor only. */
      reported: boolean;
      /** The page is at the size a cookie remembers, not one its address says: this visitor's. */
      cookieSize: boolean;
    }
  | undefined {
  const name = req.query('name');
  if (name === undefined) return undefined;
  const draft = req.query(PREVIEW_PARAM) === PREVIEW_DRAFT;
  // A draft preview is a staff preview: framed by our pages, remembering nothing.
  const asked = asking(req);
  const ask = draft ? { ...asked, preview: true } : asked;
  // The text size: the footer's A−/A+ link's, else the one chosen before (text-size.ts).
  const sizeAsked = textSize(req.query(TEXT_SIZE_PARAM));
  const sizeRemembered = rememberedTextSize(ask.cookie);
  return {
    request: {
      // A name no page can have is answered 404 (pages.ts), in the visitor's language.
      name: pageName(name),
      lang: pageLanguage(ask),
      choose: ask.choose,
      query: ask.query,
      // A draft preview counts nothing, whoever asks it.
      ignoreStats: ask.preview,
      draft,
      saving: isSaveRequest(req.header(SAVE_HEADER)),
      textSize: sizeAsked ?? sizeRemembered,
      visitor,
      acceptLanguage: req.header('accept-language'),
      background,
      circuit: pageName(req.query('circuit')?.slice(0, 120)),
    },
    ask,
    sizeAsked,
    sizeRemembered,
    reported: req.query(REPORTED_PARAM) === '1',
    cookieSize: sizeAsked === undefined && sizeRemembered !== undefined,
  };
}

/** /circuit?name=…: the circuit's page asked for, at the text size chosen before. */
export function circuitRequest(
  req: RequestReader,
  visitor: Visitor,
  background: CircuitRequest['background'],
): { request: CircuitRequest; ask: Asking } {
  const ask = asking(req);
  return {
    request: {
      name: pageName(req.query('name')),
      lang: pageLanguage(ask),
      choose: ask.choose,
      query: ask.query,
      ignoreStats: ask.preview,
      textSize: rememberedTextSize(ask.cookie),
      acceptLanguage: req.header('accept-language'),
      background,
      visitor,
    },
    ask,
  };
}
