import { createElement, type ReactElement } from 'react';
import { uiLanguage, uiStrings } from './render/strings.ts';
import { languageAttributes, localPath } from './render/document.ts';

/**
 * Offline reading on poor museum Wi-Fi (issue 19, part 4). The service worker (public/sw.js)
 * keeps every visitor page read and its images. The visitor pages' one script (public/reader.js,
 * deferred; nothing needs it: without it the pages work as before and the save block stays
 * hidden):
 * - registers the worker;
 * - once the worker controls the page, asks for this page again through it when the page was
 *   opened before the worker was there (a first visit), so that it is kept, and fetches the
 *   page's pictures, lazy ones included;
 * - drives the 'Save … for offline reading' block written here: reveals it, and on a tap fetches
 *   every page it names (the circuit and its stops, a stop still being translated asked again
 *   every 2 s, 3 minutes at most in all) and their pictures through the worker, checks that each
 *   is kept, then says how it went, in the words the block carries.
 * What the server does for them: it marks a complete page (PAGE_HEADER; the worker keeps nothing
 * else) and counts no visit for a request carrying SAVE_HEADER (pages.ts).
 */

/**
 * Sent with a page that is what its address shows for good: the article in its language (not
 * the picker, a progress page, the original shown for want of a translation, a 404, the outage
 * page or a staff preview). Its value names the page: 'article' (routes.ts); 'circuit' for the
 * circuit page.
 */
export const PAGE_HEADER = 'X-Legenda-Page';

/**
 * Sent by reader.js with what it fetches to save (and to keep a page read before the worker
 * was there): no visitor is shown anything by that request, so it counts nothing.
 */
export const SAVE_HEADER = 'Legenda-Save';

/** True when a request carries SAVE_HEADER. */
export function isSaveRequest(value: string | undefined): boolean {
  return value !== undefined && value.trim() === '1';
}

/** The save block's own rules; a page that shows the block adds them (DocumentOptions.css). */
export const OFFLINE_CSS =
  '.reader-offline{margin:24px 0}' +
  '.reader .reader-offline button{min-height:44px;padding:8px 18px;border:2px solid currentColor;' +
  'border-radius:999px;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}' +
  '.reader-offline button:disabled{opacity:.7;cursor:progress}' +
  '.reader-offline p{min-height:1.4em;margin:8px 0 0}';

export interface OfflineSaveOptions {
  /** The language of the visitor's words. */
  uiLang: string;
  /** The stops' addresses on this site, '/article?name=…&circuit=…&lang=…'; others are dropped. */
  stops: string[];
  /** The circuit page's own address, saved with its stops. */
  circuitUrl: string;
  /**
   * QR codes (`/r/{link}`) leading to the circuit or a stop, and the saved page each opens
   * offline (`to`, one of the addresses above).
   */
  codes?: readonly { link: string; to: string }[] | undefined;
  /** The language of the page around the block, when it differs from `uiLang`. */
  pageLang?: string;
}

const h = createElement;

/**
 * 'Save this circuit for offline reading': hidden in the markup, so that without JavaScript or
 * without a service worker nothing shows; reader.js reveals it once the worker controls the
 * page. Its words travel as data attributes (reader.js carries none), `{placeholders}` and all.
 */
export function offlineSaveBlock(options: OfflineSaveOptions): ReactElement {
  const ui = uiLanguage(options.uiLang);
  const words = uiStrings(ui);
  const stops = options.stops.flatMap((stop) => localPath(stop) ?? []);
  const codes = Object.fromEntries(
    (options.codes ?? []).flatMap(({ link, to }) => {
      const path = localPath(to);
      return path && /^[A-Za-z0-9_-]{1,64}$/.test(link) ? [[link, path]] : [];
    }),
  );
  return h(
    'section',
    {
      className: 'reader-offline',
      hidden: true,
      'data-offline-save': '',
      'data-stops': JSON.stringify(stops),
      'data-codes': Object.keys(codes).length > 0 ? JSON.stringify(codes) : undefined,
      'data-circuit': localPath(options.circuitUrl) ?? '',
      'data-saving': words.offlineSaving,
      'data-saved': words.offlineSaved,
      'data-failed': words.offlineFailed,
      ...languageAttributes(ui, options.pageLang ?? ui),
    },
    h('button', { type: 'button' }, words.offlineSave),
    h('p', { role: 'status', 'aria-live': 'polite' }),
  );
}
