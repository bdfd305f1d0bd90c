import { afterAll, beforeEach } from 'vitest';
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../../../tests/helpers/fake-openai.ts';
import { createEngine } from './engine.ts';
import type { EngineOptions } from './engine-types.ts';

/** The fake engine server for the translation tests (not shipped code: only *.test.ts files import this). */

/**
 * The fake, started for one test file and closed after it; each test starts with its calls
 * forgotten and answers that succeed.
 */
export async function fakeForFile(options?: FakeOpenAIOptions): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(options);
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.setBehaviour({ type: 'ok' });
  });
  return fake;
}

/** An engine on the fake: 5 s per attempt and no retries unless `options` says otherwise. */
export const fakeEngine = (fake: FakeOpenAI, options: Partial<EngineOptions> = {}) =>
  createEngine({
    baseUrl: fake.url,
    apiKey: 'test-key',
    model: 'test-model',
    timeoutMs: 5_000,
    maxRetries: 0,
    ...options,
  });
