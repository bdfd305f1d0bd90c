import { createElement, type ReactElement } from 'react';
import { languageAttributes, localPath, OFFLINE_SCRIPTS } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';

/** The 'Save for offline reading' block (offline.ts says how offline reading works). */

/** The save block's own rules; a page that shows the block adds them (DocumentOptions.css). */
export const OFFLINE_CSS =
  '.reader-offline{margin:24px 0}' +
  '.reader .reader-offline button{min-height:44px;padding:8px 18px;border:2px solid currentColor;' +
  'border-radius:999px;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}' +
  '.reader-offline button:disabled{opacity:.7;cursor:progress}' +
  '.reader-offline p{min-height:1.4em;margin:8px 0 0}.reader-offline p:empty{display:none}' +
  '.reader-offline [data-videos] button,.reader .reader-offline [data-remove]{margin-top:12px}' +
  '.reader .reader-offline [data-remove]{border-width:1px;font-weight:400}';

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
 * without a service worker nothing shows; offline.js (with its two parts, `data-scripts`, loaded
 * by reader.js once the worker controls the page) reveals and drives it. Its words travel as data attributes (the
 * scripts carry none), `{placeholders}` and all. Below the button and the line saying how it
 * went: the videos' second step (their size asked, offered once the rest is saved) and Remove,
 * both hidden until a circuit is saved.
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
      // Space-separated, in the order they run (reader.js).
      'data-scripts': OFFLINE_SCRIPTS.join(' '),
      'data-saving': words.offlineSaving,
      'data-saved': words.offlineSaved,
      'data-saved-videos': words.offlineSavedVideos,
      'data-failed': words.offlineFailed,
      'data-sounds-later': words.offlineSoundsLater,
      'data-elsewhere': words.offlineVideosElsewhere,
      'data-videos-ask': words.offlineVideosAsk,
      'data-removed': words.offlineRemoved,
      ...languageAttributes(ui, options.pageLang ?? ui),
    },
    h('button', { type: 'button' }, words.offlineSave),
    h('p', { role: 'status', 'aria-live': 'polite' }),
    h('p', { 'data-notes': '', 'aria-live': 'polite' }),
    h(
      'div',
      { 'data-videos': '', hidden: true },
      h('p', null),
      h('button', { type: 'button' }, words.offlineVideosSave),
    ),
    h('button', { type: 'button', 'data-remove': '', hidden: true }, words.offlineRemove),
  );
}
