import { createElement, type ReactNode } from 'react';
import { languageAttributes, localPath } from './document.ts';
import { inkOn } from './ink.ts';
import { uiLanguage, uiStrings, uiText } from './strings.ts';

/** The bottom of an article opened from a circuit: where it stands, its neighbours. */

const h = createElement;

/** A neighbour in the circuit: its page, public title and stop number in the museum. */
export interface NavStop {
  href: string;
  title: string | undefined;
  number?: number | undefined;
}

/** Where an article opened from a circuit stands in it, and its neighbours. */
export interface CircuitNav {
  title: string;
  /** The circuit page, in the visitor's language. */
  href: string;
  /** 1-based. */
  stop: number;
  total: number;
  /**
   * Where reader.js tells that this phone opened the first stop from the circuit, or then its
   * last (`/circuit-progress?name=…`); none on a staff preview.
   */
  progress?: string | undefined;
  previous: NavStop | undefined;
  next: NavStop | undefined;
  /** The language of the titles (the page's, or the museum's when not translated). */
  lang: string;
}

/** The bottom of an article opened from a circuit: 'stop n of N', previous and next. */
export function circuitNavView(
  nav: CircuitNav,
  uiLang: string,
  pageLang: string,
  background: string,
): ReactNode {
  const ui = uiLanguage(uiLang);
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, pageLang);
  const titleLang = languageAttributes(nav.lang, pageLang);
  const ink = inkOn(background);
  const link = (target: NavStop | undefined, label: string, rel: 'prev' | 'next') => {
    const href = target && localPath(target.href);
    if (!target || href === undefined) return h('span', { className: 'reader-nav-off' });
    return h(
      'a',
      { className: `reader-nav-${rel}`, href, rel },
      h('span', { className: 'reader-nav-label', ...wordsLang }, label),
      target.number === undefined
        ? null
        : h('span', wordsLang, uiText(ui, 'articleStop', { n: String(target.number) })),
      target.title === undefined ? null : h('span', titleLang, target.title),
    );
  };
  return h(
    'nav',
    {
      className: 'reader-circuit',
      style: { color: ink },
      'aria-label': nav.title,
      ...titleLang,
      ...(nav.progress && {
        'data-progress': nav.progress,
        'data-stop': nav.stop,
        'data-total': nav.total,
      }),
    },
    h(
      'p',
      null,
      h('a', { href: localPath(nav.href) ?? '/' }, nav.title),
      ' · ',
      h('span', wordsLang, uiText(ui, 'stopOf', { n: String(nav.stop), total: String(nav.total) })),
    ),
    h(
      'div',
      { className: 'reader-nav' },
      link(nav.previous, words.previousStop, 'prev'),
      link(nav.next, words.nextStop, 'next'),
    ),
  );
}
