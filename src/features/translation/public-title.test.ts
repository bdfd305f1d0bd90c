import { describe, expect, it } from 'vitest';
import { createMemoryBlobStore } from '../../server/blobs/store.ts';
import { contentSchema } from '../articles/content.ts';
import { fakeEngine, fakeForFile } from './fake-engine.ts';
import { longArticle } from './fixtures.ts';
import { translationMemory } from './memory.ts';
import { applyTranslations, extractSegments, TITLE_SEGMENT_ID } from './segments.ts';
import { createTranslator } from './translator.ts';

/** The public title is one more text of the article: sent in its first batch, read back. */

const fake = await fakeForFile();

const TITLE = 'Le port de [!Saint-Malo!]';

/** A long article (several batches) with a public title. */
function titled() {
  const [meta, ...blocks] = longArticle(2_000);
  return contentSchema.parse([{ ...meta, publicTitle: TITLE }, ...blocks]);
}

describe('the public title in translation', () => {
  it('is the first text, named apart from the blocks', () => {
    const [first, second] = extractSegments(titled());
    expect(first).toEqual({ id: TITLE_SEGMENT_ID, text: TITLE, ref: 'metadatas.publicTitle' });
    expect(second?.id).toBe('1.content');
    // None without one, or with one holding no letter.
    const [meta, ...blocks] = titled();
    for (const none of [undefined, '1789']) {
      const segments = extractSegments(
        contentSchema.parse([{ ...meta, publicTitle: none }, ...blocks]),
      );
      expect(segments[0]?.id).toBe('1.content');
    }
  });

  it('travels in the first batch, through the same engine call, and comes back in place', async () => {
    fake.setDelayPerToken(0);
    const translator = createTranslator({
      engine: fakeEngine(fake),
      memory: translationMemory(createMemoryBlobStore()),
      concurrency: 1,
      maxBatchTokens: 200,
    });
    const content = titled();
    const result = await translator.translateArticle({
      articleId: 1,
      generation: 0,
      content,
      instructions: '',
      sourceLang: 'fr',
      targetLang: 'es',
    });
    expect(result.complete).toBe(true);
    expect(fake.calls.length).toBeGreaterThan(1);
    const first = fake.calls[0]!;
    expect(first.segments[0]?.text).toBe(TITLE);
    // Once only, in no other batch.
    const sent = fake.calls.flatMap((call) => call.segments.map((s) => s.text));
    expect(sent.filter((text) => text === TITLE)).toHaveLength(1);
    expect(result.content[0].publicTitle).toBe(`[es] ${TITLE}`);
    // Everything else of the metadatas entry is the same.
    expect({ ...result.content[0], publicTitle: TITLE }).toEqual(content[0]);
  });

  it('holds back no block of a page being translated while it is still missing', async () => {
    const translator = createTranslator({
      engine: fakeEngine(fake),
      memory: translationMemory(createMemoryBlobStore()),
    });
    const request = {
      articleId: 2,
      generation: 0,
      content: titled(),
      instructions: '',
      sourceLang: 'fr',
      targetLang: 'de',
    };
    // Nothing translated yet: no block readable, and never fewer than none.
    expect((await translator.open(request)).landed().blocks).toBe(0);
  });

  it('is put back alone: a content without a translated title keeps its entry', () => {
    const content = titled();
    const translated = applyTranslations(content, new Map([['1.content', 'Uno']]));
    expect(translated[0]).toBe(content[0]);
    const retitled = applyTranslations(content, new Map([[TITLE_SEGMENT_ID, 'El puerto']]));
    expect(retitled[0]).toEqual({ ...content[0], publicTitle: 'El puerto' });
    expect(retitled[1]).toBe(content[1]);
  });
});
