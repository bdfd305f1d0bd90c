import { backgroundOf } from '../../articles/content-fields.ts';
import { nativeName } from '../../languages/names.ts';
import { notFoundAnswer, renderNotFoundPage, renderNotYetPage } from './message-page.ts';
import { renderArticlePage, type VisitorPage } from './page.ts';
import { renderArticleParts } from './page-parts.ts';
import { pickerAnswer } from './picker.ts';
import type { Visit, VisitSpeech } from '../visit/visit-types.ts';
import { streamTranslation } from './stream.ts';
import { publicTitle } from './title.ts';
import type { CircuitNav } from './circuit-nav.ts';
import type { CircuitTexts } from '../circuit/circuit-types.ts';
import { href, seenHref } from './links.ts';
import { speechUnits } from '../speech/speech.ts';

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

/** The bottom of an article opened from a circuit: where it stands, its neighbours. */
function circuitNav(
  circuit: { texts: CircuitTexts; index: number },
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
        number: s.number,
      }
    );
  };
  return {
    title: texts.title,
    href: href(texts.name, { lang }, ignoreStats, '/circuit'),
    stop: index + 1,
    total: texts.stops.length,
    progress: ignoreStats
      ? undefined
      : `/circuit-progress?${new URLSearchParams({ name: texts.name }).toString()}`,
    previous: stop(index - 1),
    next: stop(index + 1),
    lang: texts.lang,
  };
}

/** The article page's settings for a visit in a language. */
function articlePage(
  content: VisitorPage['content'],
  visit: {
    article: { id: number; name: string; source: string };
    lang: string;
    uiLang: string;
    requested: string;
    note: NonNullable<VisitorPage['note']>['kind'] | undefined;
    /** Opened from a circuit: where it stands; every link of the page stays in it. */
    circuit?: { texts: CircuitTexts; index: number } | undefined;
    /** Read aloud: the preferred voice, whether the server's exists, what is not read. */
    speech?: VisitSpeech | undefined;
  },
  options: { ignoreStats: boolean; textSize?: number | undefined },
): VisitorPage {
  const { article, note } = visit;
  const { ignoreStats } = options;
  const circuit = visit.circuit?.texts.name;
  // A block shown in the source language (refused) is not read in the page's voice.
  const silent = new Set(visit.speech?.silent);
  const units = visit.speech ? speechUnits(content).filter((u) => !silent.has(u.index)) : [];
  return {
    listen:
      visit.speech && units.length > 0
        ? {
            name: article.name,
            lang: visit.lang,
            voice: visit.speech.voice,
            server: visit.speech.server,
            blocks: units.map((unit) => unit.index),
            ignoreStats,
          }
        : undefined,
    circuit: visit.circuit && circuitNav(visit.circuit, visit.requested, ignoreStats),
    content,
    lang: visit.lang,
    uiLang: visit.uiLang,
    languageLabel: nativeName(visit.lang),
    // Subtitles are a file in the museum's language, whatever the page's.
    subtitles: { lang: article.source, label: nativeName(article.source) },
    languageHref: href(article.name, { choose: '1', circuit }, ignoreStats),
    noindex: ignoreStats,
    // A staff preview reports nothing: staff correct the text on the review screen.
    report: ignoreStats ? undefined : { name: article.name, lang: visit.requested },
    // Counted by the browser's request for it, not by the page (a shared cache may keep it).
    seen: ignoreStats
      ? undefined
      : seenHref({ a: article.id, l: visit.requested, s: options.textSize }),
    reading: ignoreStats
      ? undefined
      : `/reading?${new URLSearchParams({ name: article.name, lang: visit.lang }).toString()}`,
    textSize: {
      step: options.textSize ?? 1,
      href: (step) =>
        href(article.name, { lang: visit.requested, size: String(step), circuit }, ignoreStats),
    },
    note: note && {
      kind: note,
      originalHref: href(article.name, { lang: article.source }, ignoreStats),
    },
  };
}

/** The page a visit shows. */
export function renderVisit(
  visit: Visit,
  /** `textSize`: the visitor's step (text-size.ts), 1 when none was chosen. */
  options: {
    ignoreStats: boolean;
    query: string | undefined;
    textSize?: number | undefined;
    /** The circuit the link named: the picker's choices stay in it. */
    circuit?: string | undefined;
  },
): RenderedVisit {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      return notFoundAnswer(renderNotFoundPage(visit.uiLang));

    case 'notYet':
      return notFoundAnswer(renderNotYetPage(visit.uiLang));

    case 'picker': {
      const { article } = visit;
      // Before any translation: the article's first words in its own language, public text
      // that tells the visitor they scanned the right panel (title.ts); none without text.
      return pickerAnswer(
        visit,
        { query: options.query, ignoreStats },
        {
          title: publicTitle(visit.content),
          articleName: article.name,
          background: backgroundOf(visit.content),
          source: article.source,
          params: options.circuit ? { circuit: options.circuit } : undefined,
        },
      );
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
      // A page showing the original for want of a translation must not be kept: a later
      // request (past the minute, or the engine back) translates.
      return note === 'unavailable' || note === 'busy' || note === 'paused'
        ? { html, status: 200, cacheControl: 'no-store', keep: false }
        : { html, status: 200, cacheControl: 'no-cache', keep: true };
    }
  }
}
