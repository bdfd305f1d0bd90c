import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import type { Counter } from '../stats/counts.ts';
import type { Visitor } from '../stats/repeats.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import { compressPage, type CachedPage, type PageCache } from './page-cache.ts';
import { backgroundOf, MAX_URL_LENGTH, URL_PATTERN } from '../articles/content.ts';
import {
  LANGUAGES,
  nativeName,
  suggestedLanguages,
  supportedLanguage,
} from '../languages/index.ts';
import {
  OUTAGE_RETRY_SECONDS,
  renderArticlePage,
  renderNotFoundPage,
  renderOutagePage,
  VISITOR_PAGE_CSP,
} from './page.ts';
import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE, ignoresStats } from './ignore-stats.ts';
import { renderLanguagePicker } from './picker.ts';
import { renderProgressPage } from './progress.ts';
import { publicTitle } from './title.ts';
import type { ReaderService, Visit } from './service.ts';

/** Seconds between two looks at a first translation's progress. */
const REFRESH_SECONDS = 2;

const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: nativeName(code) }));

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7): rendered here with the component of
 * the editor's preview, no JavaScript. Without `name` the request is the editor's page and goes
 * on to the static site. `lang` picks the language; `choose=1` or `q` show the picker;
 * `ignoreStats` (ignore-stats.ts) makes a staff preview that counts nothing. A visitor's page
 * in a language counts once per half hour however often it is reloaded (stats/repeats.ts).
 */
export function readerRoutes(
  reader: ReaderService,
  pages: PageCache,
  counter: Counter,
  options: { hsts: boolean; now: () => Date; clientAddress: (c: Context) => string },
) {
  const app = new Hono<AppEnv>();
  // Mounted ahead of the shared middleware, so every answer carries these itself.
  const headers: Record<string, string> = {
    ...securityHeaderValues({ hsts: options.hsts }),
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Language, Accept-Encoding',
  };
  const gzipHeaders = { ...headers, 'Content-Encoding': 'gzip' };
  const visitorOf = (c: Context<AppEnv>): Visitor => ({
    address: options.clientAddress(c),
    userAgent: c.req.header('user-agent'),
  });

  app.get('/article', async (c, next) => {
    const name = c.req.query('name');
    if (name === undefined) return next();
    const ignoreStats = ignoresStats(c.req.query(IGNORE_STATS_PARAM));
    const lang = c.req.query('lang')?.slice(0, 35);
    const query = c.req.query('q')?.slice(0, 100);
    const choose = c.req.query('choose') === '1';

    // The busy path: a page in a language, shown a second ago in this process.
    const key = `${name}\n${lang ?? ''}\n${ignoreStats}`;
    const cached = lang && !choose && query === undefined ? pages.get(key) : undefined;
    if (cached) {
      // Buffered: no wait. Written at once (Netlify, tests): done before the answer.
      if (cached.count) {
        await counter.add({ ...cached.count, kind: 'request', at: options.now() }, visitorOf(c));
      }
      const etag = { ETag: cached.etag };
      if (c.req.header('if-none-match') === cached.etag) {
        return new Response(null, { status: 304, headers: { ...headers, ...etag } });
      }
      return /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')
        ? new Response(cached.gzip, { headers: { ...gzipHeaders, ...etag } })
        : new Response(cached.html, { headers: { ...headers, ...etag } });
    }

    for (const [header, value] of Object.entries(headers)) c.header(header, value);
    const valid = name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name);
    let visit: Visit;
    try {
      visit = valid
        ? await reader.visit({
            name,
            lang,
            choose,
            query,
            ignoreStats,
            visitor: visitorOf(c),
            acceptLanguage: c.req.header('accept-language'),
            background: backgroundOfRequest(c),
          })
        : { kind: 'notFound', uiLang: notFoundLanguage(lang, c.req.header('accept-language')) };
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return outage(c, lang, lang && !choose && query === undefined ? pages.stale(key) : undefined);
    }
    const page = answer(c, visit, { ignoreStats, query });
    if (visit.kind === 'article' && visit.note !== 'unavailable' && 'html' in page) {
      const { article } = visit;
      const count = ignoreStats
        ? undefined
        : {
            museumId: article.museumId,
            timeZone: article.timeZone,
            articleId: article.id,
            language: visit.requested,
          };
      return send(c, pages.set(key, page.html, count));
    }
    return 'html' in page ? send(c, page) : page.response;
  });

  /**
   * The database cannot be reached: the page last shown at this address (up to an hour old,
   * counted like any showing; the counts wait in memory for the database), else a page in the
   * visitor's language that says so and reloads itself. Neither is kept by the browser.
   */
  async function outage(
    c: Context<AppEnv>,
    lang: string | undefined,
    kept: CachedPage | undefined,
  ): Promise<Response> {
    c.header('Cache-Control', 'no-store');
    if (kept) {
      if (kept.count) {
        await counter.add({ ...kept.count, kind: 'request', at: options.now() }, visitorOf(c));
      }
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        c.header('Content-Encoding', 'gzip');
        return c.body(kept.gzip);
      }
      return c.html(kept.html);
    }
    c.header('Retry-After', String(OUTAGE_RETRY_SECONDS));
    return c.html(renderOutagePage(notFoundLanguage(lang, c.req.header('accept-language'))), 503);
  }

  return app;
}

/** The language of a not-found page: the one asked for, else the phone's, else French. */
function notFoundLanguage(lang: string | undefined, acceptLanguage: string | undefined): string {
  return (lang && supportedLanguage(lang)) || suggestedLanguages(acceptLanguage)[0] || 'fr';
}

/** The platform's way to finish work after answering (Netlify, workers); none on Node. */
function backgroundOfRequest(c: Context<AppEnv>) {
  try {
    const context = c.executionCtx;
    return (work: Promise<unknown>) => context.waitUntil(work);
  } catch {
    return undefined;
  }
}

function href(name: string, params: Record<string, string | undefined>, ignoreStats: boolean) {
  const search = new URLSearchParams({ name });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
  return `/article?${search.toString()}`;
}

type Answer = { html: string } | { response: Response };

function answer(
  c: Context<AppEnv>,
  visit: Visit,
  options: { ignoreStats: boolean; query: string | undefined },
): Answer {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      c.header('Cache-Control', 'no-store');
      return { response: c.html(renderNotFoundPage(visit.uiLang), 404) };

    case 'picker': {
      const { article } = visit;
      // Before any translation: the article's first words in its own language, public text
      // that tells the visitor they scanned the right panel (title.ts); none without text.
      const html = renderLanguagePicker({
        title: publicTitle(visit.content),
        articleName: article.name,
        background: backgroundOf(visit.content),
        uiLang: visit.uiLang,
        source: { code: article.source, label: nativeName(article.source) },
        suggested: visit.suggested,
        languages: LANGUAGE_LIST,
        query: options.query,
        ignoreStats,
        noindex: ignoreStats,
      });
      return { html };
    }

    case 'progress': {
      const { article } = visit;
      c.header('Cache-Control', 'no-store');
      return {
        response: c.html(
          renderProgressPage({
            title: publicTitle(visit.content),
            titleLang: article.source,
            background: backgroundOf(visit.content),
            uiLang: visit.lang,
            languageName: nativeName(visit.lang),
            done: visit.done,
            total: visit.total,
            elapsedMs: visit.elapsedMs,
            refreshSeconds: REFRESH_SECONDS,
            originalHref: href(article.name, { lang: article.source }, ignoreStats),
            noindex: true,
          }),
        ),
      };
    }

    case 'article': {
      const { article, note } = visit;
      const html = renderArticlePage({
        content: visit.content,
        lang: visit.lang,
        uiLang: visit.uiLang,
        languageLabel: nativeName(visit.lang),
        // Subtitles are a file in the museum's language, whatever the page's.
        subtitles: { lang: article.source, label: nativeName(article.source) },
        languageHref: href(article.name, { choose: '1' }, ignoreStats),
        noindex: ignoreStats,
        note: note && {
          kind: note,
          originalHref: href(article.name, { lang: article.source }, ignoreStats),
        },
      });
      // A page showing the original for want of a translation must not be kept.
      if (note === 'unavailable') {
        c.header('Cache-Control', 'no-store');
        return { response: c.html(html) };
      }
      return { html };
    }
  }
}

/**
 * A page that may be kept: its ETag lets a phone on a weak network revalidate with one small
 * request; compressed when the browser takes it.
 */
function send(
  c: Context<AppEnv>,
  page: { html: string; gzip?: Uint8Array<ArrayBuffer>; etag?: string },
) {
  const ready =
    page.gzip && page.etag ? { gzip: page.gzip, etag: page.etag } : compressPage(page.html);
  c.header('ETag', ready.etag);
  if (c.req.header('if-none-match') === ready.etag) return c.body(null, 304);
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(ready.gzip);
  }
  return c.html(page.html);
}
