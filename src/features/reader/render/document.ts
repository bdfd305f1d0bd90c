import { createElement, Fragment, type ReactNode } from 'react';
import { markup } from './markup.ts';
import { direction } from '../../languages/direction.ts';
import { languageTag } from '../../languages/catalogue.ts';
import { READER_CSS, VISITOR_CSS } from './reader-css.ts';
import { backgroundColor, inkOn, LIGHT_INK } from './ink.ts';

/**
 * How every visitor page is written: React elements rendered once on the server to static
 * markup, the article as much as the picker and the error pages (a first translation in pieces,
 * page-parts.ts renderArticleParts). Text and attribute values are escaped by construction; the
 * only markup passed through as it is, is our own stylesheet.
 */

const h = createElement;

export const PRODUCT_NAME = 'Legenda';

/**
 * The visitor pages' one script (public/reader.js: the service worker's registration, keeping
 * the page, loading the circuit page's save), by a name that changes with its content: the
 * file is then cached for a year (static-site.ts, netlify.toml). The version is the start of
 * its SHA-256; offline.test.ts fails, naming the new one, when the file changed without it.
 */
export const READER_SCRIPT_VERSION = 'c3b7275b4c';
export const READER_SCRIPT = `/reader.js?v=${READER_SCRIPT_VERSION}`;

/**
 * Read aloud's script (public/listen.js): loaded by reader.js only when a visitor
 * presses Listen, named by its version like reader.js (speech.test.ts checks it).
 */
export const LISTEN_SCRIPT_VERSION = '924876cbdd';
export const LISTEN_SCRIPT = `/listen.js?v=${LISTEN_SCRIPT_VERSION}`;

/**
 * The circuit page's save for offline reading, four scripts run in this order (ADR 0046):
 * public/offline-plan.js (what a save keeps, what the block says), offline-keep.js (the worker's
 * caches as a save uses them), offline-save.js (the fetches) and offline.js (the block). Loaded by reader.js only on a page with
 * the save block, each named by its version like reader.js (offline.test.ts checks them).
 */
export const OFFLINE_SCRIPT_VERSIONS = {
  'offline-plan.js': '77d8ee058d',
  'offline-keep.js': '5727a37ac2',
  'offline-save.js': '24d0f1ea97',
  'offline.js': '5b476f4ad4',
};
export const OFFLINE_SCRIPTS = Object.entries(OFFLINE_SCRIPT_VERSIONS).map(
  ([file, version]) => `/${file}?v=${version}`,
);

/**
 * Scripts, the service worker and fetches from this site only (reader.js and sw.js:
 * nothing inline, no eval), media and images only from this site, styles inline (renderDocument's
 * <style> and React's style attributes). `form-action 'self'` leaves room for the language
 * picker's GET form.
 */
export const VISITOR_PAGE_CSP =
  "default-src 'none'; script-src 'self'; worker-src 'self'; connect-src 'self'; " +
  "img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** `lang` and `dir` of a piece of text, when its language is not the surrounding one's. */
export function languageAttributes(
  lang: string,
  around: string,
): { lang?: string; dir?: 'ltr' | 'rtl' } {
  const tag = languageTag(lang);
  if (tag.toLowerCase() === languageTag(around).toLowerCase()) return {};
  return { lang: tag, dir: direction(tag) };
}

/**
 * A sentence of the interface ('Translating into {language}…') with its placeholders replaced
 * by elements; the words around them stay text. Unknown placeholders are left as written.
 */
export function formatNodes(template: string, values: Record<string, ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] ?? '';
    if (!Object.hasOwn(values, name)) continue;
    parts.push(template.slice(last, match.index), values[name]);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return h(Fragment, null, ...parts);
}

/**
 * The article's public title above a page's heading (the picker): it tells the visitor
 * they scanned the right panel. `lang` is the title's language when it differs from the page's.
 */
export function kicker(title: string | undefined, lang: string | undefined, around: string) {
  if (title === undefined) return null;
  const attributes = lang === undefined ? {} : languageAttributes(lang, around);
  return h('p', { className: 'reader-kicker', ...attributes }, title);
}

export interface DocumentOptions {
  lang: string;
  title: string;
  background: string;
  noindex: boolean;
  /** Seconds after which the page reloads itself (the outage page). */
  refreshSeconds?: number | undefined;
  /** The root font size in percent (text-size.ts); 100 when not given. */
  textScale?: number | undefined;
  /**
   * The page's count request (links.ts seenHref): an image the browser asks whenever it shows
   * the page, script or not, so a page kept by a shared cache is counted all the same
   * (docs/adr/0031-visitor-pages-behind-a-cdn.md). None on a page that counts nothing.
   */
  seen?: string | undefined;
  /**
   * This page's own rules, after the shared ones, our constants only: a streamed first
   * translation's (page-parts.ts), the offline save's (offline-block.ts's OFFLINE_CSS).
   */
  css?: string | undefined;
}

/**
 * The whole document of a visitor page: charset, viewport, robots, refresh, theme colour, title,
 * the reader's stylesheet and the visitor pages' own rules, inline (nothing else to fetch before
 * showing it), and reader.js, deferred: the page needs none of it to work.
 */
export function renderDocument(options: DocumentOptions, body: ReactNode): string {
  const lang = languageTag(options.lang);
  const background = backgroundColor(options.background);
  // The page's own rules come after the shared ones: the reader fills the screen, so the
  // footer sits at the bottom of a short article.
  const scale =
    options.textScale && options.textScale !== 100 ? `;font-size:${options.textScale}%` : '';
  const css = `${READER_CSS}${VISITOR_CSS}html{background:${background}${scale}}${options.css ?? ''}`;
  const html = h(
    'html',
    { lang, dir: direction(lang) },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      options.noindex ? h('meta', { name: 'robots', content: 'noindex' }) : null,
      options.refreshSeconds === undefined
        ? null
        : h('meta', { httpEquiv: 'refresh', content: String(options.refreshSeconds) }),
      h('meta', { name: 'theme-color', content: background }),
      // Declared, so that browsers do not ask for /favicon.ico on every visit.
      h('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
      h('title', null, options.title),
      h('style', { dangerouslySetInnerHTML: { __html: css } }),
      h('script', { src: READER_SCRIPT, defer: true }),
    ),
    h(
      'body',
      null,
      // First in the body: a streamed page asks it with its first piece.
      options.seen ? h('img', { src: options.seen, alt: '', hidden: true }) : null,
      body,
    ),
  );
  return `<!doctype html>${markup(html)}`;
}

/**
 * The frame of the pages that are not an article (picker, 404, outage): the reader's look on
 * the article's background, our words in a legible colour, the product in the footer.
 */
export function framedPage(background: string, ...inner: ReactNode[]): ReactNode {
  const color = backgroundColor(background);
  const ink = inkOn(color);
  return h(
    'main',
    null,
    h(
      'div',
      {
        className: 'reader',
        style:
          ink === LIGHT_INK ? { backgroundColor: color } : { backgroundColor: color, color: ink },
      },
      h('div', { className: 'reader-blocks reader-page' }, ...inner),
      h(
        'footer',
        { className: 'reader-footer' },
        h('span', { className: 'reader-product' }, PRODUCT_NAME),
      ),
    ),
  );
}

/** A path on this site ('/article?…'), or undefined: our own links never leave the site. */
export function localPath(href: string | undefined): string | undefined {
  if (href === undefined || !href.startsWith('/')) return undefined;
  if (href.startsWith('//') || href.startsWith('/\\')) return undefined;
  return href;
}
