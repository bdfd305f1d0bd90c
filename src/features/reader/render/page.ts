import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { backgroundOf, DEFAULT_BACKGROUND, type ArticleContent } from '../../articles/content.ts';
import { articleBlocks, ArticleView } from './ArticleView.ts';
import { languageName, languageTag } from '../../languages/index.ts';
import {
  formatNodes,
  framedPage,
  inkOn,
  languageAttributes,
  localPath,
  PRODUCT_NAME,
  renderDocument,
} from './document.ts';
import { publicTitle } from './title.ts';
import { format, uiLanguage, uiStrings } from './strings.ts';
import { TEXT_SIZES, textScale } from '../text-size.ts';
import { circuitNavView, type CircuitNav } from '../circuit/circuit-page.ts';
import { noteView, type VisitorNote } from './note-view.ts';

export type { VisitorNote } from './note-view.ts';
import { LISTEN_CSS, listenBlock, type ListenOptions } from '../speech/speech.ts';

/**
 * The visitor page (DESIGN 7): a whole HTML document rendered on the server (document.ts) with
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
   * recorded in it too (issue 20).
   */
  subtitles?: { lang: string; label: string };
  /** Opened from a circuit (issue 19): where it stands in it, and its neighbours. */
  circuit?: CircuitNav | undefined;
  /** Read aloud (issue 20, speech.ts): the Listen control above the blocks; none without. */
  listen?: Omit<ListenOptions, 'uiLang'> | undefined;
}

/**
 * Scripts, the service worker and fetches from this site only (reader.js and sw.js, issue 19:
 * nothing inline, no eval), media and images only from this site, styles inline (the <style>
 * below and React's style attributes). `form-action 'self'` leaves room for the language
 * picker's GET form.
 */
export const VISITOR_PAGE_CSP =
  "default-src 'none'; script-src 'self'; worker-src 'self'; connect-src 'self'; " +
  "img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

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

export function renderArticlePage(page: VisitorPage): string {
  return articleDocument(page);
}

/**
 * The words of an audio block (issue 20): a sound is the museum's recording, in its language
 * (the subtitles'), named in the visitor's.
 */
function audioWords(page: VisitorPage) {
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

/**
 * The article page; for a streamed one (renderArticleParts), `slot` in place of the blocks, `css`
 * after the page's own rules and the title from `titleFrom`.
 */
function articleDocument(
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
  const view = createElement(ArticleView, {
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
    notice: listen ? h(Fragment, null, notice, listen) : notice,
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
    after: page.circuit && circuitNavView(page.circuit, uiLang, lang, background),
  });
  // A heading for screen readers: the article's own first block may be an image or a text.
  // Its first words, in the language shown; never the staff's private title (title.ts).
  const title = publicTitle(streamed?.titleFrom ?? page.content) ?? PRODUCT_NAME;
  return renderDocument(
    {
      lang,
      title,
      background,
      noindex: page.noindex === true,
      textScale: page.textSize && textScale(page.textSize.step),
      css: streamed?.css ?? (listen ? LISTEN_CSS : undefined),
    },
    h('main', null, h('h1', { className: 'reader-sr' }, title), view),
  );
}

/**
 * A streamed page's own rules (issue 19): of the "still translating" lines sent after each
 * piece, only the last one shows; once the last blocks follow it, none does. `:has(+ *)`, not
 * `:not(:last-child)`: Chromium matches no :last-child while the parent is still being parsed.
 */
const STREAM_CSS =
  '.reader-wait{margin:16px 0;text-align:center}.reader-wait:has(+ *){display:none}' +
  '.reader-wait progress{display:block;width:100%;height:12px;margin:0 0 8px}';

const SLOT = 'reader-slot';

/**
 * The article page in pieces, for a first translation sent as it is made (issue 19, ADR 0017):
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
  const wait = renderToStaticMarkup(
    h(
      'div',
      {
        className: 'reader-wait',
        role: 'status',
        style: { color: inkOn(backgroundOf(page.content)) },
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
    head: html.slice(0, at),
    tail: html.slice(at + mark.length),
    blocks: (content, from, to) =>
      renderToStaticMarkup(
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

/** Seconds before the outage page reloads itself, and the Retry-After sent with it. */
export const OUTAGE_RETRY_SECONDS = 10;

/** A page of ours with a heading and sentences, in the visitor's language (else English). */
export function renderMessagePage(
  lang: string,
  heading: 'outageTitle' | 'notFoundTitle' | 'circuitNotFoundTitle',
  sentences: ('outageText' | 'wait' | 'notFoundText' | 'circuitNotFoundText')[],
  refreshSeconds?: number,
): string {
  const ui = uiLanguage(lang);
  const words = uiStrings(ui);
  return renderDocument(
    {
      lang: ui,
      title: `${words[heading]} – ${PRODUCT_NAME}`,
      background: DEFAULT_BACKGROUND,
      noindex: true,
      refreshSeconds,
    },
    framedPage(
      DEFAULT_BACKGROUND,
      h('h1', { key: 'h' }, words[heading]),
      ...sentences.map((key) => h('p', { key }, words[key])),
    ),
  );
}

/**
 * The page a visitor sees while the database is out of reach and no recent copy of the page is
 * at hand (pages.ts): in their language, and it reloads itself, so the phone in front of the
 * panel shows the article once the database is back.
 */
export function renderOutagePage(lang: string): string {
  return renderMessagePage(lang, 'outageTitle', ['outageText', 'wait'], OUTAGE_RETRY_SECONDS);
}

/** The 404 page, in the visitor's language when we have its words (else English). */
export function renderNotFoundPage(lang: string): string {
  return renderMessagePage(lang, 'notFoundTitle', ['notFoundText']);
}
