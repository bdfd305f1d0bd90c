import { describe, expect, it } from 'vitest';
import { readContent } from '../../articles/content.ts';
import { memoryBackoff } from '../../translation/failures.ts';
import type {
  ArticleRequest,
  TranslationResult,
  TranslationRun,
} from '../../translation/translator-types.ts';
import type { EngineGate } from './engine-gate.ts';
import { shownOf, translateWithin, type WaitDeps } from './within-wait.ts';

/**
 * The one "translate within a wait, under the gate and the back-off" (within-wait.ts, ADR 0043)
 * that the article, circuit and guide pages share, with a run and a gate of the test's: what
 * starts the engine, what is written to the back-off, what a page shows of a partial translation.
 */
const job: ArticleRequest = {
  museumId: 1,
  articleId: 'circuit-7',
  generation: 0,
  content: readContent([], 'tour'),
  instructions: '',
  sourceLang: 'fr',
  targetLang: 'ja',
};
const pair = { museumId: 1, articleId: 'circuit-7', language: 'ja', generation: 0 };
const NOW = new Date('2026-12-07T10:00:00Z');

/** A translation of 4 texts, `translated` of them made. */
const result = (translated: number, extra: Partial<TranslationResult> = {}): TranslationResult => ({
  content: job.content,
  complete: translated === 4,
  untranslated: 4 - translated,
  refused: 0,
  engineCalls: 0,
  segmentsSent: 0,
  checked: 0,
  sourceBlocks: [],
  ...extra,
});

/** A run of 4 texts, `stored` of them stored; `translate` as the test says. */
function fakeRun(options: {
  stored?: number;
  pending?: boolean;
  translate?: () => Promise<TranslationResult>;
}) {
  const calls = { translate: 0 };
  const stored = options.stored ?? 0;
  const run = {
    segments: 4,
    missing: 4 - stored,
    pending: () => options.pending === true,
    stored: () => result(stored),
    translate: () => {
      calls.translate += 1;
      return options.translate?.() ?? Promise.resolve(result(4));
    },
  } as unknown as TranslationRun;
  return { run, calls };
}

function setUp(run: TranslationRun, held?: 'busy' | 'paused') {
  const backoff = memoryBackoff();
  const asked: string[] = [];
  const gate = {
    translation: (ask: { pair: string }) => {
      asked.push(ask.pair);
      return Promise.resolve(held && { kind: held });
    },
    payer: () => Promise.resolve(undefined),
  } as unknown as EngineGate;
  const deps: WaitDeps = {
    translator: {
      configured: true,
      open: () => Promise.resolve(run),
      translateArticle: () => Promise.reject(new Error('not used')),
    },
    backoff,
    gate,
    firstWait: 50,
    now: () => NOW,
  };
  return { deps, backoff, asked };
}

describe('a translation within a wait', () => {
  it('translates within the wait and starts the pair afresh', async () => {
    const { run, calls } = fakeRun({});
    const { deps, backoff, asked } = setUp(run);
    await backoff.failed(pair, 'engine', 4, new Date(NOW.getTime() - 3_600_000));
    const waited = await translateWithin(deps, job, {});
    expect(waited).toMatchObject({ kind: 'done', result: { complete: true } });
    expect(calls.translate).toBe(1);
    expect(asked).toEqual(['circuit-7:ja']);
    expect(await backoff.find(pair)).toBeUndefined();
    expect(shownOf(waited as never)).toMatchObject({ why: undefined, result: { complete: true } });
  });

  it('writes a failure to the back-off, then starts nothing until its next try', async () => {
    const { run, calls } = fakeRun({ stored: 1, translate: () => Promise.resolve(result(2)) });
    const { deps, backoff } = setUp(run);
    const first = await translateWithin(deps, job, {});
    // Partly translated: what is translated shows, the rest in the original, and why.
    expect(shownOf(first as never)).toMatchObject({
      why: 'unavailable',
      result: { untranslated: 2 },
    });
    expect(await backoff.find(pair)).toMatchObject({ failures: 1, reason: 'engine', texts: 2 });
    const again = await translateWithin(deps, job, {});
    expect(again).toMatchObject({ kind: 'notNow', why: 'unavailable' });
    // What is stored, the rest in the original.
    expect(shownOf(again as never).result).toMatchObject({ untranslated: 3 });
    expect(calls.translate).toBe(1);
  });

  it('says "refused" for texts the checks refused twice, and waits as for a failure', async () => {
    const refused = result(3, { refused: 1 });
    const { run } = fakeRun({ translate: () => Promise.resolve(refused) });
    const { deps, backoff } = setUp(run);
    expect(shownOf((await translateWithin(deps, job, {})) as never).why).toBe('refused');
    expect(await backoff.find(pair)).toMatchObject({ reason: 'refused' });
    expect(await translateWithin(deps, job, {})).toMatchObject({ kind: 'notNow', why: 'refused' });
  });

  it('starts nothing past the gate nor for a HEAD, and writes no failure', async () => {
    const { run, calls } = fakeRun({ stored: 0 });
    const busy = setUp(run, 'busy');
    const held = await translateWithin(busy.deps, job, {});
    expect(held).toMatchObject({ kind: 'notNow', why: 'busy' });
    // Nothing translated: the original, and why.
    expect(shownOf(held as never)).toEqual({ result: undefined, why: 'busy' });
    const head = setUp(run);
    expect(await translateWithin(head.deps, job, { head: true })).toMatchObject({
      kind: 'notNow',
      why: 'unavailable',
    });
    expect(calls.translate).toBe(0);
    expect(await busy.backoff.find(pair)).toBeUndefined();
  });

  it('joins a translation already running, whatever the back-off and the gate say', async () => {
    const { run, calls } = fakeRun({ pending: true });
    const { deps, backoff, asked } = setUp(run, 'paused');
    await backoff.failed(pair, 'engine', 4, NOW);
    expect(await translateWithin(deps, job, {})).toMatchObject({ kind: 'done' });
    expect(calls.translate).toBe(1);
    expect(asked).toEqual([]);
  });

  it('hands a translation outlasting the first wait on, and settles it when done', async () => {
    const slow = Promise.withResolvers<TranslationResult>();
    const { run } = fakeRun({ stored: 2, translate: () => slow.promise });
    const { deps, backoff } = setUp(run);
    const handed: Promise<unknown>[] = [];
    const waited = await translateWithin(deps, job, { background: (w) => handed.push(w) });
    expect(waited.kind).toBe('running');
    // Meanwhile what is stored shows, said to be still translating.
    expect(shownOf(waited as never)).toMatchObject({
      why: 'translating',
      result: { untranslated: 2 },
    });
    slow.reject(new Error('engine down'));
    await handed[0];
    expect(await backoff.find(pair)).toMatchObject({ reason: 'engine', texts: 2 });
  });
});
