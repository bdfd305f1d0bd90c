import OpenAI from 'openai';
import { cappedFetch } from './engine-fetch.ts';

/**
 * The speech engine (issue 20, ADR 0019): any OpenAI-compatible `/v1/audio/speech` (OpenAI,
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

export type SpeechType = 'audio/mpeg' | 'audio/wav' | 'audio/ogg' | 'audio/mp4' | 'audio/flac';

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

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type of a sound by its first bytes, or undefined when it is none we serve. */
export function speechType(bytes: Uint8Array): SpeechType | undefined {
  if (bytes.length < 12) return undefined;
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame's sync word: 11 bits set.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 4, 8) === 'ftyp') return 'audio/mp4';
  return undefined;
}

/** The speech engine of the settings, or undefined when none is configured. */
export function createSpeechEngine(
  options: SpeechEngineOptions | undefined,
): SpeechEngine | undefined {
  if (!options) return undefined;
  const { model, voice, timeoutMs } = options;
  const client = new OpenAI({
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
        const response = await client.audio.speech.create(
          { model, voice, input: text.slice(0, SPEECH_MAX_CHARS), response_format: 'mp3' },
          { signal, timeout: timeoutMs },
        );
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new SpeechUnavailableError(`speech engine: ${String(error)}`, { cause: error });
      }
      const type = speechType(bytes);
      if (!type) throw new SpeechUnavailableError('the engine answered something not a sound');
      return { bytes, type };
    },
  };
}
