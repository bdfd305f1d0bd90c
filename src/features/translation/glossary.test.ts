import { describe, expect, it } from 'vitest';
import { createMemoryBlobStore } from '../../server/blobs/store.ts';
import { GLOSSARY_TOKENS_TARGET, glossaryTokens } from '../../../tests/bench/glossary.ts';
import type { ArticleContent } from '../articles/content.ts';
import { fakeEngine, fakeForFile } from './fake-engine.ts';
import { article } from './fixtures.ts';
import {
  followed,
  glossaryMatcher,
  unfollowed,
  type GlossaryHint,
  type GlossaryTerm,
} from './glossary-match.ts';
import { segmentKey } from './keys.ts';
import { translationMemory } from './memory.ts';
import { systemPrompt, userMessage } from './prompt.ts';
import { createTranslator } from './translator.ts';

/**
 * The museum's glossary (ADR 0015): which glossary entries a text holds, what goes to the engine
 * with it, what is in its memory key, and the check after translating (retry, then flag).
 */

const HERMIONE: GlossaryTerm = { term: 'Hermione', note: 'Une frégate', doNotTranslate: true };
const JOCONDE: GlossaryTerm = {
  term: 'la Joconde',
  note: '',
  doNotTranslate: false,
  translation: 'la Gioconda',
};

describe('glossaryMatcher', () => {
  const terms = (glossary: GlossaryTerm[], text: string) =>
    glossaryMatcher(glossary)
      .match(text)
      .map((h) => h.term);

  it('matches whole words and phrases, in any case, through italics markers', () => {
    const glossary = [HERMIONE, JOCONDE];
    expect(terms(glossary, 'La frégate [!Hermione!] et LA  JOCONDE.')).toEqual([
      'Hermione',
      'la Joconde',
    ]);
    expect(terms(glossary, 'l’hermione, enfin')).toEqual(['Hermione']);
    // Not inside another word, nor a plural.
    expect(terms(glossary, 'Les Hermiones et la Jocondes')).toEqual([]);
    expect(terms(glossary, 'SuperHermione')).toEqual([]);
    expect(terms(glossary, 'Hermione2')).toEqual([]);
  });

  it('matches letters of any script, and inside text written without spaces', () => {
    const glossary: GlossaryTerm[] = [
      { term: 'Ἀθηνᾶ', note: '', doNotTranslate: true },
      { term: 'Эрмитаж', note: 'музей', doNotTranslate: true },
      { term: '蒙娜丽莎', note: '', doNotTranslate: true },
      { term: 'モナ・リザ', note: '', doNotTranslate: true },
      { term: 'Louvre', note: '', doNotTranslate: true },
    ];
    expect(terms(glossary, 'Η Ἀθηνᾶ του Φειδία')).toEqual(['Ἀθηνᾶ']);
    expect(terms(glossary, 'Государственный эрмитаж')).toEqual(['Эрмитаж']);
    expect(terms(glossary, 'Эрмитажа')).toEqual([]);
    expect(terms(glossary, '我们看到了蒙娜丽莎的微笑')).toEqual(['蒙娜丽莎']);
    expect(terms(glossary, 'これはモナ・リザです')).toEqual(['モナ・リザ']);
    expect(terms(glossary, 'ルーヴルLouvre美術館')).toEqual(['Louvre']);
  });

  it('sends only what says something, sorted by term', () => {
    const glossary: GlossaryTerm[] = [
      JOCONDE,
      HERMIONE,
      // Nothing to tell the engine in Spanish: not sent.
      { term: 'port', note: '', doNotTranslate: false },
      // A name kept as written has no translation to prefer.
      { term: 'Belem', note: '', doNotTranslate: true, translation: 'Belén' },
    ];
    expect(glossaryMatcher(glossary).match('Hermione, Belem, la Joconde, le port')).toEqual([
      { term: 'Belem', doNotTranslate: true },
      { term: 'Hermione', note: 'Une frégate', doNotTranslate: true },
      { term: 'la Joconde', translation: 'la Gioconda' },
    ]);
    expect(glossaryMatcher(undefined).match('Hermione')).toEqual([]);
  });
});

describe('followed', () => {
  const keep: GlossaryHint = { term: 'Hermione', doNotTranslate: true };
  const prefer: GlossaryHint = { term: 'la Joconde', translation: 'la Gioconda' };

  it('wants a name kept exactly as the source writes it', () => {
    expect(followed(keep, 'La [!Hermione!] part.', 'The [!Hermione!] leaves.')).toBe(true);
    expect(followed(keep, 'La Hermione part.', 'The hermione leaves.')).toBe(false);
    expect(followed(keep, 'La Hermione part.', 'La Hermíone parte.')).toBe(false);
    expect(followed(keep, 'La Hermione part.', 'Las Hermiones parten.')).toBe(false);
    // The source's own spelling is the one to keep.
    expect(followed(keep, 'La HERMIONE part.', 'The HERMIONE leaves.')).toBe(true);
  });

  it('wants the preferred translation, in any case', () => {
    expect(followed(prefer, 'la Joconde', 'La Gioconda sonríe')).toBe(true);
    expect(followed(prefer, 'la Joconde', 'La Mona Lisa sonríe')).toBe(false);
    expect(unfollowed([keep, prefer], 'Hermione, la Joconde', 'Hermione, la Mona Lisa')).toEqual([
      prefer,
    ]);
  });
});

describe('segmentKey with glossary entries', () => {
  const base = { source: 'La Hermione', target: 'es', instructions: '', model: 'm' };
  const hint: GlossaryHint = { term: 'Hermione', note: 'Une frégate', doNotTranslate: true };

  it('is the key of before for a text holding no entry', () => {
    expect(segmentKey({ ...base, glossary: [] })).toBe(segmentKey(base));
    expect(segmentKey({ ...base, glossary: undefined })).toBe(segmentKey(base));
  });

  it('changes with each decisive part of an entry, not with a retry mark', () => {
    const key = segmentKey({ ...base, glossary: [hint] });
    expect(key).not.toBe(segmentKey(base));
    for (const change of [
      { note: 'Un navire' },
      { note: undefined },
      { doNotTranslate: undefined, translation: 'Hermíone' },
      { term: 'hermione' },
    ]) {
      expect(segmentKey({ ...base, glossary: [{ ...hint, ...change }] })).not.toBe(key);
    }
    expect(segmentKey({ ...base, glossary: [{ ...hint, missed: true }] })).toBe(key);
  });
});

describe('the prompt', () => {
  const input = {
    sourceLang: 'fr',
    targetLang: 'es',
    instructions: 'Un musée maritime.',
  };

  it('is unchanged for texts without entries; says what entries are when one has some', () => {
    const plain = [{ id: '1', text: 'Le port' }];
    const before = systemPrompt({ ...input, segments: plain });
    expect(systemPrompt({ ...input, segments: [{ ...plain[0]!, glossary: [] }] })).toBe(before);
    expect(userMessage({ ...input, segments: [{ ...plain[0]!, glossary: [] }] })).toBe(
      '{"segments":[{"id":"1","text":"Le port"}]}',
    );
    const withEntries = [
      { id: '1', text: 'La Hermione', glossary: [{ term: 'Hermione', doNotTranslate: true }] },
    ] as const;
    const system = systemPrompt({ ...input, segments: withEntries });
    expect(system).toContain('"glossary"');
    expect(system).not.toContain('earlier answer');
    expect(userMessage({ ...input, segments: withEntries })).toBe(
      '{"segments":[{"id":"1","text":"La Hermione","glossary":[{"term":"Hermione","doNotTranslate":true}]}]}',
    );
  });
});

const fake = await fakeForFile();

function setup() {
  const memory = translationMemory(createMemoryBlobStore());
  return createTranslator({ engine: fakeEngine(fake), memory });
}

const content = article([
  { type: 'text', content: 'La frégate [!Hermione!] quitte Rochefort.' },
  { type: 'text', content: 'Une copie de la Joconde.' },
  { type: 'image', src: '/media/1/a.png', alt: 'Le port en 1780' },
]);

const request = (glossary?: GlossaryTerm[], body: ArticleContent = content) => ({
  articleId: 1,
  generation: 0,
  content: body,
  instructions: '',
  sourceLang: 'fr',
  targetLang: 'es',
  ...(glossary && { glossary }),
});

/** The engine's answers: '[es] ' + text with these replacements. */
const answering = (replace: [string, string][]) => ({
  type: 'answer' as const,
  translations: (segments: { id: string; text: string }[]) =>
    segments.map((s) => ({
      id: s.id,
      text: replace.reduce((text, [from, to]) => text.replaceAll(from, to), `[es] ${s.text}`),
    })),
});

const sentSegments = () =>
  fake.calls.flatMap(
    (c) =>
      (JSON.parse(c.messages[1]!.content) as { segments: { text: string; glossary?: unknown }[] })
        .segments,
  );

describe('translating with the glossary', () => {
  it('sends each text with the entries it holds only, and keeps the other texts’ keys', async () => {
    const translator = setup();
    await translator.translateArticle(request());
    expect(fake.calls).toHaveLength(1);
    fake.reset();

    const glossary = [HERMIONE, JOCONDE, { term: 'Belem', note: 'x', doNotTranslate: true }];
    fake.setBehaviour(answering([['la Joconde', 'la Gioconda']]));
    const result = await translator.translateArticle(request(glossary));
    expect(result.complete).toBe(true);
    // The image's text holds no term: its translation stored without the glossary is kept.
    expect(sentSegments()).toEqual([
      {
        id: '1',
        text: 'La frégate [!Hermione!] quitte Rochefort.',
        glossary: [{ term: 'Hermione', note: 'Une frégate', doNotTranslate: true }],
      },
      {
        id: '2',
        text: 'Une copie de la Joconde.',
        glossary: [{ term: 'la Joconde', translation: 'la Gioconda' }],
      },
    ]);
    expect(fake.calls).toHaveLength(1);
    const run = await translator.open(request(glossary));
    expect(run.missing).toBe(0);
    expect(run.texts().every((t) => t.flags.length === 0)).toBe(true);

    // A changed entry: only the text holding it goes to the engine again.
    fake.reset();
    const changed = [{ ...HERMIONE, note: 'La frégate de La Fayette' }, JOCONDE];
    await translator.translateArticle(request(changed));
    expect(sentSegments().map((s) => s.text)).toEqual([
      'La frégate [!Hermione!] quitte Rochefort.',
    ]);
  });

  it('retries a text whose entry was not followed, alone, naming it; keeps a followed retry', async () => {
    const translator = setup();
    fake.queue(answering([['Hermione', 'Hermíone']]));
    const result = await translator.translateArticle(request([HERMIONE]));
    expect(fake.calls).toHaveLength(2);
    expect(result.engineCalls).toBe(2);
    const retry = fake.calls[1]!;
    expect(retry.segments.map((s) => s.text)).toEqual([
      'La frégate [!Hermione!] quitte Rochefort.',
    ]);
    expect(retry.messages[0]!.content).toContain(
      'An earlier answer did not follow the glossary: "Hermione" stays exactly as the text writes it. Follow it this time.',
    );
    const run = await translator.open(request([HERMIONE]));
    const ship = run.texts()[0]!;
    expect(ship.machine).toBe('[es] La frégate [!Hermione!] quitte Rochefort.');
    expect(ship.flags).toEqual([]);
  });

  it('stores a translation still not following the glossary, flagged with the terms', async () => {
    const translator = setup();
    fake.setBehaviour(answering([['la Joconde', 'la Mona Lisa']]));
    const result = await translator.translateArticle(request([HERMIONE, JOCONDE]));
    expect(result.complete).toBe(true);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]!.messages[0]!.content).toContain(
      '"la Joconde" is translated "la Gioconda"',
    );
    const run = await translator.open(request([HERMIONE, JOCONDE]));
    const [ship, painting, image] = run.texts();
    expect(painting!.machine).toBe('[es] Une copie de la Mona Lisa.');
    expect(painting!.flags).toEqual([{ kind: 'glossary', detail: 'la Joconde' }]);
    expect(ship!.flags).toEqual([]);
    expect(image!.flags).toEqual([]);
    // Stored: visitors read it, and nothing is sent again.
    expect(run.missing).toBe(0);
  });

  it('keeps the first translation, flagged, when the retry cannot be had', async () => {
    const translator = setup();
    fake.queue(answering([['Hermione', 'Hermíone']]), { type: 'status', status: 500 });
    await translator.translateArticle(request([HERMIONE]));
    const run = await translator.open(request([HERMIONE]));
    expect(run.texts()[0]!.machine).toBe('[es] La frégate [!Hermíone!] quitte Rochefort.');
    expect(run.texts()[0]!.flags).toEqual([{ kind: 'glossary', detail: 'Hermione' }]);
  });
});

describe('prompt tokens with a 200-term glossary', () => {
  it(`stay within ${GLOSSARY_TOKENS_TARGET}× of those without (only matched terms are sent)`, async () => {
    const tokens = await glossaryTokens();
    expect(tokens.terms).toBe(200);
    expect(tokens.entriesSent).toBeGreaterThan(0);
    // Every entry was followed: no retry.
    expect(tokens.calls.with).toBe(tokens.calls.without);
    expect(tokens.ratio).toBeGreaterThan(1);
    expect(tokens.ratio).toBeLessThanOrEqual(GLOSSARY_TOKENS_TARGET);
  });
});
