import { Hono } from 'hono';
import type { AppEnv } from '../../src/server/context.ts';
import { createMemoryBlobStore } from '../../src/server/blobs/store.ts';
import { longArticle } from '../../src/features/translation/fixtures.ts';
import { createEngine } from '../../src/features/translation/engine.ts';
import { translationMemory } from '../../src/features/translation/memory.ts';
import { extractSegments } from '../../src/features/translation/segments.ts';
import { createTranslator } from '../../src/features/translation/translator.ts';
import { pageCache } from '../../src/features/reader/visit/page-cache.ts';
import { visitorPages } from '../../src/features/reader/visit/pages.ts';
import { readerRoutes } from '../../src/features/reader/http/routes.ts';
import { readerService } from '../../src/features/reader/visit/service.ts';
import { startFakeOpenAI } from '../helpers/fake-openai.ts';
import { todayTokens } from './today-tokens.ts';

/** The engine: 100 tokens a second. */
export const TOKENS_PER_SECOND = 100;
/** ADRs 0017 and 0020: the first translated block on screen within this, whatever the length. */
export const FIRST_BLOCK_TARGET_MS = 2_500;
/** The whole article within this many times its largest batch. */
export const WHOLE_TARGET = 1.3;
/** Engine tokens at most this many times before the page was streamed (one batch list, answers whole). */
export const TOKENS_TARGET = 1.05;

export interface FirstWordsResult {
  words: number;
  batches: number;
  /** From the request to the first translated block received (the browser shows it). */
  firstBlockMs: number;
  /** From the request to the whole article received. */
  wholeMs: number;
  largestBatchMs: number;
  /** Engine tokens (prompt + completion, as the fake counts them) of this run. */
  tokens: number;
  /** This run's engine tokens over the same article's before streaming (today-tokens.ts). */
  tokensRatio: number;
  /** Requests the visitor's browser made (the progress page reloads itself). */
  requests: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A visitor's first look at an article in Spanish, through the reader's real route (Hono app,
 * reader service and pages, translator, openai client) against the fake engine writing
 * TOKENS_PER_SECOND: the time until the first translated block has arrived, and the whole
 * article. A page that reloads itself (`<meta http-equiv="refresh">`) is reloaded as a browser
 * would, after its seconds.
 */
export async function firstWordsBench(
  sizes: readonly number[] = [300, 3_000, 10_000],
): Promise<FirstWordsResult[]> {
  const fake = await startFakeOpenAI({ delayPerTokenMs: 1000 / TOKENS_PER_SECOND });
  const results: FirstWordsResult[] = [];
  try {
    const engine = createEngine({
      baseUrl: fake.url,
      apiKey: 'bench',
      timeoutMs: 120_000,
      maxRetries: 0,
    });
    for (const [n, size] of sizes.entries()) {
      fake.reset();
      const translator = createTranslator({
        engine,
        memory: translationMemory(createMemoryBlobStore()),
      });
      const content = longArticle(size);
      const name = `bench-${size}`;
      const row = {
        id: n + 1,
        name,
        unformattedName: name,
        instructions: '',
        content,
        revision: 1,
        translationGeneration: 0,
        museumId: 1,
        language: 'fr',
        timeZone: 'Europe/Paris',
        // Published: visitors read only published articles (docs/adr/0028).
        publishedAt: new Date(0),
      };
      const repo = {
        findByName: (asked: string) => Promise.resolve(asked === name ? row : undefined),
      };
      const pages = visitorPages({
        visits: readerService({
          repo: repo as never,
          translator,
          now: () => new Date(),
        }),
        pages: pageCache(),
      });
      const app = new Hono<AppEnv>().route(
        '/',
        readerRoutes(pages, { hsts: false, clientAddress: () => '127.0.0.1' }),
      );

      const started = performance.now();
      let firstBlockMs: number | undefined;
      let requests = 0;
      let wholeMs: number | undefined;
      while (wholeMs === undefined) {
        requests += 1;
        const response = await app.request(`/article?name=${name}&lang=es`);
        const reader = response.body?.getReader();
        const decoder = new TextDecoder();
        let html = '';
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          html += decoder.decode(chunk.value, { stream: true });
          const blocks = html.indexOf('class="reader-blocks');
          if (firstBlockMs === undefined && blocks >= 0 && html.indexOf('[es] ', blocks) >= 0) {
            firstBlockMs = performance.now() - started;
          }
        }
        const refresh = /<meta http-equiv="refresh" content="(\d+)"/.exec(html);
        if (refresh) await sleep(Number(refresh[1]) * 1000);
        else wholeMs = performance.now() - started;
        if (requests > 200) throw new Error('The page never showed the whole article.');
      }
      const calls = fake.calls.filter((c) => c.kind === 'translate');
      // A page shown without the engine (not published, refused) measures nothing.
      if (calls.length === 0) throw new Error(`The ${size}-word article was never translated.`);
      const words = extractSegments(content)
        .map((s) => s.text.split(/\s+/).length)
        .reduce((a, b) => a + b, 0);
      const tokens = calls.reduce((sum, c) => sum + c.promptTokens + c.completionTokens, 0);
      results.push({
        words,
        batches: calls.length,
        firstBlockMs: firstBlockMs ?? wholeMs,
        wholeMs,
        largestBatchMs: Math.max(...calls.map((c) => (c.endedAt ?? 0) - c.startedAt)),
        tokens,
        tokensRatio: tokens / todayTokens(content, 'fr', 'es', ''),
        requests,
      });
    }
  } finally {
    await fake.close();
  }
  return results;
}
