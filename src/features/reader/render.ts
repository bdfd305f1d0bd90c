import { backgroundOf } from '../articles/content.ts';
import { LANGUAGES, nativeName } from '../languages/index.ts';
import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from './ignore-stats.ts';
import { renderArticlePage, renderNotFoundPage } from './page.ts';
import { renderLanguagePicker } from './picker.ts';
import { renderProgressPage } from './progress.ts';
import type { Visit } from './service.ts';
import { publicTitle } from './title.ts';
import type { CircuitNav } from './circuit-page.ts';

/** Seconds between two looks at a first translation's progress. */
export const REFRESH_SECONDS = 2;

export const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: nativeName(code) }));

/** A visitor page as HTML, with how it may be kept. */
export interface RenderedVisit {
  html: string;
  status: 200 | 404;
  /** `no-store`: a page of the moment (progress, 404, the original for want of a translation). */
  cacheControl: 'no-cache' | 'no-store';
  /** The same for every visitor in this language: kept a second (page-cache.ts). */
  keep: boolean;
}

/** A visitor page's own address, with the staff's ignoreStats carried along. */
export function href(
  name: string,
  params: Record<string, string | undefined>,
  ignoreStats: boolean,
  path: '/article' | '/circuit' = '/article',
) {
  const search = new URLSearchParams({ name });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
  return `${path}?${search.toString()}`;
}

/** The bottom of an article opened from a circuit: where it stands, its neighbours. */
function circuitNav(
  circuit: NonNullable<Extract<Visit, { kind: 'article' }>['circuit']>,
  lang: string,
  ignoreStats: boolean,
): CircuitNav {
  const { texts, index } = circuit;
  const stop = (i: number) => {
    const s = texts.stops[i];
    return (
      s && {
        href: href(s.name, { circuit: texts.name, lang }, ignoreStats),
        title: s.title,
      }
    );
  };
  return {
    title: texts.title,
    href: href(texts.name, { lang }, ignoreStats, '/circuit'),
    stop: index + 1,
    total: texts.stops.length,
    previous: stop(index - 1),
    next: stop(index + 1),
    lang: texts.lang,
  };
}

/** The page a visit shows (spec 2, DESIGN 7). */
export function renderVisit(
  visit: Visit,
  /** `textSize`: the visitor's step (text-size.ts), 1 when none was chosen. */
  options: {
    ignoreStats: boolean;
    query: string | undefined;
    textSize?: number | undefined;
    /** The circuit the link named (issue 19): the picker's choices stay in it. */
    circuit?: string | undefined;
  },
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
        params: options.circuit ? { circuit: options.circuit } : undefined,
      });
      // Not kept: it depends on the visitor's phone languages and search.
      return { html, status: 200, cacheControl: 'no-cache', keep: false };
    }

    case 'progress': {
      const { article } = visit;
      const html = renderProgressPage({
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
      });
      return { html, status: 200, cacheControl: 'no-store', keep: false };
    }

    case 'article': {
      const { article, note } = visit;
      // Opened from a circuit: every link of the page stays in it.
      const circuit = visit.circuit?.texts.name;
      const html = renderArticlePage({
        circuit: visit.circuit && circuitNav(visit.circuit, visit.requested, ignoreStats),
        content: visit.content,
        lang: visit.lang,
        uiLang: visit.uiLang,
        languageLabel: nativeName(visit.lang),
        // Subtitles are a file in the museum's language, whatever the page's.
        subtitles: { lang: article.source, label: nativeName(article.source) },
        languageHref: href(article.name, { choose: '1', circuit }, ignoreStats),
        noindex: ignoreStats,
        textSize: {
          step: options.textSize ?? 1,
          href: (step) =>
            href(article.name, { lang: visit.requested, size: String(step), circuit }, ignoreStats),
        },
        note: note && {
          kind: note,
          originalHref: href(article.name, { lang: article.source }, ignoreStats),
        },
      });
      // A page showing the original for want of a translation must not be kept.
      return note === 'unavailable'
        ? { html, status: 200, cacheControl: 'no-store', keep: false }
        : { html, status: 200, cacheControl: 'no-cache', keep: true };
    }
  }
}
