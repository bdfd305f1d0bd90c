import { createElement, Fragment } from 'react';
import { markup } from './markup.ts';
import type { ArticleContent } from '../../articles/content.ts';
import { backgroundOf } from '../../articles/content-fields.ts';
import { languageTag } from '../../languages/catalogue.ts';
import { articleBlocks } from './ArticleView.ts';
import { formatNodes, languageAttributes, localPath } from './document.ts';
import { inkOn } from './ink.ts';
import { articleDocument, audioWords, type VisitorPage } from './page.ts';
import { uiLanguage, uiStrings } from './strings.ts';
import { LISTEN_CSS, listenBlock } from './listen.ts';

/** A first translation's page in pieces, sent as it is made (stream.ts sends them). */

const h = createElement;

/**
 * A streamed page's own rules: of the "still translating" lines sent after each
 * piece, only the last one shows; once the last blocks follow it, none does. `:has(+ *)`, not
 * `:not(:last-child)`: Chromium matches no :last-child while the parent is still being parsed.
 */
const STREAM_CSS =
  '.reader-wait{margin:16px 0;text-align:center}.reader-wait:has(+ *){display:none}' +
  '.reader-source-note{margin:16px 0;font-style:italic}' +
  '.reader-wait progress{display:block;width:100%;height:12px;margin:0 0 8px}';

const SLOT = 'reader-slot';

/** Listen for the whole page (its blocks but the `silent` ones), its rules, no waiting lines. */
function streamEnd(page: VisitorPage, silent: readonly number[], ui: string, ink: string): string {
  const listen = page.listen && {
    ...page.listen,
    blocks: page.listen.blocks.filter((block) => !silent.includes(block)),
  };
  const block = listen && listenBlock({ ...listen, uiLang: ui, ink });
  const css = `${block ? LISTEN_CSS : ''}.reader-wait{display:none}`;
  return `<style>${css}</style>${block ? markup(block) : ''}`;
}

/**
 * The article page in pieces, for a first translation sent as it is made (ADR 0017):
 * `head` down to the blocks, `tail` from their end (footer), and the blocks `from` to `to` in
 * between; sent in order they make the page renderArticlePage writes, but for the title, taken
 * from `page.content` (the blocks translated when the head goes), and the "still translating"
 * line `wait` sent after each piece.
 */
export function renderArticleParts(page: VisitorPage): {
  head: string;
  tail: string;
  blocks(content: ArticleContent, from: number, to: number): string;
  wait: string;
  /** Said once, before the first block shown in the source language (its text refused). */
  sourceNote: string;
  /**
   * What ends a page whose every block came: Listen (reader.js moves it to its place at the
   * top), its rules, and the "still translating" lines gone; `silent`: blocks not read aloud.
   */
  end(silent: readonly number[]): string;
} {
  const [meta] = page.content;
  const html = articleDocument(
    { ...page, content: [meta] },
    { slot: h('i', { id: SLOT }), css: STREAM_CSS, titleFrom: page.content },
  );
  const mark = `<i id="${SLOT}"></i>`;
  const at = html.indexOf(mark);
  const lang = languageTag(page.lang);
  const ui = uiLanguage(page.uiLang ?? lang);
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, lang);
  const status = formatNodes(words.translating, {
    language: h('span', languageAttributes(page.lang, ui), page.languageLabel),
  });
  const original = page.note && localPath(page.note.originalHref);
  const ink = inkOn(backgroundOf(page.content));
  const wait = markup(
    h(
      'div',
      {
        className: 'reader-wait',
        role: 'status',
        style: { color: ink },
        ...wordsLang,
      },
      h('progress', null),
      h('p', null, status),
      original === undefined
        ? null
        : h('a', { className: 'reader-button', href: original }, words.readOriginalMeanwhile),
    ),
  );
  return {
    sourceNote: markup(
      h(
        'p',
        { className: 'reader-source-note', style: { color: ink }, ...wordsLang },
        words.refusedShown,
      ),
    ),
    end: (silent) => streamEnd(page, silent, ui, ink),
    head: html.slice(0, at),
    tail: html.slice(at + mark.length),
    blocks: (content, from, to) =>
      markup(
        h(
          Fragment,
          null,
          ...articleBlocks(
            {
              content,
              lang,
              languageLabel: page.languageLabel,
              subtitles: page.subtitles && {
                lang: languageTag(page.subtitles.lang),
                label: page.subtitles.label,
              },
              audio: audioWords(page),
            },
            from,
            to,
          ),
        ),
      ),
    wait,
  };
}
