import { createHash } from 'node:crypto';
import type { ArticleContent } from '../../articles/content.ts';
import { italicSegments } from '../../articles/italics.ts';
import { languageTag } from '../../languages/catalogue.ts';

/**
 * Read aloud (ADR 0019). A 'Listen' button above the article reads it, in
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

/** A block's words as read aloud: its content index (1…; 0 the public title) and its text. */
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

/**
 * What Listen reads, in order: the title the page shows above the blocks (the museum's public
 * title, index 0; without one the first block is the title, read once), then the blocks that
 * have words, each as one text (lines joined).
 */
export function speechUnits(content: ArticleContent | readonly unknown[]): SpeechUnit[] {
  // As the page's heading shows it (render/title.ts ownTitle): spaces made one.
  const title = plain((content[0] as { publicTitle?: unknown } | undefined)?.publicTitle);
  const units: SpeechUnit[] = title === '' ? [] : [{ index: 0, text: title.replace(/\s+/g, ' ') }];
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
