import { backgroundOf } from '../articles/content.ts';
import { LANGUAGES, nativeName } from '../languages/index.ts';
import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from './ignore-stats.ts';
import {
  renderArticlePage,
  renderArticleParts,
  renderNotFoundPage,
  type VisitorPage,
} from './page.ts';
import { renderLanguagePicker } from './picker.ts';
import type { Visit } from './service.ts';
import { streamTranslation } from './stream.ts';
import { publicTitle } from './title.ts';

const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: nativeName(code) }));

/** A visitor page as HTML, with how it may be kept. */
export type RenderedVisit =
  | {
      html: string;
      status: 200 | 404;
      /** `no-store`: a page of the moment (404, the original for want of a translation). */
      cacheControl: 'no-cache' | 'no-store';
      /** The same for every visitor in this language: kept a second (page-cache.ts). */
      keep: boolean;
    }
  | {
      /** A first translation's page, in pieces as it is translated (stream.ts): never kept. */
      stream: AsyncIterable<string>;
      status: 200;
      cacheControl: 'no-store';
      keep: false;
    };

/** A visitor page's own address, with the staff's ignoreStats carried along. */
function href(name: string, params: Record<string, string | undefined>, ignoreStats: boolean) {
  const search = new URLSearchParams({ name });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
  return `/article?${search.toString()}`;
}

/** The article page's settings for a visit in a language. */
function articlePage(
  content: VisitorPage['content'],
  visit: {
    article: { name: string; source: string };
    lang: string;
    uiLang: string;
    requested: string;
    note: NonNullable<VisitorPage['note']>['kind'] | undefined;
  },
  options: { ignoreStats: boolean; textSize?: number | undefined },
): VisitorPage {
  const { article, note } = visit;
  const { ignoreStats } = options;
  return {
    content,
    lang: visit.lang,
    uiLang: visit.uiLang,
    languageLabel: nativeName(visit.lang),
    // Subtitles are a file in the museum's language, whatever the page's.
    subtitles: { lang: article.source, label: nativeName(article.source) },
    languageHref: href(article.name, { choose: '1' }, ignoreStats),
    noindex: ignoreStats,
    textSize: {
      step: options.textSize ?? 1,
      href: (step) =>
        href(article.name, { lang: visit.requested, size: String(step) }, ignoreStats),
    },
    note: note && {
      kind: note,
      originalHref: href(article.name, { lang: article.source }, ignoreStats),
    },
  };
}

/** The page a visit shows (spec 2, DESIGN 7). */
export function renderVisit(
  visit: Visit,
  /** `textSize`: the visitor's step (text-size.ts), 1 when none was chosen. */
  options: { ignoreStats: boolean; query: string | undefined; textSize?: number | undefined },
): RenderedVisit {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      return {
        html: renderNotFoundPage(visit.uiLang),
        status: 404,
        cacheControl: 'no-store',
        keep: false,
      };

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
      // Not kept: it depends on the visitor's phone languages and search.
      return { html, status: 200, cacheControl: 'no-cache', keep: false };
    }

    case 'translating': {
      const page = articlePage(
        visit.content,
        { ...visit, uiLang: visit.lang, requested: visit.lang },
        options,
      );
      const parts = (titleFrom: VisitorPage['content']) =>
        renderArticleParts({ ...page, content: titleFrom });
      return {
        stream: streamTranslation(visit, parts),
        status: 200,
        cacheControl: 'no-store',
        keep: false,
      };
    }

    case 'article': {
      const { note } = visit;
      const html = renderArticlePage(articlePage(visit.content, visit, options));
      // A page showing the original for want of a translation must not be kept.
      return note === 'unavailable'
        ? { html, status: 200, cacheControl: 'no-store', keep: false }
        : { html, status: 200, cacheControl: 'no-cache', keep: true };
    }
  }
}
