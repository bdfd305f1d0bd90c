import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { backgroundOf, MAX_URL_LENGTH, URL_PATTERN } from '../editor/content.ts';
import { LANGUAGES, nativeName } from '../translation/languages.ts';
import { renderArticlePage, renderNotFoundPage, VISITOR_PAGE_CSP } from './page.ts';
import { renderLanguagePicker } from './picker.ts';
import { renderProgressPage } from './progress.ts';
import type { ReaderService, Visit } from './service.ts';

/** The name of a language in itself, capitalised: 'fr' → 'Français'. */
export function nativeLanguageName(lang: string): string {
  return nativeName(lang);
}

/** Seconds between two looks at a first translation's progress. */
const REFRESH_SECONDS = 2;

const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: nativeName(code) }));

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7): rendered here with the component of
 * the editor's preview, no JavaScript. Without `name` the request is the editor's page and goes
 * on to the static site. `lang` picks the language; `choose=1` or `q` show the picker.
 */
export function readerRoutes(reader: ReaderService) {
  const app = new Hono<AppEnv>();

  app.get('/article', async (c, next) => {
    const name = c.req.query('name');
    if (name === undefined) return next();
    c.header('Content-Security-Policy', VISITOR_PAGE_CSP);
    c.header('Vary', 'Accept-Language');
    const ignoreStats = c.req.query('ignoreStats') === 'true';
    const lang = c.req.query('lang')?.slice(0, 35);
    const query = c.req.query('q')?.slice(0, 100);
    const valid = name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name);
    const visit: Visit = valid
      ? await reader.visit({
          name,
          lang,
          choose: c.req.query('choose') === '1',
          query,
          ignoreStats,
          acceptLanguage: c.req.header('accept-language'),
          background: backgroundOfRequest(c),
        })
      : { kind: 'notFound', uiLang: 'fr' };
    return answer(c, visit, { ignoreStats, query });
  });

  return app;
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
  if (ignoreStats) search.set('ignoreStats', 'true');
  return `/article?${search.toString()}`;
}

function answer(
  c: Context<AppEnv>,
  visit: Visit,
  options: { ignoreStats: boolean; query: string | undefined },
): Response {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      c.header('Cache-Control', 'no-store');
      return c.html(renderNotFoundPage(visit.uiLang), 404);

    case 'picker': {
      const { article } = visit;
      const html = renderLanguagePicker({
        title: article.title,
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
      return cacheable(c, html);
    }

    case 'progress': {
      const { article } = visit;
      c.header('Cache-Control', 'no-store');
      return c.html(
        renderProgressPage({
          title: article.title,
          background: backgroundOf(visit.content),
          uiLang: visit.lang,
          languageName: nativeName(visit.lang),
          done: visit.done,
          total: visit.total,
          refreshSeconds: REFRESH_SECONDS,
          originalHref: href(article.name, { lang: article.source }, ignoreStats),
          noindex: true,
        }),
      );
    }

    case 'article': {
      const { article, note } = visit;
      const html = renderArticlePage({
        title: article.title,
        content: visit.content,
        lang: visit.lang,
        languageLabel: nativeName(visit.lang),
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
        return c.html(html);
      }
      return cacheable(c, html);
    }
  }
}

/** A changed article changes the page; phones on a weak network revalidate with one request. */
function cacheable(c: Context<AppEnv>, html: string): Response {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.html(html);
}
