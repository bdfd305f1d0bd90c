import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import type { Logger } from '../../server/log.ts';
import { estimateTokens } from './batches.ts';
import type { Engine } from './engine-types.ts';
import type { EngineUsage } from './engine-usage.ts';
import { BadAnswerError } from './errors.ts';
import { createTranslator } from './translator.ts';
import { createMemoryBlobStore } from '../../server/blobs/store.ts';
import { translationMemory } from './memory.ts';
import { fakeEngine, fakeForFile } from './fake-engine.ts';

const fake = await fakeForFile();

const segments = [
  { id: '1', text: 'Le port de Saint-Malo en 1850' },
  { id: '2', text: 'Une vitrine avec deux lignes' },
];
const request = { segments, sourceLang: 'fr', targetLang: 'es', instructions: '' };

const engineOf = (options: { review?: boolean; log?: Logger } = {}) =>
  fakeEngine(fake, { timeoutMs: 1000, ...options })!;

/** The usages told to onUsage by one call. */
async function usagesOf(call: (onUsage: (u: EngineUsage) => void) => Promise<unknown>) {
  const told: EngineUsage[] = [];
  await call((u) => told.push(u)).catch(() => {});
  return told;
}

describe('engine usage', () => {
  it('tells the tokens of the answer’s usage, whole or streamed (asking for it)', async () => {
    fake.setUsage(() => ({ prompt: 1234, completion: 567 }));
    const engine = engineOf();
    const whole = await usagesOf((onUsage) => engine.translate({ ...request, onUsage }));
    expect(whole).toEqual([{ promptTokens: 1234, completionTokens: 567, counted: false }]);
    const streamed = await usagesOf((onUsage) =>
      engine.translate({ ...request, onUsage, onText: () => {} }),
    );
    expect(fake.calls[1]?.includeUsage).toBe(true);
    expect(streamed).toEqual([{ promptTokens: 1234, completionTokens: 567, counted: false }]);
  });

  it('counts the tokens when the engine gives no usage, whole or streamed', async () => {
    fake.setBehaviour({ type: 'noUsage' });
    const engine = engineOf();
    for (const onText of [undefined, () => {}]) {
      fake.reset();
      fake.setBehaviour({ type: 'noUsage' });
      const [told] = await usagesOf((onUsage) => engine.translate({ ...request, onUsage, onText }));
      const call = fake.calls[0]!;
      const prompt = call.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
      expect(told).toEqual({
        promptTokens: prompt,
        completionTokens: call.completionTokens,
        counted: true,
      });
      expect(prompt).toBeGreaterThan(50);
    }
  });

  it('tells what a refused answer cost too, and nothing when no answer came', async () => {
    fake.setUsage(() => ({ prompt: 100, completion: 20 }));
    const engine = engineOf();
    fake.setBehaviour({ type: 'malformed' });
    const told: EngineUsage[] = [];
    await expect(
      engine.translate({ ...request, onUsage: (u) => told.push(u) }),
    ).rejects.toBeInstanceOf(BadAnswerError);
    expect(told).toEqual([{ promptTokens: 100, completionTokens: 20, counted: false }]);
    fake.setBehaviour({ type: 'status', status: 500 });
    expect(await usagesOf((onUsage) => engine.translate({ ...request, onUsage }))).toEqual([]);
  });

  it('tells a second opinion’s usage', async () => {
    fake.setUsage(() => ({ prompt: 70, completion: 7 }));
    const engine = engineOf({ review: true });
    const told = await usagesOf((onUsage) =>
      engine.review!({
        segments: [{ id: '1', source: 'Le port', text: 'El puerto' }],
        sourceLang: 'fr',
        targetLang: 'es',
        onUsage,
      }),
    );
    expect(told).toEqual([{ promptTokens: 70, completionTokens: 7, counted: false }]);
  });

  it('stops asking stream_options of an engine that refuses it, and counts its answers', async () => {
    const log = recordingLogger();
    const engine = engineOf({ log: log.log });
    fake.setBehaviour({ type: 'refuseStreamOptions' });
    const texts: string[] = [];
    const first = await usagesOf((onUsage) =>
      engine.translate({ ...request, onUsage, onText: (_, text) => texts.push(text) }),
    );
    // Refused once, then streamed without the option: translated, its tokens counted.
    expect(fake.calls.map((c) => [c.streamed, c.includeUsage])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(texts).toHaveLength(2);
    expect(first).toHaveLength(1);
    expect(first[0]?.counted).toBe(true);
    await usagesOf((onUsage) => engine.translate({ ...request, onUsage, onText: () => {} }));
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls[2]?.includeUsage).toBe(false);
    expect(log.lines.filter((l) => l.includes('stream_options'))).toHaveLength(1);
  });
});

describe('a translation job’s usage', () => {
  it('is told for the request’s museum, every call of the job, retries and glossary included', async () => {
    fake.setUsage(() => ({ prompt: 10, completion: 3 }));
    const told: [number, EngineUsage][] = [];
    const translator = createTranslator({
      engine: engineOf() as Engine,
      memory: translationMemory(createMemoryBlobStore()),
      onUsage: (museumId, usage) => told.push([museumId, usage]),
    });
    // The first answer leaves one text out: that one is sent again (a second call).
    fake.queue({ type: 'missingId' });
    const result = await translator.translateArticle({
      museumId: 7,
      articleId: 1,
      generation: 0,
      content: [
        { type: 'metadatas' },
        { type: 'text', content: 'Bonjour' },
        { type: 'text', content: 'Le port' },
      ] as never,
      instructions: '',
      sourceLang: 'fr',
      targetLang: 'es',
      glossary: [{ term: 'port', note: '', doNotTranslate: false, translation: 'puerto' }],
    });
    expect(result.complete).toBe(true);
    expect(fake.calls.length).toBeGreaterThanOrEqual(2);
    expect(told).toHaveLength(fake.calls.length);
    expect(told.every(([museum]) => museum === 7)).toBe(true);
  });
});
