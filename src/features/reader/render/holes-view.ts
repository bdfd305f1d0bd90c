import { createElement, type ReactNode } from 'react';
import { languageAttributes } from './document.ts';
import { uiStrings } from './strings.ts';

/**
 * How a page of texts (a guide home, a circuit) shows a translation with holes (ADR 0043): each
 * text left in the museum's language marked in it, and one line saying why, in the visitor's
 * words. The article page marks its blocks itself (page.ts).
 */

const h = createElement;

/** The line's room on a page (`.reader-page p` outweighs a class alone). */
export const HOLES_CSS = '.reader-page .reader-source-note{margin:16px 0;font-style:italic}';

/** What a page knows of its holes. */
export interface HoledTexts {
  /** The language the texts are in, and the museum's. */
  lang: string;
  source: string;
  note: string | undefined;
  holes?: 'refused' | 'unavailable' | undefined;
}

/**
 * A text shown in the museum's language on a page in another (its translation refused or not
 * made yet): marked in its own language, for screen readers and the browser's hyphenation.
 */
export function inSource(texts: HoledTexts, shown: boolean | undefined, text: ReactNode) {
  return shown ? h('span', languageAttributes(texts.source, texts.lang), text) : text;
}

/** Said once when some texts are in the museum's language; a held or translating page's note says it already. */
export function holesNote(texts: HoledTexts, ui: string): ReactNode {
  const { holes, note, lang } = texts;
  if (!holes || note !== 'machine') return null;
  const words = uiStrings(ui);
  return h(
    'p',
    { className: 'reader-source-note', ...languageAttributes(ui, lang) },
    holes === 'refused' ? words.refusedShown : words.partlyOriginal,
  );
}
