import { createHash } from 'node:crypto';
import { createElement, type ReactElement } from 'react';
import type { ArticleContent } from '../../articles/content.ts';
import { italicSegments } from '../../articles/italics.ts';
import { languageTag } from '../../languages/index.ts';
import { languageAttributes, LISTEN_SCRIPT } from '../render/document.ts';
import { uiLanguage, uiStrings } from '../render/strings.ts';

/**
 * Read aloud (issue 20, part 2; ADR 0019). A 'Listen' button above the article reads it, in
 * order, in the page's language:
 * - with the browser's own voice (speechSynthesis) where the phone has one for the language:
 *   public/listen.js reads the blocks' texts from the page, nothing is sent anywhere;
 * - with the speech engine's (TTS_*), one sound per block and language, made on first request
 *   and kept in the blob store (speech-service.ts), served at /speech.
 * Which one is the museum's setting per language (SpeechSetting); by default the browser's,
 * the server's where the browser has none. reader.js reveals the button when a voice applies
 * and loads listen.js on the first press; without JavaScript the server's sounds, when there
 * are, are plain players (<noscript>).
 */

/** A block's words as read aloud: its content index (1…) and its text. */
export interface SpeechUnit {
  index: number;
  text: string;
}

const plain = (value: unknown): string =>
  typeof value === 'string'
    ? italicSegments(value)
        .map((part) => part.text)
        .join('')
        .trim()
    : '';

/** The texts of one block, in the order the page shows them (the audio's transcript is not read: the sound says it). */
function blockTexts(block: unknown): string[] {
  if (typeof block !== 'object' || block === null) return [];
  const el = block as { type?: unknown; content?: unknown; caption?: unknown };
  switch (el.type) {
    case 'text':
    case 'link':
    case 'legendItem':
      return [plain(el.content)];
    case 'audio':
      return [plain(el.caption)];
    case 'accordion': {
      const { header, details } = block as { header?: { content?: unknown }; details?: unknown };
      return [
        plain(header?.content),
        ...(Array.isArray(details) ? details.flatMap(blockTexts) : []),
      ];
    }
    default:
      return [];
  }
}

/** The article's blocks that have words, each as one text read aloud (lines joined). */
export function speechUnits(content: ArticleContent | readonly unknown[]): SpeechUnit[] {
  const units: SpeechUnit[] = [];
  for (let index = 1; index < content.length; index++) {
    const text = blockTexts(content[index])
      .filter((t) => t !== '')
      .join('\n');
    if (text !== '') units.push({ index, text });
  }
  return units;
}

/** The museum's choice (settings): a default voice, and the languages read the other way. */
export interface SpeechSetting {
  voice: 'browser' | 'server';
  otherLanguages: readonly string[];
}

export const DEFAULT_SPEECH: SpeechSetting = { voice: 'browser', otherLanguages: [] };

/** The voice the museum prefers for a language. */
export function preferredVoice(setting: SpeechSetting, lang: string): 'browser' | 'server' {
  const tag = languageTag(lang).toLowerCase();
  const other = setting.otherLanguages.some((l) => languageTag(l).toLowerCase() === tag);
  if (!other) return setting.voice;
  return setting.voice === 'browser' ? 'server' : 'browser';
}

/** The blob key of a block's sound: a new text, voice, model, generation or language, a new sound. */
export function speechKey(request: {
  articleId: number;
  generation: number;
  lang: string;
  text: string;
  model: string;
  voice: string;
}): string {
  const hash = createHash('sha256')
    .update(`${request.model}\n${request.voice}\n${request.text}`)
    .digest('base64url')
    .slice(0, 32);
  // Under the article's translations: Reset translations removes them with the rest.
  return `translations/${request.articleId}/speech/${request.generation}-${languageTag(request.lang)}-${hash}`;
}

/** What the page needs to offer Listen (render.ts fills it; none: no control). */
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
