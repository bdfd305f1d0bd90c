import { createElement, type ReactElement } from 'react';
import { languageTag } from '../../languages/catalogue.ts';
import { languageAttributes, LISTEN_SCRIPT } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';

/**
 * The Listen control above an article (speech/speech.ts says how a page is read aloud): its
 * markup, its rules and the addresses of the server's sounds.
 */

/** What the page needs to offer Listen (visit-page.ts fills it; none: no control). */
export interface ListenOptions {
  /** The article's public name and the page's language. */
  name: string;
  lang: string;
  /** The museum's preferred voice for the language. */
  voice: 'browser' | 'server';
  /** A speech engine is configured: the server's voice may read. */
  server: boolean;
  /** The content indexes of the blocks with words. */
  blocks: number[];
  /** A staff preview: nothing counted. */
  ignoreStats: boolean;
  /** The language of the visitor's words. */
  uiLang: string;
  /** Our words' colour on the article's background (document.ts inkOn). */
  ink?: string | undefined;
}

/** A block's sound's address. */
export function speechHref(
  options: Pick<ListenOptions, 'name' | 'lang' | 'ignoreStats'>,
  block?: number,
): string {
  const search = new URLSearchParams({ name: options.name, lang: options.lang });
  if (options.ignoreStats) search.set('ignoreStats', 'true');
  return `/speech?${search.toString()}&block=${block ?? ''}`;
}

/** The Listen block's own rules (DocumentOptions.css). */
export const LISTEN_CSS =
  '.reader-listen{width:100%;max-width:48rem;margin:0 auto;padding:0 12px}' +
  '.reader .reader-listen button{min-height:44px;margin:16px 0 0;padding:8px 18px;' +
  'border:2px solid currentColor;border-radius:999px;background:transparent;color:inherit;' +
  'font:inherit;font-weight:600;cursor:pointer}' +
  '.reader-listen p{margin:8px 0 0}.reader-listen p:empty{display:none}' +
  '.reader-listen ol{margin:16px 0 0;padding:0 0 0 1.5em}' +
  '.reader-listen li+li{margin-top:8px}.reader-listen audio{display:block;width:100%}';

const h = createElement;

/**
 * The Listen control: a button, hidden until reader.js finds a voice (the browser's for the
 * language, or the server's when there is one), its words and the addresses in data attributes
 * (listen.js carries none); a status line for 'not available right now'; and, without
 * JavaScript, the server's sounds as plain players.
 */
export function listenBlock(options: ListenOptions): ReactElement | null {
  if (options.blocks.length === 0) return null;
  const ui = uiLanguage(options.uiLang);
  const words = uiStrings(ui);
  const lang = languageTag(options.lang);
  const wordsLang = languageAttributes(ui, lang);
  const counted = options.ignoreStats
    ? undefined
    : `/listened?${new URLSearchParams({ name: options.name, lang }).toString()}`;
  return h(
    'section',
    {
      className: 'reader-listen',
      'data-listen': '',
      'data-lang': lang,
      'data-voice': options.voice,
      'data-server': options.server ? speechHref({ ...options, lang }) : undefined,
      'data-blocks': options.server ? options.blocks.join(',') : undefined,
      'data-listened': counted,
      'data-script': LISTEN_SCRIPT,
      'data-pause': words.pause,
      'data-unavailable': words.listenUnavailable,
      'data-busy': options.server ? words.listenBusy : undefined,
      'data-paused': options.server ? words.listenPaused : undefined,
      style: options.ink ? { color: options.ink } : undefined,
      ...wordsLang,
    },
    h('button', { type: 'button', hidden: true, 'aria-pressed': false }, words.listen),
    h('p', { role: 'status', 'aria-live': 'polite' }),
    options.server
      ? h(
          'noscript',
          null,
          h(
            'ol',
            { 'aria-label': words.listen },
            ...options.blocks.map((block) =>
              h(
                'li',
                { key: block },
                h('audio', {
                  controls: true,
                  preload: 'none',
                  src: speechHref({ ...options, lang }, block),
                }),
              ),
            ),
          ),
        )
      : null,
  );
}
