import { createElement, Fragment, type ReactNode } from 'react';
import type { ArticleContent } from '../../articles/content.ts';
import { backgroundOf } from '../../articles/content-fields.ts';
import { articleElement } from './ArticleView.ts';
import { languageName } from '../../languages/names.ts';
import { languageTag } from '../../languages/catalogue.ts';
import { languageAttributes, PRODUCT_NAME, renderDocument } from './document.ts';
import { inkOn } from './ink.ts';
import { ownTitle, publicTitle } from './title.ts';
import { format, uiLanguage, uiStrings } from './strings.ts';
import { TEXT_SIZES, textScale } from '../text-size.ts';
import { circuitNavView, type CircuitNav } from './circuit-nav.ts';
import { noteView, type VisitorNote } from './note-view.ts';
import { LISTEN_CSS, listenBlock, type ListenOptions } from './listen.ts';
import { reportBlocks, reportFormView } from './report-form.ts';

/**
 * The visitor page: a whole HTML document rendered on the server (document.ts) with
 * the component that draws the editor's preview. It needs no JavaScript: accordions are
 * <details>, the language choice is a link. Its one script, reader.js (deferred, from this site),
 * only adds offline reading (offline.ts); VISITOR_PAGE_CSP lets nothing else run.
 */

export interface VisitorPage {
  /** Already passed through readContent; its first words are the page's title (title.ts). */
  content: ArticleContent;
  /** BCP-47 language of the text, e.g. 'fr'. */
  lang: string;
  /** The footer's language button, e.g. 'Français'. */
  languageLabel: string;
  languageHref?: string;
  /** True for ignoreStats=true previews: not to be indexed. */
  noindex?: boolean;
  /**
   * The visitor's text size (text-size.ts): its step, and the address of the page at another
   * step (the footer's A− and A+). None: no control (the editor's preview has none).
   */
  textSize?: { step: number; href: (step: number) => string };
  /**
   * A bar at the top, in the interface language: 'machine' says the text is machine translated
   * and links to the original; 'unavailable' and 'noEngine' explain why the original is shown.
   */
  note?: VisitorNote;
  /** Language of the interface words (note, empty article, 'Change language'); default `lang`. */
  uiLang?: string;
  /**
   * The language subtitles are written in (the museum's, not the visitor's) and its native
   * name, for the track's srclang and label; default `lang` and `languageLabel`. Sounds are
   * recorded in it too.
   */
  subtitles?: { lang: string; label: string };
  /** Opened from a circuit: where it stands in it, and its neighbours. */
  circuit?: CircuitNav | undefined;
  /** Read aloud (listen.ts): the Listen control above the blocks; none without. */
  listen?: Omit<ListenOptions, 'uiLang'> | undefined;
  /**
   * 'Report a problem' (report-form.ts): the article's public name and the language the report
   * is about; none in a staff preview.
   */
  report?: { name: string; lang: string } | undefined;
  /**
   * Where reader.js tells how long the page was visible (`/reading?name=…&lang=…`, the
   * statistics' reading time); none on a staff preview, which counts nothing.
   */
  reading?: string | undefined;
  /** The page's count request (document.ts); none on a staff preview. */
  seen?: string | undefined;
}

const h = createElement;

/**
 * A− and A+ (text-size.ts): links, so they work without a script; at the smallest or largest
 * step the one that cannot go further keeps its place, hidden (a dimmed one would be text too
 * faint to read).
 */
function sizeControls(
  size: NonNullable<VisitorPage['textSize']>,
  words: ReturnType<typeof uiStrings>,
  wordsLang: Record<string, string>,
): ReactNode {
  // The name is the words, in the visitor's language; 'A−' is what the eye reads.
  const control = (step: number, label: string, text: string) =>
    step < 1 || step > TEXT_SIZES.length
      ? h('span', { className: 'reader-size-off', 'aria-hidden': true }, text)
      : h(
          'a',
          { className: 'reader-size-step', href: size.href(step) },
          h('span', { 'aria-hidden': true }, text),
          h('span', { className: 'reader-sr', ...wordsLang }, label),
        );
  return h(
    'span',
    { className: 'reader-size' },
    control(size.step - 1, words.smallerText, 'A−'),
    control(size.step + 1, words.largerText, 'A+'),
  );
}

/**
 * The article's stop number ('Stop 23' in the visitor's words), small above its title: what a
 * visitor would type in the museum's guide to come back to it. None without a number.
 */
function stopLine(
  content: ArticleContent,
  uiLang: string,
  wordsLang: ReturnType<typeof languageAttributes>,
  ink: string,
): ReactNode {
  const stop = content[0]?.stop;
  if (stop === undefined) return null;
  const text = format(uiStrings(uiLang).articleStop, { n: stop });
  return h('p', { className: 'reader-stop', style: { color: ink }, ...wordsLang }, text);
}

export function renderArticlePage(page: VisitorPage): string {
  return articleDocument(page);
}

/**
 * The words of an audio block: a sound is the museum's recording, in its language
 * (the subtitles'), named in the visitor's.
 */
export function audioWords(page: VisitorPage) {
  const lang = languageTag(page.lang);
  const uiLang = page.uiLang ?? lang;
  const words = uiStrings(uiLang);
  const recording = languageTag(page.subtitles?.lang ?? lang);
  return {
    lang: recording,
    language: format(words.audioLanguage, {
      language: languageName(recording, uiLanguage(uiLang)),
    }),
    transcript: words.transcript,
    wordsLang: languageAttributes(uiLanguage(uiLang), lang),
  };
}

/** A streamed page's Listen comes with its last blocks; reader.js puts it in its slot then. */
function noticeAndListen(notice: ReactNode, listen: ReactNode, listenLater: boolean): ReactNode {
  if (listen) return h(Fragment, null, notice, listen);
  if (listenLater) {
    return h(Fragment, null, notice, h('i', { 'data-listen-slot': '', hidden: true }));
  }
  return notice;
}

/** Below the blocks: the circuit's way on, then 'Report a problem'. */
function afterBlocks(page: VisitorPage, streamed: boolean, uiLang: string, background: string) {
  const lang = languageTag(page.lang);
  return h(
    Fragment,
    null,
    page.circuit && circuitNavView(page.circuit, uiLang, lang, background),
    // A first translation being sent has no blocks yet to choose from.
    page.report &&
      reportFormView(
        { ...page.report, blocks: streamed ? [] : reportBlocks(page.content) },
        uiLang,
        lang,
      ),
  );
}

/**
 * The article page; for a streamed one (renderArticleParts), `slot` in place of the blocks, `css`
 * after the page's own rules and the title from `titleFrom`.
 */
export function articleDocument(
  page: VisitorPage,
  streamed?: { slot: ReactNode; css: string; titleFrom: ArticleContent },
): string {
  const lang = languageTag(page.lang);
  const uiLang = page.uiLang ?? lang;
  const words = uiStrings(uiLang);
  const wordsLang = languageAttributes(uiLanguage(uiLang), lang);
  const background = backgroundOf(page.content);
  const listen =
    page.listen && !streamed
      ? listenBlock({ ...page.listen, uiLang, ink: inkOn(background) })
      : null;
  const notice = page.note ? noteView(page.note, uiLang, lang) : undefined;
  const titleFrom = streamed?.titleFrom ?? page.content;
  // The curator's public title is the visible heading; without one, the first words name the
  // page for screen readers only (the first block shows them already).
  const own = ownTitle(titleFrom);
  const title = own ?? publicTitle(titleFrom) ?? PRODUCT_NAME;
  const stop = stopLine(page.content, uiLang, wordsLang, inkOn(background));
  const view = articleElement({
    content: page.content,
    productName: PRODUCT_NAME,
    languageLabel: page.languageLabel,
    languageHref: page.languageHref,
    lang,
    subtitles: page.subtitles && {
      lang: languageTag(page.subtitles.lang),
      label: page.subtitles.label,
    },
    audio: audioWords(page),
    notice: noticeAndListen(notice, listen, streamed !== undefined && page.listen !== undefined),
    empty:
      streamed?.slot ??
      h(
        'p',
        { className: 'reader-empty', style: { color: inkOn(background) }, ...wordsLang },
        words.empty,
      ),
    languageAction: page.languageHref
      ? h('span', { className: 'reader-sr', ...wordsLang }, words.changeLanguage)
      : undefined,
    textControls: page.textSize && sizeControls(page.textSize, words, wordsLang),
    after: afterBlocks(page, streamed !== undefined, uiLang, background),
    heading: h(
      Fragment,
      null,
      stop,
      own === undefined
        ? null
        : h('h1', { className: 'reader-title', style: { color: inkOn(background) } }, own),
    ),
  });
  return renderDocument(
    {
      lang,
      title,
      background,
      noindex: page.noindex === true,
      textScale: page.textSize && textScale(page.textSize.step),
      seen: page.seen,
      css: streamed?.css ?? (listen ? LISTEN_CSS : undefined),
    },
    h(
      'main',
      page.reading ? { 'data-read': page.reading } : null,
      own === undefined ? h('h1', { className: 'reader-sr' }, title) : null,
      view,
    ),
  );
}
