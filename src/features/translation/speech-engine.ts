import { lazyClient } from './openai-sdk.ts';
import { cappedFetch } from './engine-fetch.ts';

/**
 * The speech engine (ADR 0019): any OpenAI-compatible `/v1/audio/speech` (OpenAI,
 * Speaches, Kokoro-FastAPI, openedai-speech…), through the `openai` client's
 * `audio.speech.create`. One attempt, bounded by `timeoutMs`: a visitor waits for the sound
 * of one block, so an engine that fails or hangs is told at once and the page's button says
 * it is not available right now.
 */

export interface SpeechEngineOptions {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  voice: string;
  timeoutMs: number;
  /** The client's fetch (tests); the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
}

/** A sound made by the engine, with its type read from its bytes. */
export interface Speech {
  bytes: Uint8Array;
  type: SpeechType;
}

export type SpeechType =
  'audio/mpeg' | 'audio/aac' | 'audio/wav' | 'audio/ogg' | 'audio/mp4' | 'audio/flac';

export interface SpeechEngine {
  readonly model: string;
  readonly voice: string;
  /** The text spoken; throws SpeechUnavailableError when no usable sound came back. */
  speak(text: string, signal?: AbortSignal): Promise<Speech>;
}

/** The engine failed, hung, or answered something that is not a sound. */
export class SpeechUnavailableError extends Error {
  override readonly name = 'SpeechUnavailableError';
}

/** The engine takes 4,096 characters at most; a block longer than that is cut (rare on a panel). */
export const SPEECH_MAX_CHARS = 4096;
/** The largest sound kept: a block of 4,096 characters is a few minutes, a few megabytes. */
export const SPEECH_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What file-type names a sound we serve, by its MIME type. MP3's cousins MP1 and MP2 share
 * `audio/mpeg` and play as it; bare AAC (ADTS) is named for what it is. Every Ogg stream of sound
 * (Opus, Vorbis, FLAC or Speex inside) is served as `audio/ogg`, and an MP4 of any sound brand
 * as `audio/mp4`: the player reads the codec from the file itself. Ogg or MP4 video, images
 * (AVIF and HEIC are MP4 boxes too) and everything else are not sounds.
 */
const SPEECH_TYPES: Readonly<Record<string, SpeechType>> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/aac': 'audio/aac',
  'audio/wav': 'audio/wav',
  'audio/ogg': 'audio/ogg',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
  'audio/flac': 'audio/flac',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
};

/** The type of a sound by its bytes (as uploads are judged), or undefined for none we serve. */
export async function speechType(bytes: Uint8Array): Promise<SpeechType | undefined> {
  // Shorter than any real sound's header: nothing to judge.
  if (bytes.length < 12) return undefined;
  // Loaded at the first sound judged: a visitor's function starts without it (ADR 0032).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  return found && Object.hasOwn(SPEECH_TYPES, found.mime) ? SPEECH_TYPES[found.mime] : undefined;
}

/** The speech engine of the settings, or undefined when none is configured. */
export function createSpeechEngine(
  options: SpeechEngineOptions | undefined,
): SpeechEngine | undefined {
  if (!options) return undefined;
  const { model, voice, timeoutMs } = options;
  const client = lazyClient({
    // Given explicitly, so the SDK never falls back on its own reading of the environment.
    baseURL: options.baseUrl || 'https://api.openai.com/v1',
    apiKey: options.apiKey || 'none',
    timeout: timeoutMs,
    // A visitor is waiting: one attempt, the button says the rest.
    maxRetries: 0,
    // Read no further than the largest sound kept, whether the answer declares its length or
    // not (as the translation engine's answers, engine.ts).
    fetch: cappedFetch(SPEECH_MAX_BYTES, { tooLarge: false }, options.fetch),
  });

  return {
    model,
    voice,
    async speak(text, signal) {
      let bytes: Uint8Array;
      try {
        const api = await client();
        const response = await api.audio.speech.create(
          { model, voice, input: text.slice(0, SPEECH_MAX_CHARS), response_format: 'mp3' },
          { signal, timeout: timeoutMs },
        );
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new SpeechUnavailableError(`speech engine: ${String(error)}`, { cause: error });
      }
      const type = await speechType(bytes);
      if (!type) throw new SpeechUnavailableError('the engine answered something not a sound');
      return { bytes, type };
    },
  };
}
