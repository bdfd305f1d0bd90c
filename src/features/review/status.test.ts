import { describe, expect, it } from 'vitest';
import { publishArticle, saveArticle } from '../../../tests/helpers/translation-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { prepareService, type PrepareProgress } from './prepare.ts';
import { queueRepo } from './queue-repo.ts';
import { createNetlifyPrepare } from '../../app/netlify/prepare.ts';
import { silentLogger } from '../../server/log.ts';
import { statusRepo } from './status-repo.ts';
import type { TranslationStatus } from './status.ts';
import { cookie, fake, other, t, useReviewApp } from './test-fixtures.ts';

/**
 * The overview's counts and Translate now on a real database with the real translator and a fake engine: the
 * overview's counts kept current (a visitor's translation, the museum's checks, a save, a
 * reset), Translate now with its estimate and progress, the priority languages prepared after
 * each save, and their bad inputs.
 */
const app = useReviewApp();

const BLOCKS = [
  { type: 'text', id: 'Intro', content: 'Bienvenue au musée du port.' },
  { type: 'image', id: 'Carte', src: '', alt: 'Une carte du port' },
  { type: 'text', id: 'Fin', content: 'Merci de votre visite.' },
];

const publish = (url: string, title = 'Panneau', blocks: unknown[] = BLOCKS) =>
  publishArticle(app, url, blocks, title);
const save = (id: number, url: string, blocks: unknown[], title = 'Panneau') =>
  saveArticle(app, id, url, blocks, title);

/** Every background count and preparation asked so far, finished. */
async function settled() {
  await t.services.prepare.settled();
  await t.services.status.settled();
}

async function overview(as = cookie): Promise<TranslationStatus> {
  await settled();
  const res = await t.request('/api/read/translation_status', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as TranslationStatus;
}

const countsOf = async (articleId: number) =>
  (await overview()).articles.find((a) => a.articleId === articleId)?.languages;

describe('GET /api/read/translation_status', () => {
  it('lists every article, and a language once a visitor has read it', async () => {
    const read = await publish('salle-1', 'Salle 1');
    const unread = await publish('salle-2', 'Salle 2');
    expect(await overview()).toEqual({
      languages: [],
      articles: [
        { articleId: read, title: 'Salle 1', name: 'salle-1', languages: {} },
        { articleId: unread, title: 'Salle 2', name: 'salle-2', languages: {} },
      ],
      // Pairs whose translations keep failing (none here): a field added beside the others.
      failing: [],
    });

    await t.request('/article?name=salle-1&lang=es');
    const after = await overview();
    expect(after.languages).toEqual(['es']);
    expect(after.articles[0]!.languages).toEqual({
      es: { missing: 0, machine: 3, reviewed: 0, stale: 0, flagged: 0 },
    });
    expect(after.articles[1]!.languages).toEqual({});
  });

  it('counts the museum’s checks at once, and a changed source as stale', async () => {
    const id = await publish('salle-3');
    await t.request('/article?name=salle-3&lang=de');
    const approved = await t.postJson(
      '/api/manage/approve_translation',
      { articleId: id, lang: 'de', segmentIds: ['Intro.content', 'Carte.alt'] },
      { cookie },
    );
    expect(approved.status).toBe(200);
    expect((await countsOf(id))?.de).toMatchObject({ machine: 1, reviewed: 2, stale: 0 });

    // The source of a checked text changes: stale until the museum checks it again.
    await save(id, 'salle-3', [
      { ...BLOCKS[0], content: 'Bienvenue au grand musée.' },
      ...BLOCKS.slice(1),
    ]);
    expect((await countsOf(id))?.de).toEqual({
      missing: 0,
      machine: 1,
      reviewed: 1,
      stale: 1,
      flagged: 0,
    });
  });

  it('counts again after a reset: machine texts gone, checked ones kept', async () => {
    const id = await publish('salle-4');
    await t.request('/article?name=salle-4&lang=it');
    await t.postJson(
      '/api/manage/update_translation',
      { articleId: id, lang: 'it', segmentId: 'Fin.content', text: 'Grazie della visita.' },
      { cookie },
    );
    const reset = await t.postJson('/api/manage/reset_traductions', { articleId: id }, { cookie });
    expect(reset.status).toBe(200);
    expect((await countsOf(id))?.it).toEqual({
      missing: 2,
      machine: 0,
      reviewed: 1,
      stale: 0,
      flagged: 0,
    });
  });

  it('counts texts the checks flagged', async () => {
    const id = await publish('salle-5');
    fake.setBehaviour({ type: 'emptyText' });
    await t.request('/article?name=salle-5&lang=pt');
    const pt = (await countsOf(id))?.pt;
    expect(pt?.flagged).toBe(1);
    expect(pt?.missing).toBe(1);
  });

  it('counts again the texts a glossary change sends back to the engine, and only those', async () => {
    const id = await publish('salle-13', 'Panneau', [
      { type: 'text', id: 'Nom', content: 'Le navire Belem entre au port.' },
      ...BLOCKS.slice(1),
    ]);
    await t.request('/article?name=salle-13&lang=es');
    expect((await countsOf(id))?.es).toMatchObject({ machine: 3, missing: 0 });
    const term = await t.postJson(
      '/api/manage/save_glossary_term',
      { term: 'Belem', note: 'un trois-mâts', doNotTranslate: true, translations: {} },
      { cookie },
    );
    expect(term.status).toBe(201);
    expect((await countsOf(id))?.es).toMatchObject({ machine: 2, missing: 1 });
  });

  it('shows a museum only its own articles, and needs a session', async () => {
    await publish('salle-6');
    await t.request('/article?name=salle-6&lang=es');
    expect((await overview(other)).articles).toEqual([]);
    const anonymous = await t.request('/api/read/translation_status');
    expect(anonymous.status).toBe(401);
  });
});

describe('Translate now', () => {
  const estimate = (query: string, as = cookie) =>
    t.request(`/api/read/translation_estimate?${query}`, { headers: { cookie: as } });
  const start = (body: unknown, as = cookie) =>
    t.postJson('/api/manage/translate_now', body, { cookie: as });

  it('estimates, then translates one article in the background: visitors wait for nothing', async () => {
    const id = await publish('salle-7');
    const res = await estimate(`articleId=${id}&langs=es,ja`);
    expect(res.status).toBe(200);
    const cost = (await res.json()) as { segments: number; tokens: number; batches: number };
    expect(cost).toMatchObject({ articles: 1, langs: ['es', 'ja'], segments: 6, batches: 2 });
    expect(cost.tokens).toBeGreaterThan(100);
    expect(fake.calls).toHaveLength(0);

    const started = await start({ articleId: id, langs: ['es', 'ja'] });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ articles: 1, langs: ['es', 'ja'], queued: 2 });
    await settled();
    const progress = (await (
      await t.request('/api/read/translate_now', { headers: { cookie } })
    ).json()) as PrepareProgress;
    expect(progress).toEqual({ running: false, waiting: 0 });
    expect(fake.calls).toHaveLength(2);
    expect(Object.keys((await countsOf(id)) ?? {}).sort()).toEqual(['es', 'ja']);

    // Already translated: a visitor's page costs no engine call, and the estimate is nothing.
    fake.reset();
    expect(await (await t.request('/article?name=salle-7&lang=ja')).text()).toContain('[ja]');
    expect(fake.calls).toHaveLength(0);
    expect(await (await estimate(`articleId=${id}&langs=ja`)).json()).toMatchObject({
      segments: 0,
      tokens: 0,
    });
  });

  it('translates every article of the museum without articleId', async () => {
    const a = await publish('salle-8');
    const b = await publish('salle-9');
    const started = await start({ langs: ['nl'] });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ articles: 2, queued: 2 });
    const after = await overview();
    for (const id of [a, b]) {
      expect(after.articles.find((x) => x.articleId === id)?.languages.nl).toMatchObject({
        machine: 3,
        missing: 0,
      });
    }
  });

  it('leaves what a call cannot finish in the queue, for any later call or process', async () => {
    const a = await publish('salle-14');
    const b = await publish('salle-15');
    const deps = {
      review: t.services.review,
      status: statusRepo(app.database.db),
      queue: queueRepo(app.database.db),
      configured: true,
      sourceLanguage: () => Promise.resolve('fr'),
      priorityLanguages: () => Promise.resolve([]),
    };
    // A call with no time to spare (a Netlify function at its limit) only queues the work.
    const spent = prepareService({ ...deps, budgetMs: 0 });
    const started = await spent.start(1, { langs: ['sv', 'fi'] });
    expect(started).toMatchObject({ articles: 2, queued: 4, waiting: 4, running: true });
    await spent.settled();
    expect(fake.calls).toHaveLength(0);
    // The curator's page asks for progress: whichever process answers takes the work up...
    const progress = await t.request('/api/read/translate_now', { headers: { cookie } });
    expect(await progress.json()).toEqual({ waiting: 4, running: true });
    await settled();
    expect(
      await (await t.request('/api/read/translate_now', { headers: { cookie } })).json(),
    ).toEqual({ waiting: 0, running: false });
    for (const id of [a, b]) {
      expect(Object.keys((await countsOf(id)) ?? {}).sort()).toEqual(['fi', 'sv']);
    }
    // ...each pair once, however many processes work at once.
    expect(fake.calls).toHaveLength(4);
    fake.reset();
    await deps.queue.add(1, [
      { articleId: a, lang: 'da' },
      { articleId: b, lang: 'da' },
      { articleId: a, lang: 'nb' },
    ]);
    const [one, two] = [1, 2].map(() => prepareService({ ...deps, budgetMs: Infinity }));
    const done = await Promise.all([one!.drain(), two!.drain()]);
    expect(done[0]! + done[1]!).toBe(3);
    expect(fake.calls).toHaveLength(3);
    expect(await deps.queue.waiting(1)).toBe(0);
  });

  it('on Netlify, the scheduled function takes up what calls left, a budget a minute', async () => {
    const id = await publish('salle-16');
    await queueRepo(app.database.db).add(1, [
      { articleId: id, lang: 'pl' },
      { articleId: id, lang: 'cs' },
    ]);
    // The same stores as the app's: what the function translates, visitors read.
    const scheduled = await createNetlifyPrepare(t.config, {
      db: app.database.db,
      blobs: t.blobs,
      log: silentLogger,
    });
    const res = await scheduled.run();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ prepared: 2 });
    expect(Object.keys((await countsOf(id)) ?? {}).sort()).toEqual(['cs', 'pl']);
    fake.reset();
    expect(await (await t.request('/article?name=salle-16&lang=pl')).text()).toContain('[pl]');
    expect(fake.calls).toHaveLength(0);
    expect(await (await scheduled.run()).json()).toEqual({ prepared: 0 });
  });

  it('refuses bad input with the field named, and another museum’s article', async () => {
    const id = await publish('salle-10');
    const cases: [unknown, string][] = [
      [{ langs: [] }, 'langs'],
      [{ langs: ['xx-nope'] }, 'langs.0'],
      [{ langs: 'es' }, 'langs'],
      [{ articleId: 'abc', langs: ['es'] }, 'articleId'],
      [{ langs: ['fr'] }, 'langs.0'],
      [{ langs: ['es', 'fr'] }, 'langs.1'],
    ];
    for (const [body, field] of cases) {
      const res = await start(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      // The body's fields as readJson names them; a rule of the service's as details.field.
      const { details } = ((await res.json()) as { error: { details?: unknown } }).error;
      const named = Array.isArray(details)
        ? (details as { path: string }[]).map((d) => d.path)
        : [(details as { field?: string } | undefined)?.field];
      expect(named, JSON.stringify(body)).toContain(field);
    }
    expect((await start({ articleId: id, langs: ['es'] }, other)).status).toBe(404);
    expect((await estimate(`articleId=${id}&langs=es`, other)).status).toBe(404);
    expect((await estimate('langs=')).status).toBe(422);
    expect((await estimate('langs=es,<script>')).status).toBe(422);
    await settled();
    expect(fake.calls).toHaveLength(0);
  });

  it('prepares the museum’s priority languages after every save', async () => {
    const settings = await t.request('/api/read/settings', { headers: { cookie } });
    const current = (await settings.json()) as { sourceLanguage: string; timeZone: string };
    const set = await t.postJson(
      '/api/manage/update_settings',
      { ...current, priorityLanguages: ['en', 'zh-Hans', 'en'] },
      { cookie },
    );
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ priorityLanguages: ['en', 'zh-Hans'] });

    const id = await publish('salle-11');
    await settled();
    expect(Object.keys((await countsOf(id)) ?? {}).sort()).toEqual(['en', 'zh-Hans']);
    fake.reset();
    expect(await (await t.request('/article?name=salle-11&lang=zh-Hans')).text()).toContain(
      '[zh-Hans]',
    );
    expect(fake.calls).toHaveLength(0);

    const bad = await t.postJson(
      '/api/manage/update_settings',
      { ...current, priorityLanguages: ['klingon'] },
      { cookie },
    );
    expect(bad.status).toBe(422);
  });

  it('answers 503 no_engine without an engine, and starts nothing', async () => {
    const id = await publish('salle-12');
    const bare = testApp(app.database.db, { env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' } });
    const res = await bare.postJson(
      '/api/manage/translate_now',
      { articleId: id, langs: ['es'] },
      { cookie },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'no_engine' } });
    await bare.services.prepare.settled();
    expect(fake.calls).toHaveLength(0);
  });
});
