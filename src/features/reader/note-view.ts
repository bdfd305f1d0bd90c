import { createElement, type ReactNode } from 'react';
import { languageAttributes, localPath } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';

export interface VisitorNote {
  /**
   * 'machine': machine translated; 'museum': every text checked by the museum; 'partly': machine
   * translated, some texts checked (issue 18); 'unavailable', 'noEngine': the original, and why.
   */
  kind: 'machine' | 'museum' | 'partly' | 'unavailable' | 'noEngine';
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
  const sentence = note.kind === 'unavailable' ? words.unavailable : words.noEngine;
  return h(
    'div',
    { className: 'reader-note', role: 'note', ...attributes },
    h('span', null, sentence),
  );
}
