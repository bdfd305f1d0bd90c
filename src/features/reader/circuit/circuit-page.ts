import { createElement, type ReactNode } from 'react';
import { DEFAULT_BACKGROUND } from '../../articles/content-fields.ts';
import { languageTag } from '../../languages/catalogue.ts';
import type { CircuitTexts } from './circuit-types.ts';
import {
  framedPage,
  languageAttributes,
  PRODUCT_NAME,
  renderDocument,
} from '../render/document.ts';
import { uiLanguage, uiStrings, uiText } from '../render/strings.ts';
import { HOLES_CSS, holesNote, inSource } from '../render/holes-view.ts';
import { noteView } from '../render/note-view.ts';
import { OFFLINE_CSS } from '../render/offline-block.ts';

/**
 * The circuit's visitor page: its title, introduction and numbered stops, each a link to the
 * article in the visitor's language (an article opened from a circuit shows where it stands:
 * render/circuit-nav.ts). No script: links only.
 */

const h = createElement;

/** A circuit's page address, or one of its stops', with the language and preview carried. */
export interface CircuitLinks {
  circuit: (params: Record<string, string | undefined>) => string;
  stop: (articleName: string) => string;
}

export interface CircuitPage {
  texts: CircuitTexts;
  uiLang: string;
  links: CircuitLinks;
  /** The footer's language button, e.g. '日本語', and where it leads (the picker). */
  languageLabel: string;
  noindex: boolean;
  /** The root font size in percent (text-size.ts). */
  textScale?: number | undefined;
  /** The language being translated into, by its own name ('日本語'), while it is made. */
  translatingInto?: string | undefined;
  /** Seconds after which the page reloads itself (while its translation is made). */
  refreshSeconds?: number | undefined;
  /** Shown below the stops (the offline save, when the page offers it). */
  extra?: ReactNode;
  /** The page's count request (render/document.ts): it counts nothing, but remembers. */
  seen?: string | undefined;
}

/**
 * Room above the language button under the stops (and the offline block, hidden on some pages):
 * the pages' `.reader-page p` margin outweighs a rule of one class; the button sat on the list.
 */
const CIRCUIT_CSS = `.reader-page .reader-circuit-lang{margin-top:28px}${HOLES_CSS}`;

/** A text a translation left in the museum's language, marked in it (ADR 0043). */
function marked(texts: CircuitTexts, id: string, text: string | undefined): ReactNode {
  return text === undefined ? undefined : inSource(texts, texts.inSource?.has(id), text);
}

/** The introduction's paragraphs. */
const intro = (texts: CircuitTexts): ReactNode[] =>
  texts.intro.map((p, i) =>
    h('p', { key: `intro-${i}`, className: 'reader-intro' }, marked(texts, `intro-${i}`, p)),
  );

export function renderCircuitPage(page: CircuitPage): string {
  const { texts, links } = page;
  const lang = languageTag(texts.lang);
  const ui = uiLanguage(page.uiLang);
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, lang);
  const note =
    texts.note === undefined
      ? null
      : texts.note === 'translating'
        ? h(
            'div',
            { className: 'reader-note', role: 'status', ...wordsLang },
            h('span', null, uiText(ui, 'translating', { language: page.translatingInto ?? '' })),
            h('span', null, words.wait),
          )
        : noteView(
            { kind: texts.note, originalHref: links.circuit({ lang: texts.source }) },
            ui,
            lang,
          );
  const stops = texts.stops.map((stop, i) =>
    h(
      'li',
      { key: stop.articleId },
      h(
        'a',
        { href: links.stop(stop.name) },
        h('span', { className: 'reader-stop-n', 'aria-hidden': true }, String(i + 1)),
        h(
          'span',
          { className: 'reader-stop-title' },
          marked(texts, `stop-${stop.articleId}`, stop.title) ??
            h('span', wordsLang, uiText(ui, 'stopNumber', { n: String(i + 1) })),
        ),
        stop.number === undefined
          ? null
          : h(
              'span',
              { className: 'reader-alt', ...wordsLang },
              uiText(ui, 'articleStop', { n: String(stop.number) }),
            ),
      ),
    ),
  );
  const body = framedPage(
    DEFAULT_BACKGROUND,
    note,
    h('h1', null, marked(texts, 'title', texts.title)),
    holesNote(texts, ui),
    ...intro(texts),
    h('h2', wordsLang, words.stopsTitle),
    h('ol', { className: 'reader-choices reader-stops' }, stops),
    page.extra ?? null,
    h(
      'p',
      { className: 'reader-circuit-lang' },
      h(
        'a',
        { className: 'reader-button', href: links.circuit({ choose: '1' }) },
        h('span', { className: 'reader-sr', ...wordsLang }, words.changeLanguage),
        page.languageLabel,
      ),
    ),
  );
  return renderDocument(
    {
      lang,
      title: `${texts.title} – ${PRODUCT_NAME}`,
      background: DEFAULT_BACKGROUND,
      noindex: page.noindex,
      textScale: page.textScale,
      refreshSeconds: page.refreshSeconds,
      seen: page.seen,
      css: page.extra ? OFFLINE_CSS + CIRCUIT_CSS : CIRCUIT_CSS,
    },
    body,
  );
}
