import { createElement, type ReactNode } from 'react';
import { languageAttributes, localPath } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';

export interface VisitorNote {
  /**
   * 'machine': machine translated; 'museum': every text checked by the museum; 'partly': machine
   * translated, some texts checked by the museum; 'unavailable', 'noEngine': the original, and why;
   * 'busy': the original, the visitor having started too many translations this minute;
   * 'paused': the original, the museum's monthly engine budget being spent (engine-gate.ts).
   */
  kind: 'machine' | 'museum' | 'partly' | 'unavailable' | 'noEngine' | 'busy' | 'paused';
  /** A path on this site, e.g. '/article?name=x&lang=fr'; anything else is dropped. */
  originalHref: string;
}

const h = createElement;

/**
 * The line above a visitor page (article or circuit) saying what the visitor reads: machine
 * translated, checked by the museum, or the original and why; with a link to the original.
 */
export function noteView(note: VisitorNote, uiLang: string, pageLang: string): ReactNode {
  const words = uiStrings(uiLang);
  const attributes = { ...languageAttributes(uiLanguage(uiLang), pageLang) };
  if (note.kind === 'machine' || note.kind === 'museum' || note.kind === 'partly') {
    const href = localPath(note.originalHref);
    const said = {
      machine: words.machineTranslated,
      museum: words.museumTranslated,
      partly: words.partlyChecked,
    }[note.kind];
    return h(
      'div',
      { className: 'reader-note', role: 'note', ...attributes },
      h('span', null, said),
      href === undefined ? null : h('a', { href }, words.showOriginal),
    );
  }
  const sentence = {
    unavailable: words.unavailable,
    noEngine: words.noEngine,
    busy: words.tooManyLanguages,
    paused: words.translationPaused,
  }[note.kind];
  return h(
    'div',
    { className: 'reader-note', role: 'note', ...attributes },
    h('span', null, sentence),
  );
}
