import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { readContent, URL_PATTERN, MAX_URL_LENGTH } from '../editor/content.ts';
import type { EditorRepo } from '../editor/repo.ts';
import { renderArticlePage, renderNotFoundPage, VISITOR_PAGE_CSP } from './page.ts';

/** The name of a language in itself, capitalised: 'fr' → 'Français'. */
export function nativeLanguageName(lang: string): string {
  const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/**
 * The visitor page, /article?name={name} (spec 2, DESIGN 7): rendered here with the component of
 * the editor's preview, no JavaScript. Without `name` the request is the editor's page and goes
 * on to the static site. Until translation lands, the article shows in its own language.
 */
export function readerRoutes(repo: EditorRepo) {
  const app = new Hono<AppEnv>();

  app.get('/article', async (c, next) => {
    const name = c.req.query('name');
    if (name === undefined) return next();
    c.header('Content-Security-Policy', VISITOR_PAGE_CSP);
    const valid = name.length <= MAX_URL_LENGTH && URL_PATTERN.test(name);
    const article = valid ? await repo.findByName(name) : undefined;
    if (!article) {
      c.header('Cache-Control', 'no-store');
      return c.html(renderNotFoundPage(preferredUiLanguage(c.req.header('accept-language'))), 404);
    }
    const lang = article.language;
    const html = renderArticlePage({
      title: article.unformattedName || article.name,
      content: readContent(article.content, article.name),
      lang,
      languageLabel: nativeLanguageName(lang),
      noindex: c.req.query('ignoreStats') === 'true',
    });
    // A changed article changes the page; phones on a weak network revalidate with one request.
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-cache');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.html(html);
  });

  return app;
}

function preferredUiLanguage(header: string | undefined): 'fr' | 'en' {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'fr';
}
