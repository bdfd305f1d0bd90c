import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';
import { startFakeSpeech, type FakeSpeech } from './fake-speech.ts';

/** The stand-in translation and speech engines a test file's app calls, and how to reach them. */
export interface FakeEngines {
  fake: FakeOpenAI;
  speech: FakeSpeech & { url: string; close(): Promise<void> };
  /** The settings that point the app at them: no retry, slow answers waited for, counts at once. */
  env(): Record<string, string>;
  /** Their calls forgotten and the translation engine answering again: before each test. */
  clear(): void;
}

/** Both stand-in engines, started once for the file and closed after it. */
export function useFakeEngines(): FakeEngines {
  let fake: FakeOpenAI | undefined;
  let speech: FakeEngines['speech'] | undefined;
  const started = <T>(engine: T | undefined): T => {
    if (!engine) throw new Error('the stand-in engines start before the file’s tests');
    return engine;
  };
  const engines: FakeEngines = {
    get fake() {
      return started(fake);
    },
    get speech() {
      return started(speech);
    },
    env: () => ({
      OPENAI_BASE_URL: engines.fake.url,
      OPENAI_API_KEY: 'test',
      // Never stuck here: a loaded machine must not turn a slow answer into a failure.
      OPENAI_TIMEOUT_MS: '10000',
      OPENAI_MAX_RETRIES: '0',
      COUNTS_FLUSH_MS: '0',
      TTS_BASE_URL: engines.speech.url,
      TTS_API_KEY: 'speech-key',
      TTS_TIMEOUT_MS: '10000',
    }),
    clear: () => {
      engines.fake.reset();
      engines.fake.setBehaviour({ type: 'ok' });
      engines.speech.reset();
    },
  };
  beforeAll(async () => {
    [fake, speech] = await Promise.all([startFakeOpenAI(), startFakeSpeech()]);
  });
  afterAll(async () => {
    await Promise.all([engines.fake.close(), engines.speech.close()]);
  });
  return engines;
}
