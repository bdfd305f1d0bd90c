import type { Visitor } from '../../stats/repeats.ts';
import { IGNORE_STATS_PARAM, ignoresStats } from '../ignore-stats.ts';
import { rememberedLanguage } from './language-cookie.ts';
import { isSaveRequest, SAVE_HEADER } from '../offline.ts';
import type { VisitRequest } from '../visit/service.ts';
import { rememberedTextSize, TEXT_SIZE_PARAM, textSize } from '../text-size.ts';

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
 * the picker.
 */
export function asking(req: RequestReader) {
  const asked = req.query('lang')?.slice(0, 35);
  const choose = req.query('choose') === '1';
  const query = req.query('q')?.slice(0, 100);
  const picking = choose || query !== undefined;
  const cookie = req.header('cookie');
  return {
    preview: ignoresStats(req.query(IGNORE_STATS_PARAM)),
    asked,
    choose,
    query,
    picking,
    cookie,
    remembered: picking ? undefined : rememberedLanguage(cookie),
  };
}

export type Asking = ReturnType<typeof asking>;

/** /article?name=…: the visit asked for; undefined without `name` (the editor's page). */
export function articleRequest(
  req: RequestReader,
  visitor: Visitor,
  background: VisitRequest['background'],
):
  | {
      request: VisitRequest;
      ask: Asking;
      sizeAsked: number | undefined;
      sizeRemembered: number | undefined;
    }
  | undefined {
  const name = req.query('name');
  if (name === undefined) return undefined;
  const ask = asking(req);
  // The text size: the footer's A−/A+ link's, else the one chosen before (text-size.ts).
  const sizeAsked = textSize(req.query(TEXT_SIZE_PARAM));
  const sizeRemembered = rememberedTextSize(ask.cookie);
  return {
    request: {
      name,
      lang: ask.asked ?? ask.remembered,
      choose: ask.choose,
      query: ask.query,
      ignoreStats: ask.preview,
      saving: isSaveRequest(req.header(SAVE_HEADER)),
      textSize: sizeAsked ?? sizeRemembered,
      visitor,
      acceptLanguage: req.header('accept-language'),
      background,
      circuit: req.query('circuit')?.slice(0, 120),
    },
    ask,
    sizeAsked,
    sizeRemembered,
  };
}
