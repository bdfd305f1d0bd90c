import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { backgroundOf, DEFAULT_BACKGROUND, type ArticleContent } from '../editor/content.ts';
import { ArticleView } from './ArticleView.ts';
import { READER_CSS } from './reader-css.ts';

/**
 * The visitor page (DESIGN 7): a whole HTML document rendered on the server with the component
 * that draws the editor's preview. No JavaScript at all: accordions are <details>, the language
 * choice is a link. Served with VISITOR_PAGE_CSP, which lets nothing run.
 */

export interface VisitorPage {
  /** The article's public name or title, for <title>. */
  title: string;
  /** Already passed through readContent. */
  content: ArticleContent;
  /** BCP-47 language of the text, e.g. 'fr'. */
  lang: string;
  /** The footer's language button, e.g. 'Français'. */
  languageLabel: string;
  languageHref?: string;
  /** True for ignoreStats=true previews: not to be indexed. */
  noindex?: boolean;
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

/** Scripts written right to left, by language subtag, for runtimes without Locale text info. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

interface LocaleTextInfo {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** A well-formed language tag, canonicalised, or 'fr' (the default language, spec 9). */
export function languageTag(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'fr';
  } catch {
    return 'fr';
  }
}

export function textDirection(lang: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(lang);
    const info = locale as unknown as LocaleTextInfo;
    const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
    if (direction === 'rtl' || direction === 'ltr') return direction;
    return RTL_LANGUAGES.has(locale.language) ? 'rtl' : 'ltr';
  } catch {
    return RTL_LANGUAGES.has(lang.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';
  }
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

function documentHtml(options: {
  lang: string;
  title: string;
  background: string;
  noindex: boolean;
  body: string;
}): string {
  const lang = languageTag(options.lang);
  const background = COLOR.test(options.background) ? options.background : DEFAULT_BACKGROUND;
  return (
    '<!doctype html>' +
    `<html lang="${escapeHtml(lang)}" dir="${textDirection(lang)}">` +
    '<head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    (options.noindex ? '<meta name="robots" content="noindex">' : '') +
    `<meta name="theme-color" content="${background}">` +
    `<title>${escapeHtml(options.title)}</title>` +
    // The page's own rules come after the shared ones: the reader fills the screen, so the
    // footer sits at the bottom of a short article.
    `<style>${READER_CSS}\nhtml{background:${background}}body{margin:0}` +
    `.reader{min-height:100vh;min-height:100dvh}</style>` +
    `</head><body>${options.body}</body></html>`
  );
}

export function renderArticlePage(page: VisitorPage): string {
  const lang = languageTag(page.lang);
  const view = createElement(ArticleView, {
    content: page.content,
    productName: PRODUCT_NAME,
    languageLabel: page.languageLabel,
    languageHref: page.languageHref,
    lang,
  });
  return documentHtml({
    lang,
    title: page.title,
    background: backgroundOf(page.content),
    noindex: page.noindex === true,
    body: `<main>${renderToString(view)}</main>`,
  });
}

const NOT_FOUND = {
  fr: {
    title: 'Article introuvable',
    text:
      "Cet article n'existe pas ou n'est plus en ligne. Le QR code ou le lien que vous avez suivi " +
      "est peut-être périmé : n'hésitez pas à demander à l'accueil du musée.",
  },
  en: {
    title: 'Article not found',
    text:
      'This article does not exist or is no longer online. The QR code or link you followed may ' +
      'be out of date: feel free to ask at the museum’s front desk.',
  },
} as const;

export function renderNotFoundPage(lang: 'fr' | 'en'): string {
  const words = NOT_FOUND[lang];
  return documentHtml({
    lang,
    title: `${words.title} – ${PRODUCT_NAME}`,
    background: DEFAULT_BACKGROUND,
    noindex: true,
    body:
      `<main><div class="reader" style="background-color:${DEFAULT_BACKGROUND}">` +
      `<div class="reader-blocks"><h1>${escapeHtml(words.title)}</h1>` +
      `<p>${escapeHtml(words.text)}</p></div>` +
      `<footer class="reader-footer"><span class="reader-product">${PRODUCT_NAME}</span></footer>` +
      '</div></main>',
  });
}
