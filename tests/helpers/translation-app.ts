import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from './fake-openai.ts';
import { useTestApp, type TestApp, type TestAppState } from './use-test-app.ts';

/** What each test of a translating data test starts from: useTestApp's state and the engine. */
export interface TranslationAppState extends TestAppState {
  /** The fake engine, its calls forgotten and its behaviour back to 'ok' before each test. */
  fake: FakeOpenAI;
}

/**
 * useTestApp for the features that translate (review, XLIFF, status, glossary): a fake
 * OpenAI-compatible engine started before the file's tests and closed after them, the app
 * pointed at it (no retries, a short timeout, counts written at once), and before each test the
 * engine reset: no recorded call, behaviour 'ok', no delay. `each` receives the state then:
 *
 *     let t: TestApp; let cookie: string; let other: string; let fake: FakeOpenAI;
 *     const app = useTranslationApp((s) => ({ t, cookie, other, fake } = s));
 */
export function useTranslationApp(
  each?: (state: TranslationAppState) => unknown,
  options: { fake?: FakeOpenAIOptions; env?: Record<string, string> } = {},
): Readonly<TranslationAppState> {
  let fake: FakeOpenAI | undefined;
  const engine = (): FakeOpenAI => {
    if (!fake) throw new Error('useTranslationApp: the fake engine was not started (beforeAll)');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeOpenAI(options.fake);
  });
  afterAll(() => fake?.close());
  const app = useTestApp(
    () => ({
      env: {
        OPENAI_BASE_URL: engine().url,
        OPENAI_API_KEY: 'test',
        OPENAI_TIMEOUT_MS: '1000',
        OPENAI_MAX_RETRIES: '0',
        COUNTS_FLUSH_MS: '0',
        ...options.env,
      },
    }),
    async (state) => {
      const f = engine();
      f.reset();
      f.setBehaviour({ type: 'ok' });
      f.setDelayPerToken(0);
      await each?.({ ...state, fake: f });
    },
  );
  return {
    get database() {
      return app.database;
    },
    get t() {
      return app.t;
    },
    get cookie() {
      return app.cookie;
    },
    get other() {
      return app.other;
    },
    get fake() {
      return engine();
    },
  };
}

/** Who saves: an app and the Cookie header of a signed-in curator (useTranslationApp's answer). */
export type Curator = { readonly t: TestApp; readonly cookie: string };

/** Saves an article's content (the metadatas entry first) and title; expects 200. */
export async function saveArticle(
  as: Curator,
  id: number,
  url: string,
  blocks: readonly unknown[],
  title = 'Panneau',
): Promise<void> {
  const res = await as.t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url }, ...blocks],
      unformatted_name: title,
      instructions: '',
    },
    { cookie: as.cookie },
  );
  expect(res.status).toBe(200);
}

/** A new article at the tree's root, saved with `blocks` at `url`: its id. */
export async function publishArticle(
  as: Curator,
  url: string,
  blocks: readonly unknown[],
  title = 'Panneau',
): Promise<number> {
  const added = await as.t.postJson(
    '/api/manage/add_article',
    { pathArray: [] },
    { cookie: as.cookie },
  );
  const { id } = (await added.json()) as { id: number };
  await saveArticle(as, id, url, blocks, title);
  return id;
}
