import { describe, expect, it } from 'vitest';
import {
  createSpeechEngine,
  SPEECH_MAX_BYTES,
  SpeechUnavailableError,
  speechType,
  type SpeechEngineOptions,
} from './speech-engine.ts';
import * as media from '../../../tests/helpers/media.ts';

/**
 * The speech engine's client on its own: what it keeps of an answer. The engine's
 * calls, failures and timeouts through the whole app are in reader/speech.test.ts.
 */
const MP3_START = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb]);

/** Bytes the last answer's body handed out. */
let pulled = 0;

/**
 * An answer of `size` bytes (Infinity: an endless one) starting like an MP3, in 1 MB chunks,
 * its length declared or not.
 */
function answer(size: number, declared: boolean): Response {
  let sent = 0;
  pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(1024 * 1024, size - sent));
      if (sent === 0) chunk.set(MP3_START.subarray(0, Math.min(chunk.length, MP3_START.length)));
      sent += chunk.length;
      pulled = sent;
      controller.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = { 'content-type': 'audio/mpeg' };
  if (declared && Number.isFinite(size)) headers['content-length'] = String(size);
  return new Response(body, { status: 200, headers });
}

const engine = (respond: () => Response) => {
  const options: SpeechEngineOptions = {
    baseUrl: 'http://speech.test/v1',
    apiKey: 'test',
    model: 'tts-test',
    voice: 'nova',
    timeoutMs: 5_000,
    fetch: () => Promise.resolve(respond()),
  };
  return createSpeechEngine(options)!;
};

describe('the speech engine', () => {
  it('keeps a sound up to the largest size, typed by its bytes', async () => {
    const speech = await engine(() => answer(64 * 1024, false)).speak('Bonjour.');
    expect(speech.type).toBe('audio/mpeg');
    expect(speech.bytes.length).toBe(64 * 1024);
  });

  it('refuses a sound past the largest size, declared or not, without reading it whole', async () => {
    await expect(
      engine(() => answer(SPEECH_MAX_BYTES + 1, true)).speak('Bonjour.'),
    ).rejects.toBeInstanceOf(SpeechUnavailableError);
    // An endless answer with no length: read to the limit, then dropped.
    await expect(engine(() => answer(Infinity, false)).speak('Bonjour.')).rejects.toBeInstanceOf(
      SpeechUnavailableError,
    );
    expect(pulled).toBeLessThanOrEqual(SPEECH_MAX_BYTES + 2 * 1024 * 1024);
  });

  it('refuses an answer that is not a sound', async () => {
    const text = () =>
      new Response('<html>busy</html>', { headers: { 'content-type': 'audio/mpeg' } });
    await expect(engine(text).speak('Bonjour.')).rejects.toBeInstanceOf(SpeechUnavailableError);
  });
});

describe('speechType', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('names the sounds an engine makes by their bytes', async () => {
    const flac = Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 0x22])]);
    const cases: [Uint8Array, string][] = [
      [media.mp3(), 'audio/mpeg'],
      [media.mp3(4096, true), 'audio/mpeg'],
      // A tag whose length runs past the bytes at hand: the start of a longer MP3.
      [
        Buffer.concat([
          Buffer.from('ID3'),
          Buffer.from([4, 0, 0, 0, 0x7f, 0x7f, 0x7f]),
          media.mp3(),
        ]),
        'audio/mpeg',
      ],
      [media.wav(0.01), 'audio/wav'],
      [media.opus(), 'audio/ogg'],
      [media.oggVorbis(), 'audio/ogg'],
      [media.oggSpeex(), 'audio/ogg'],
      [media.m4a(), 'audio/mp4'],
      [media.mp4(), 'audio/mp4'],
      [Buffer.concat([flac, Buffer.alloc(64)]), 'audio/flac'],
      // Bare AAC (ADTS), as engines answer for `aac`.
      [
        Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(64)]),
        'audio/aac',
      ],
    ];
    for (const [sound, type] of cases) expect(await speechType(sound), type).toBe(type);
  });

  it('refuses what is not a sound', async () => {
    for (const other of [
      bytes('<html>busy</html>'),
      bytes('{"error":{"message":"rate limited"}}'),
      bytes('ID3'),
      new Uint8Array(0),
      new Uint8Array(4096),
      // An ID3 tag with text after it instead of sound.
      Buffer.concat([
        Buffer.from('ID3'),
        Buffer.from([3, 0, 0, 0, 0, 0, 4]),
        bytes('....not a sound at all'),
      ]),
      media.PNG_1PX,
      media.webm(),
      media.MOV,
    ]) {
      expect(await speechType(other)).toBeUndefined();
    }
  });
});
