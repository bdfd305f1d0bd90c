import type { ArticleContent } from '../../src/features/articles/content.ts';
import { longArticle, words } from '../../src/features/translation/fixtures.ts';
import { createEngine } from '../../src/features/translation/engine.ts';
import { translationMemory } from '../../src/features/translation/memory.ts';
import { extractSegments } from '../../src/features/translation/segments.ts';
import { createTranslator } from '../../src/features/translation/translator.ts';
import { createMemoryBlobStore } from '../../src/server/blobs/store.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

/** A panel as museums write them: 25 blocks of text, a few accordions and legend items. */
export function panelArticle(url: string): unknown[] {
  const blocks: unknown[] = [];
  for (let i = 0; i < 25; i++) {
    if (i % 6 === 5) {
      blocks.push({
        type: 'accordion',
        header: { content: words(4, i + 100) },
        details: [{ type: 'text', content: words(50, i + 200) }],
      });
    } else if (i % 8 === 7) blocks.push({ type: 'legendItem', content: words(12, i + 300) });
    else blocks.push({ type: 'text', content: words(45, i) });
  }
  return [{ type: 'metadatas', url }, ...blocks];
}

/** Makes and saves an article through the API as a curator; answers its id. */
export async function publish(
  url: string,
  cookie: string,
  content: unknown[],
  title = 'Bench panel',
): Promise<number> {
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const added = await fetch(`${url}/api/manage/add_article`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ pathArray: [] }),
  });
  const { id } = (await added.json()) as { id: number };
  const saved = await fetch(`${url}/api/manage/update_article`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      articleId: id,
      newContent: content,
      unformatted_name: title,
      instructions: '',
    }),
  });
  if (!saved.ok) throw new Error(`Saving the bench article failed: ${saved.status}`);
  return id;
}

interface Work {
  label: string;
  calls: number;
  segments: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
}

function workSince(fake: FakeOpenAI, from: number, label: string, started: number): Work {
  const calls = fake.calls.slice(from);
  return {
    label,
    calls: calls.length,
    segments: calls.reduce((n, c) => n + c.segments.length, 0),
    promptTokens: calls.reduce((n, c) => n + c.promptTokens, 0),
    completionTokens: calls.reduce((n, c) => n + c.completionTokens, 0),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * A first translation of a 3,000-word article against a fake engine with
 * a fixed delay per output token, as a ratio to its largest batch; then the engine work of a
 * repeat, a one-paragraph edit and 50 concurrent first requests. In this process, through the
 * real openai client and translator.
 */
export async function translationBench(delayPerTokenMs = 2): Promise<{
  ratio: number;
  totalMs: number;
  largestBatchMs: number;
  batches: number;
  words: number;
  work: Work[];
}> {
  const fake = await startFakeOpenAI({ delayPerTokenMs });
  try {
    const engine = createEngine({
      baseUrl: fake.url,
      apiKey: 'bench',
      timeoutMs: 60_000,
      maxRetries: 0,
    });
    const translator = createTranslator({
      engine,
      memory: translationMemory(createMemoryBlobStore()),
    });
    const content = longArticle(3_000);
    const wordCount = extractSegments(content)
      .map((s) => s.text.split(/\s+/).length)
      .reduce((a, b) => a + b, 0);
    const request = (target: string, body: ArticleContent = content) => ({
      articleId: 1,
      generation: 0,
      content: body,
      instructions: 'Vocabulaire maritime.',
      sourceLang: 'fr',
      targetLang: target,
    });
    const work: Work[] = [];

    let started = performance.now();
    const first = await translator.translateArticle(request('es'));
    const totalMs = performance.now() - started;
    if (!first.complete) throw new Error('The first translation did not complete.');
    const largestBatchMs = Math.max(...fake.calls.map((c) => (c.endedAt ?? 0) - c.startedAt));
    const batches = fake.calls.length;
    work.push(workSince(fake, 0, 'first translation', started));

    let from = fake.calls.length;
    started = performance.now();
    await translator.translateArticle(request('es'));
    work.push(workSince(fake, from, 'same request again', started));

    const edited = structuredClone(content) as ArticleContent;
    const index = edited.findIndex((b) => b.type === 'text');
    const block = edited[index];
    if (block?.type === 'text') block.content = `${block.content} Une phrase ajoutée.`;
    from = fake.calls.length;
    started = performance.now();
    await translator.translateArticle(request('es', edited));
    work.push(workSince(fake, from, 'after a one-paragraph edit', started));

    from = fake.calls.length;
    started = performance.now();
    await Promise.all(Array.from({ length: 50 }, () => translator.translateArticle(request('de'))));
    work.push(workSince(fake, from, '50 concurrent first requests', started));

    return {
      ratio: totalMs / largestBatchMs,
      totalMs,
      largestBatchMs,
      batches,
      words: wordCount,
      work,
    };
  } finally {
    await fake.close();
  }
}
