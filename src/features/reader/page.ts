import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { backgroundOf, DEFAULT_BACKGROUND, type ArticleContent } from '../articles/content.ts';
import { ArticleView } from './ArticleView.ts';
import { direction, languageTag } from '../languages/index.ts';
import { READER_CSS, VISITOR_CSS } from './reader-css.ts';
import { publicTitle } from './title.ts';
import { uiLanguage, uiStrings } from './strings.ts';

/**
 * The visitor page (DESIGN 7): a whole HTML document rendered on the server with the component
 * that draws the editor's preview. No JavaScript at all: accordions are <details>, the language
 * choice is a link. Served with VISITOR_PAGE_CSP, which lets nothing run.
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
   * A bar at the top, in the interface language: 'machine' says the text is machine translated
   * and links to the original; 'unavailable' and 'noEngine' explain why the original is shown.
   */
  note?: VisitorNote;
  /** Language of the interface words (note, empty article, 'Change language'); default `lang`. */
  uiLang?: string;
  /**
   * The language subtitles are written in (the museum's, not the visitor's) and its native
   * name, for the track's srclang and label; default `lang` and `languageLabel`.
   */
  subtitles?: { lang: string; label: string };
}

export interface VisitorNote {
  kind: 'machine' | 'unavailable' | 'noEngine';
  /** A path on this site, e.g. '/article?name=x&lang=fr'; anything else is dropped. */
  originalHref: string;
}

export const PRODUCT_NAME = 'Legenda';

/**
 * Nothing runs (no script source at all), media and images only from this site, styles inline
 * (the <style> below and React's style attributes). `form-action 'self'` leaves room for the
 * language picker's GET form.
 */
export const VISITOR_PAGE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A #rrggbb colour, or the default background. */
export function backgroundColor(value: string): string {
  return COLOR.test(value) ? value : DEFAULT_BACKGROUND;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const LIGHT_INK = '#ffffff';
const DARK_INK = '#1f1422';

/**
 * The text colour of our own words on a museum's background: white, or near black when that
 * contrasts more (WCAG relative luminance). Staff pick the background; our words must stay legible.
 */
export function inkOn(background: string): string {
  const l = luminance(backgroundColor(background));
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance(DARK_INK) + 0.05);
  return white >= dark ? LIGHT_INK : DARK_INK;
}

/** A path on this site ('/article?…'), or undefined: our own links never leave the site. */
export function localPath(href: string | undefined): string | undefined {
  if (href === undefined || !href.startsWith('/')) return undefined;
  if (href.startsWith('//') || href.startsWith('/\\')) return undefined;
  return href;
}

/** `lang` and `dir` of a piece of text, when its language is not the surrounding one's. */
export function languageAttributes(
  lang: string,
  around: string,
): { lang?: string; dir?: 'ltr' | 'rtl' } {
  const tag = languageTag(lang);
  if (tag.toLowerCase() === languageTag(around).toLowerCase()) return {};
  return { lang: tag, dir: direction(tag) };
}

/** The same as HTML attributes (' lang="es" dir="ltr"'), or ''. */
export function languageAttributesHtml(lang: string, around: string): string {
  const attributes = languageAttributes(lang, around);
  return attributes.lang === undefined
    ? ''
    : ` lang="${escapeHtml(attributes.lang)}" dir="${attributes.dir ?? 'ltr'}"`;
}

/**
 * The whole document of a visitor page: charset, viewport, robots, theme colour, title, the
 * reader's stylesheet and the visitor pages' own rules, inline (nothing else to fetch).
 * `head` is trusted markup (the progress page's refresh).
 */
export function documentHtml(options: {
  lang: string;
  title: string;
  background: string;
  noindex: boolean;
  body: string;
  head?: string;
}): string {
  const lang = languageTag(options.lang);
  const background = backgroundColor(options.background);
  return (
    '<!doctype html>' +
    `<html lang="${escapeHtml(lang)}" dir="${direction(lang)}">` +
    '<head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    (options.noindex ? '<meta name="robots" content="noindex">' : '') +
    (options.head ?? '') +
    `<meta name="theme-color" content="${background}">` +
    // Declared, so that browsers do not ask for /favicon.ico on every visit.
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<title>${escapeHtml(options.title)}</title>` +
    // The page's own rules come after the shared ones: the reader fills the screen, so the
    // footer sits at the bottom of a short article.
    `<style>${READER_CSS}${VISITOR_CSS}html{background:${background}}</style>` +
    `</head><body>${options.body}</body></html>`
  );
}

/**
 * The frame of the pages that are not an article (picker, progress, 404): the reader's look on
 * the article's background, our words in a legible colour, the product in the footer.
 */
export function framedPage(background: string, inner: string): string {
  const color = backgroundColor(background);
  const ink = inkOn(color);
  const style = `background-color:${color}` + (ink === LIGHT_INK ? '' : `;color:${ink}`);
  return (
    `<main><div class="reader" style="${style}">` +
    `<div class="reader-blocks reader-page">${inner}</div>` +
    `<footer class="reader-footer"><span class="reader-product">${PRODUCT_NAME}</span></footer>` +
    '</div></main>'
  );
}

const h = createElement;

function noteView(note: VisitorNote, uiLang: string, pageLang: string): ReactNode {
  const words = uiStrings(uiLang);
  const attributes = { ...languageAttributes(uiLanguage(uiLang), pageLang) };
  if (note.kind === 'machine') {
    const href = localPath(note.originalHref);
    return h(
      'div',
      { className: 'reader-note', role: 'note', ...attributes },
      h('span', null, words.machineTranslated),
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

export function renderArticlePage(page: VisitorPage): string {
  const lang = languageTag(page.lang);
  const uiLang = page.uiLang ?? lang;
  const words = uiStrings(uiLang);
  const wordsLang = languageAttributes(uiLanguage(uiLang), lang);
  const background = backgroundOf(page.content);
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
    notice: page.note ? noteView(page.note, uiLang, lang) : undefined,
    empty: h(
      'p',
      { className: 'reader-empty', style: { color: inkOn(background) }, ...wordsLang },
      words.empty,
    ),
    languageAction: page.languageHref
      ? h('span', { className: 'reader-sr', ...wordsLang }, words.changeLanguage)
      : undefined,
  });
  // A heading for screen readers: the article's own first block may be an image or a text.
  // Its first words, in the language shown; never the staff's private title (title.ts).
  const title = publicTitle(page.content) ?? PRODUCT_NAME;
  const heading = `<h1 class="reader-sr">${escapeHtml(title)}</h1>`;
  return documentHtml({
    lang,
    title,
    background,
    noindex: page.noindex === true,
    body: `<main>${heading}${renderToString(view)}</main>`,
  });
}

/** The 404 page, in the visitor's language when we have its words (else English). */
/** Seconds before the outage page reloads itself, and the Retry-After sent with it. */
export const OUTAGE_RETRY_SECONDS = 10;

/**
 * The page a visitor sees while the database is out of reach and no recent copy of the page is
 * at hand (routes.ts): in their language, and it reloads itself, so the phone in front of the
 * panel shows the article once the database is back.
 */
export function renderOutagePage(lang: string): string {
  const ui = uiLanguage(lang);
  const words = uiStrings(ui);
  return documentHtml({
    lang: ui,
    title: `${words.outageTitle} – ${PRODUCT_NAME}`,
    background: DEFAULT_BACKGROUND,
    noindex: true,
    head: `<meta http-equiv="refresh" content="${OUTAGE_RETRY_SECONDS}">`,
    body: framedPage(
      DEFAULT_BACKGROUND,
      `<h1>${escapeHtml(words.outageTitle)}</h1><p>${escapeHtml(words.outageText)}</p>` +
        `<p>${escapeHtml(words.wait)}</p>`,
    ),
  });
}

export function renderNotFoundPage(lang: string): string {
  const ui = uiLanguage(lang);
  const words = uiStrings(ui);
  return documentHtml({
    lang: ui,
    title: `${words.notFoundTitle} – ${PRODUCT_NAME}`,
    background: DEFAULT_BACKGROUND,
    noindex: true,
    body: framedPage(
      DEFAULT_BACKGROUND,
      `<h1>${escapeHtml(words.notFoundTitle)}</h1><p>${escapeHtml(words.notFoundText)}</p>`,
    ),
  });
}

/**
 * A template of the words (plain text) with placeholders replaced by ready HTML: the words are
 * escaped here, the values are not (the caller built and escaped them).
 */
export function formatHtml(template: string, html: Record<string, string>): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] ?? '';
    if (!Object.hasOwn(html, name)) continue;
    out += escapeHtml(template.slice(last, match.index)) + (html[name] ?? '');
    last = match.index + match[0].length;
  }
  return out + escapeHtml(template.slice(last));
}
