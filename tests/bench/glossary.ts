import type { ArticleContent } from '../../src/features/articles/content.ts';
import { createMemoryBlobStore } from '../../src/server/blobs/store.ts';
import { estimateTokens } from '../../src/features/translation/batches.ts';
import { createEngine } from '../../src/features/translation/engine.ts';
import { longArticle } from '../../src/features/translation/fixtures.ts';
import type { GlossaryTerm } from '../../src/features/translation/glossary-match.ts';
import { translationMemory } from '../../src/features/translation/memory.ts';
import { createTranslator } from '../../src/features/translation/translator.ts';
import { startFakeOpenAI, type RecordedCall } from '../helpers/fake-openai.ts';

/** The glossary's target (ADR 0015): prompt tokens with a 200-term glossary within 1.3× of those without. */
export const GLOSSARY_TOKENS_TARGET = 1.3;

/** The names in the glossary: 200 of them, as a museum of ships and people would keep. */
const name = (i: number) => `Kerguelen${String.fromCharCode(65 + (i % 26))}${i}`;

/**
 * A 200-entry glossary: 'do not translate' names with a note, and terms with a preferred
 * Spanish translation (the fake engine keeps names as written, so every entry is followed).
 */
export function museumGlossary(size = 200): GlossaryTerm[] {
  return Array.from({ length: size }, (_, i) =>
    i % 4 === 3
      ? {
          term: `Terme${i} du port`,
          note: 'Un mot du métier des marins',
          doNotTranslate: false,
          translation: `término ${i}`,
        }
      : {
          term: name(i),
          note: `Un navire de la compagnie, lancé en ${1750 + i}`,
          doNotTranslate: true,
        },
  );
}

/**
 * The bench's 3,000-word article with a name of the glossary in one text of four: a museum text
 * names a ship or a person here and there, and a 200-term glossary is mostly about other texts.
 */
export function articleWithNames(): ArticleContent {
  const content = structuredClone(longArticle(3_000));
  let n = 0;
  for (const block of content) {
    if (block.type !== 'text') continue;
    if (n % 4 === 0) block.content = `${block.content} Le ${name(n % 200)} entre au port.`;
    n += 1;
  }
  return content;
}

/** The prompt tokens of these calls, as the translator estimates them (batches.ts). */
const promptTokens = (calls: readonly RecordedCall[]) =>
  calls.reduce((sum, c) => sum + c.messages.reduce((n, m) => n + estimateTokens(m.content), 0), 0);

export interface GlossaryTokens {
  /** Prompt tokens of the first translation into Spanish without, then with, the glossary. */
  without: number;
  with: number;
  ratio: number;
  /** Engine calls each way (a retry would add some). */
  calls: { without: number; with: number };
  /** Entries sent with the texts, over all texts. */
  entriesSent: number;
  terms: number;
}

/**
 * The same article translated into Spanish twice, from empty memories, against the fake engine:
 * without a glossary, then with the 200-term one. Deterministic: counts, not times.
 */
export async function glossaryTokens(): Promise<GlossaryTokens> {
  const fake = await startFakeOpenAI();
  try {
    const engine = createEngine({
      baseUrl: fake.url,
      apiKey: 'bench',
      timeoutMs: 60_000,
      maxRetries: 0,
    });
    const content = articleWithNames();
    const glossary = museumGlossary();
    const run = async (withGlossary: boolean) => {
      const translator = createTranslator({
        engine,
        memory: translationMemory(createMemoryBlobStore()),
      });
      const from = fake.calls.length;
      const result = await translator.translateArticle({
        articleId: 1,
        generation: 0,
        content,
        instructions: 'Vocabulaire maritime.',
        sourceLang: 'fr',
        targetLang: 'es',
        ...(withGlossary && { glossary }),
      });
      if (!result.complete) throw new Error('The translation did not complete.');
      return fake.calls.slice(from);
    };
    const without = await run(false);
    const withCalls = await run(true);
    const entriesSent = withCalls.reduce((sum, call) => {
      const user = call.messages.find((m) => m.role === 'user')?.content ?? '{}';
      const { segments } = JSON.parse(user) as { segments: { glossary?: unknown[] }[] };
      return sum + segments.reduce((n, s) => n + (s.glossary?.length ?? 0), 0);
    }, 0);
    const tokens = { without: promptTokens(without), with: promptTokens(withCalls) };
    return {
      ...tokens,
      ratio: tokens.with / tokens.without,
      calls: { without: without.length, with: withCalls.length },
      entriesSent,
      terms: glossary.length,
    };
  } finally {
    await fake.close();
  }
}
