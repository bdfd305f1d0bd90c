import { createElement, type ReactNode } from 'react';
import { DEFAULT_BACKGROUND, STOP_MAX } from '../../articles/content-fields.ts';
import { languageTag } from '../../languages/catalogue.ts';
import {
  framedPage,
  languageAttributes,
  PRODUCT_NAME,
  renderDocument,
} from '../render/document.ts';
import { HOLES_CSS, holesNote, inSource } from '../render/holes-view.ts';
import { noteView } from '../render/note-view.ts';
import { uiLanguage, uiStrings, uiText } from '../render/strings.ts';

import { MAX_QUERY } from './guide-search.ts';
import type { GuideArticle, GuideAsk, GuideTexts } from './guide-types.ts';

/**
 * The museum's guide home: its name, a search box and a stop number box (GET forms: no script
 * needed), then its circuits and its articles by stop number, each a link in the visitor's
 * language; or a search's results.
 */

const h = createElement;

export interface GuidePage {
  texts: GuideTexts;
  uiLang: string;
  ask: GuideAsk;
  results: GuideArticle[] | undefined;
  links: {
    guide: (params: Record<string, string | undefined>) => string;
    article: (name: string) => string;
    circuit: (name: string) => string;
  };
  languageLabel: string;
  noindex: boolean;
  refreshSeconds?: number | undefined;
  /** The page's count request (render/document.ts); none on a staff preview. */
  seen?: string | undefined;
}

/**
 * The guide's own rules, after the visitor pages' (a second box under the search). Paragraphs'
 * rules start with .reader-page: its `p{margin:0 0 12px}` outweighs a class alone, which left the
 * buttons under the list touching its last line. The box's message keeps a little room above.
 */
const GUIDE_CSS =
  '.reader-search+.reader-search{margin-top:8px}#guide-stop{flex:none;width:7em}' +
  '.reader-search+p{margin-top:12px}.reader-guide-intro{flex-basis:100%;font-size:16px}' +
  '.reader-page .reader-guide-lang{margin-top:28px}' +
  HOLES_CSS;

/** A GET form of one field, carrying the language shown. */
function box(
  page: GuidePage,
  field: { name: 'q' | 'stop'; label: string; button: string; value: string },
): ReactNode {
  const input =
    field.name === 'q'
      ? { type: 'search', maxLength: MAX_QUERY, enterKeyHint: 'search' as const }
      : { type: 'text', inputMode: 'numeric' as const, maxLength: String(STOP_MAX).length };
  const id = `guide-${field.name}`;
  return h(
    'form',
    { className: 'reader-search', role: 'search', method: 'get', action: page.links.guide({}) },
    h('input', { type: 'hidden', name: 'lang', value: page.texts.lang }),
    h('label', { htmlFor: id }, field.label),
    h(
      'div',
      null,
      h('input', {
        ...input,
        id,
        name: field.name,
        defaultValue: field.value,
        autoComplete: 'off',
      }),
      h('button', { className: 'reader-button', type: 'submit' }, field.button),
    ),
  );
}

function entries(page: GuidePage, articles: GuideArticle[], ui: string): ReactNode {
  const wordsLang = languageAttributes(ui, page.texts.lang);
  return h(
    'ul',
    { className: 'reader-choices reader-stops' },
    articles.map((a) =>
      h(
        'li',
        { key: a.id },
        h(
          'a',
          { href: page.links.article(a.name) },
          a.stop === undefined
            ? null
            : [
                h('span', { key: 'n', className: 'reader-stop-n', 'aria-hidden': true }, a.stop),
                h(
                  'span',
                  { key: 's', className: 'reader-sr', ...wordsLang },
                  uiText(ui, 'stopNumber', { n: a.stop }),
                ),
              ],
          h(
            'span',
            null,
            a.title === undefined
              ? h('span', wordsLang, uiText(ui, 'stopNumber', { n: a.stop ?? '' }))
              : inSource(page.texts, a.inSource, a.title),
          ),
        ),
      ),
    ),
  );
}

/** The line under the boxes: bad input, an unknown stop, a search's count. */
function message(page: GuidePage, ui: string): ReactNode {
  const { ask, results } = page;
  const say = (text: string) => h('p', { role: 'status', className: 'reader-kicker' }, text);
  if (ask.kind === 'bad') {
    return say(uiText(ui, ask.problem === 'queryTooLong' ? 'guideQueryTooLong' : 'guideBadStop'));
  }
  if (ask.kind === 'stop') return say(uiText(ui, 'guideUnknownStop', { n: ask.stop }));
  if (ask.kind === 'search' && results?.length === 0) {
    return say(uiText(ui, 'guideNoResult', { q: ask.q }));
  }
  return null;
}

function circuitsList(page: GuidePage, ui: string): ReactNode {
  const { texts } = page;
  if (texts.circuits.length === 0) return null;
  return [
    h('h2', { key: 'ch', ...languageAttributes(ui, texts.lang) }, uiStrings(ui).guideCircuits),
    h(
      'ul',
      { key: 'cl', className: 'reader-choices' },
      texts.circuits.map((c) =>
        h(
          'li',
          { key: c.name },
          h(
            'a',
            { href: page.links.circuit(c.name) },
            h(
              'span',
              { className: 'reader-choice' },
              inSource(page.texts, c.titleInSource, c.title),
            ),
            h('span', { className: 'reader-alt' }, uiText(ui, 'guideStops', { n: c.stops })),
            c.intro[0]
              ? h(
                  'span',
                  {
                    className: 'reader-guide-intro',
                    ...(c.introInSource?.[0]
                      ? languageAttributes(texts.source, texts.lang)
                      : undefined),
                  },
                  c.intro[0],
                )
              : null,
          ),
        ),
      ),
    ),
  ];
}

/** The note above the page: the museum's text shown for want of a translation, and why. */
function noteOf(page: GuidePage, ui: string): ReactNode {
  const { texts } = page;
  const lang = languageTag(texts.lang);
  if (texts.note === undefined || texts.note === 'machine') return null;
  if (texts.note === 'translating') {
    const wordsLang = languageAttributes(ui, lang);
    return h(
      'div',
      { className: 'reader-note', role: 'status', ...wordsLang },
      h('span', null, uiStrings(ui).wait),
    );
  }
  return noteView(
    { kind: texts.note, originalHref: page.links.guide({ lang: texts.source }) },
    ui,
    lang,
  );
}

/** The articles listed: the search's results, or all of them under their heading. */
function articlesPart(page: GuidePage, ui: string): ReactNode[] {
  const { texts, ask, results } = page;
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, texts.lang);
  const listed = results ?? texts.articles;
  const heading =
    results && ask.kind === 'search'
      ? uiText(ui, 'guideResults', { q: ask.q })
      : words.guideArticles;
  return [
    listed.length === 0 ? null : h('h2', { key: 'ah', ...wordsLang }, heading),
    listed.length === 0 ? null : h('div', { key: 'al' }, entries(page, listed, ui)),
    results
      ? h(
          'p',
          { key: 'all', className: 'reader-guide-lang' },
          h(
            'a',
            { className: 'reader-button', href: page.links.guide({}), ...wordsLang },
            words.guideAllArticles,
          ),
        )
      : null,
  ];
}

export function renderGuidePage(page: GuidePage): string {
  const { texts, ask, results } = page;
  const lang = languageTag(texts.lang);
  const ui = uiLanguage(page.uiLang);
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, lang);
  const body = framedPage(
    DEFAULT_BACKGROUND,
    noteOf(page, ui),
    h('h1', null, inSource(page.texts, texts.nameInSource, texts.name)),
    holesNote(page.texts, ui),
    h(
      'div',
      wordsLang,
      box(page, {
        name: 'q',
        label: words.guideSearch,
        button: words.searchButton,
        value: ask.kind === 'search' ? ask.q : '',
      }),
      box(page, { name: 'stop', label: words.guideStopBox, button: words.guideGo, value: '' }),
      message(page, ui),
    ),
    results ? null : circuitsList(page, ui),
    ...articlesPart(page, ui),
    h(
      'p',
      { className: 'reader-guide-lang' },
      h(
        'a',
        { className: 'reader-button', href: page.links.guide({ choose: '1' }) },
        h('span', { className: 'reader-sr', ...wordsLang }, words.changeLanguage),
        page.languageLabel,
      ),
    ),
  );
  return renderDocument(
    {
      lang,
      title: `${texts.name} – ${PRODUCT_NAME}`,
      background: DEFAULT_BACKGROUND,
      noindex: page.noindex,
      refreshSeconds: page.refreshSeconds,
      seen: page.seen,
      css: GUIDE_CSS,
    },
    body,
  );
}
