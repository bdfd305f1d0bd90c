import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBlobStore } from '../../server/blobs/store.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import type { FakeReviewError, FakeReviewSegment } from '../../../tests/helpers/fake-openai.ts';
import { fakeEngine, fakeForFile } from './fake-engine.ts';
import { article } from './fixtures.ts';
import { SAMPLES } from './language-samples.ts';
import { translationMemory } from './memory.ts';
import { createTranslator } from './translator.ts';

/**
 * The translation quality checks (ADR 0016) through the translator, with the fake engine: the language of each
 * translation (language-check.ts) and the second opinion (TRANSLATION_REVIEW=on).
 */

const [lanternEn = '', giftEn = ''] = SAMPLES.en ?? [];
const [lanternEs = '', giftEs = ''] = SAMPLES.es ?? [];
const [lanternFr = ''] = SAMPLES.fr ?? [];

/** The fake's answers: Spanish for the two English texts, unless a test says otherwise. */
let translateAs: (text: string) => string;
let reviewAs: (segment: FakeReviewSegment) => FakeReviewError[];
const fake = await fakeForFile({
  translate: (text) => translateAs(text),
  review: (segment) => reviewAs(segment),
});
beforeEach(() => {
  translateAs = (text) => (text === lanternEn ? lanternEs : text === giftEn ? giftEs : text);
  reviewAs = () => [];
});

function setup(options: { review?: boolean } = {}) {
  const memory = translationMemory(createMemoryBlobStore());
  const engine = fakeEngine(fake, { languageCheck: true, review: options.review ?? false });
  const { log, lines } = recordingLogger();
  const translator = createTranslator({ engine, memory, log });
  return { translator, lines };
}

const content = article([
  { type: 'text', content: lanternEn },
  { type: 'text', content: giftEn },
]);
const request = {
  articleId: 1,
  generation: 0,
  content,
  instructions: '',
  sourceLang: 'en',
  targetLang: 'es',
};

const texts = (result: { content: unknown }) =>
  (result.content as { type: string; content?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.content);

describe('a translation in another language', () => {
  it('is refused, asked once more alone, then shown in the source and flagged', async () => {
    translateAs = (text) => (text === lanternEn ? lanternFr : giftEs);
    const { translator, lines } = setup();
    const result = await translator.translateArticle(request);
    expect(texts(result)).toEqual([lanternEn, giftEs]);
    expect(result).toMatchObject({ complete: false, refused: 1, engineCalls: 2 });
    // The batch, then the refused text alone.
    expect(fake.calls.map((c) => c.segments.map((s) => s.text))).toEqual([
      [lanternEn, giftEn],
      [lanternEn],
    ]);
    expect(lines.join('\n')).toContain('in another language (fr, not es)');

    const run = await translator.open(request);
    expect(run.texts().map((t) => [t.machine, t.flags])).toEqual([
      [undefined, [{ kind: 'language', detail: 'in another language (fr, not es)' }]],
      [giftEs, []],
    ]);
    // Not stored: the next visitor's request asks the engine again.
    expect(run.missing).toBe(1);
  });

  it('is stored when the second answer is in the right language', async () => {
    let asked = 0;
    translateAs = (text) =>
      text === lanternEn && asked++ === 0 ? lanternFr : text === lanternEn ? lanternEs : giftEs;
    const { translator } = setup();
    const result = await translator.translateArticle(request);
    expect(texts(result)).toEqual([lanternEs, giftEs]);
    expect(result).toMatchObject({ complete: true, refused: 0, engineCalls: 2 });
    const run = await translator.open(request);
    expect(run.texts().every((t) => t.flags.length === 0)).toBe(true);
  });
});

describe('the second opinion (TRANSLATION_REVIEW=on)', () => {
  it('flags a translation with a major error, keeps it, and counts the call', async () => {
    reviewAs = (segment) =>
      segment.source === giftEn
        ? [
            { severity: 'major', category: 'accuracy/mistranslation', words: 'donado' },
            { severity: 'minor', category: 'fluency/punctuation', words: ',' },
          ]
        : [{ severity: 'minor', category: 'style', words: 'farol' }];
    const { translator } = setup({ review: true });
    const result = await translator.translateArticle(request);
    expect(texts(result)).toEqual([lanternEs, giftEs]);
    expect(result).toMatchObject({ complete: true, refused: 0, engineCalls: 2, segmentsSent: 4 });
    const review = fake.calls.find((c) => c.kind === 'review');
    expect(review?.reviewed).toEqual([
      { id: '1', source: lanternEn, translation: lanternEs },
      { id: '2', source: giftEn, translation: giftEs },
    ]);
    expect(review?.responseFormat).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'review', strict: true },
    });

    const run = await translator.open(request);
    expect(run.texts().map((t) => [t.machine, t.flags])).toEqual([
      [lanternEs, []],
      [giftEs, [{ kind: 'check', detail: 'accuracy/mistranslation: donado' }]],
    ]);
  });

  it('is not asked when off', async () => {
    reviewAs = () => [{ severity: 'major', category: 'accuracy', words: 'x' }];
    const { translator } = setup();
    const result = await translator.translateArticle(request);
    expect(result).toMatchObject({ complete: true, engineCalls: 1 });
    expect(fake.calls.map((c) => c.kind)).toEqual(['translate']);
  });

  it.each([
    ['fails', { type: 'status', status: 400 } as const],
    ['answers nonsense', { type: 'content', content: '{"reviews": "fine"}' } as const],
  ])('when it %s, the translations are stored unflagged', async (_, failure) => {
    fake.setBehaviour((call) => (call.kind === 'review' ? failure : { type: 'ok' }));
    const { translator, lines } = setup({ review: true });
    const result = await translator.translateArticle(request);
    expect(texts(result)).toEqual([lanternEs, giftEs]);
    expect(result).toMatchObject({ complete: true, engineCalls: 2 });
    expect(lines.join('\n')).toContain('second opinion failed');
    const run = await translator.open(request);
    expect(run.missing).toBe(0);
    expect(run.texts().map((t) => t.flags)).toEqual([[], []]);
  });
});
