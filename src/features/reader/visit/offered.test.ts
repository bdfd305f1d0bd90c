import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../../tests/helpers/db.ts';
import type { FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import { startFakeSpeech, type FakeSpeech } from '../../../../tests/helpers/fake-speech.ts';
import { staff } from '../../../../tests/helpers/staff.ts';
import { publishArticle, useTranslationApp } from '../../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { eq } from 'drizzle-orm';
import { dailyCounts, museums, translationQueue } from '../../../server/db/schema.ts';
import { UI_STRINGS } from '../render/strings.ts';

/**
 * The languages a museum offers its visitors (Settings, 'Languages visitors may choose'): the
 * picker lists only those, a request for another shows the picker and starts no engine work,
 * counts nothing in it, and its sounds are not made; Translate now stays within the list.
 */
let speech: FakeSpeech & { url: string; close(): Promise<void> };
beforeAll(async () => {
  speech = await startFakeSpeech();
});
afterAll(() => speech.close());

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
let fake: FakeOpenAI;
useTranslationApp(
  (s) => {
    ({ database, t, cookie, other, fake } = s);
    speech.reset();
  },
  {
    env: {
      get TTS_BASE_URL() {
        return speech.url;
      },
      TTS_API_KEY: 'speech-key',
      TTS_TIMEOUT_MS: '1000',
    },
  },
);

const OFFERED = ['en', 'es', 'de'];

const settings = (body: Record<string, unknown>, as = cookie) =>
  t.postJson(
    '/api/manage/update_settings',
    { sourceLanguage: 'fr', timeZone: 'Europe/Paris', ...body },
    { cookie: as },
  );

async function offer(visitorLanguages: string[] | null, as = cookie) {
  const res = await settings({ visitorLanguages }, as);
  expect(res.status).toBe(200);
}

const page = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.show(`/article?${query}`, { headers });
  expect(res.status).toBe(200);
  return res.text();
};

/** The languages the page's links open (the picker's choices, in order). */
const choices = (html: string) =>
  [
    ...html.matchAll(
      /href="\/(?:article|circuit)\?name=[^"&]+(?:&amp;circuit=[^"&]+)?&amp;lang=([^"&]+)"/g,
    ),
  ].map((m) => m[1]);

async function requests() {
  return (await database.db.select().from(dailyCounts))
    .filter((row) => row.kind === 'request')
    .map((row) => row.language);
}

describe('the languages a museum offers', () => {
  it('are all the picker lists, the original first, the phone’s suggested among them', async () => {
    await publishArticle({ t, cookie }, 'salle-1', [{ type: 'text', content: 'Bonjour' }]);
    // Every language by default.
    expect(new Set(choices(await page('name=salle-1'))).size).toBe(145);

    await offer(OFFERED);
    // Japanese first on the phone, then Mexican Spanish: Spanish is suggested, not Japanese.
    const html = await page('name=salle-1', { 'accept-language': 'ja, es-MX;q=0.8' });
    const links = choices(html);
    expect(links[0]).toBe('fr');
    expect(links.slice(1, 2)).toEqual(['es']);
    expect([...new Set(links)].sort()).toEqual(['de', 'en', 'es', 'fr']);
    expect(html).not.toContain('lang=ja');
    // The words of the page are the phone's (Japanese), whatever the museum offers.
    expect(html).toContain(UI_STRINGS.ja!.chooseLanguage);
    // A search finds only offered languages.
    expect(choices(await page('name=salle-1&choose=1&q=japan'))).toEqual(['fr']);
    expect(fake.calls).toHaveLength(0);
  });

  it('turn another language into the picker: no engine call, no count, the visitor told why', async () => {
    await publishArticle({ t, cookie }, 'salle-1', [{ type: 'text', content: 'Bonjour' }]);
    await offer(OFFERED);

    const html = await page('name=salle-1&lang=ja', { 'accept-language': 'ja, en;q=0.5' });
    expect(html).toContain(UI_STRINGS.ja!.chooseLanguage);
    expect(html).toContain('<span lang="ja" dir="ltr">日本語</span>');
    expect(choices(html).slice(0, 2)).toEqual(['fr', 'en']);
    // The same for a language remembered from another museum's visit, and a HEAD.
    const remembered = await page('name=salle-1', { cookie: 'legenda_lang=ja' });
    expect(remembered).toContain('日本語');
    expect(choices(remembered)).not.toContain('ja');
    expect((await t.request('/article?name=salle-1&lang=ja', { method: 'HEAD' })).status).toBe(200);
    // A language of the catalogue spelt otherwise is the same language.
    expect(choices(await page('name=salle-1&lang=JA'))).not.toContain('ja');
    expect(fake.calls).toHaveLength(0);
    expect(await requests()).toEqual([]);

    // An offered one is translated and counted as before; the original needs no engine.
    expect(await page('name=salle-1&lang=es')).toContain('[es] Bonjour');
    expect(await page('name=salle-1&lang=fr')).toContain('Bonjour');
    expect(fake.calls).toHaveLength(1);
    expect((await requests()).sort()).toEqual(['es', 'fr']);
  });

  it('leave the other museum alone, and null offers every language again', async () => {
    await publishArticle({ t, cookie }, 'salle-1', [{ type: 'text', content: 'Bonjour' }]);
    await publishArticle({ t, cookie: other }, 'salle-b', [{ type: 'text', content: 'Salut' }]);
    await offer(OFFERED);
    expect(await page('name=salle-b&lang=ja')).toContain('[ja] Salut');
    expect(fake.calls).toHaveLength(1);
    await offer(null);
    expect(await page('name=salle-1&lang=ja')).toContain('[ja] Bonjour');
  });

  it('take effect at once for a page kept in a language no longer offered', async () => {
    await publishArticle({ t, cookie }, 'salle-1', [{ type: 'text', content: 'Bonjour' }]);
    expect(await page('name=salle-1&lang=ja')).toContain('[ja] Bonjour');
    // Kept for a second (page-cache.ts): the next showing is the kept page...
    expect(await page('name=salle-1&lang=ja')).toContain('[ja] Bonjour');
    // ...until the setting changes: the cache is dropped with it.
    await offer(OFFERED);
    const html = await page('name=salle-1&lang=ja');
    expect(html).not.toContain('[ja] Bonjour');
    expect(choices(html)).not.toContain('ja');
    expect(fake.calls).toHaveLength(1);
  });

  it('send a scan remembered in another language to the picker, counted in an offered one', async () => {
    const id = await publishArticle({ t, cookie }, 'salle-1', [
      { type: 'text', content: 'Bonjour' },
    ]);
    const code = await staff(t, cookie).codeFor(id);
    await offer(OFFERED);
    const scan = await t.request(`/r/${code.link}`, {
      redirect: 'manual',
      headers: { cookie: 'legenda_lang=ja', 'accept-language': 'ja, de;q=0.5' },
    });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe('/article?name=salle-1');
    const scans = (await database.db.select().from(dailyCounts)).filter((r) => r.kind === 'scan');
    expect(scans.map((r) => r.language)).toEqual(['de']);
    // Offered: opened in it directly, as before.
    const direct = await t.request(`/r/${code.link}`, {
      redirect: 'manual',
      headers: { cookie: 'legenda_lang=es' },
    });
    expect(direct.headers.get('location')).toBe('/article?name=salle-1&lang=es');
  });

  it('apply to circuits: the picker lists them, another language starts nothing', async () => {
    const a = await publishArticle({ t, cookie }, 'salle-1', [
      { type: 'text', content: 'Bonjour' },
    ]);
    const saved = await t.postJson(
      '/api/manage/save_circuit',
      { name: 'tour', title: 'Le tour', intro: 'Trois salles.', articleIds: [a] },
      { cookie },
    );
    expect(saved.status).toBe(201);
    await offer(OFFERED);
    const picker = await (await t.request('/circuit?name=tour')).text();
    expect([...new Set(choices(picker))].sort()).toEqual(['de', 'en', 'es', 'fr']);
    const refused = await (await t.request('/circuit?name=tour&lang=ja')).text();
    expect(refused).toContain('日本語');
    expect(choices(refused)).not.toContain('ja');
    expect(fake.calls).toHaveLength(0);
  });

  it('bound the server’s voice: a sound in another language is 404 and never made', async () => {
    await publishArticle({ t, cookie }, 'salle-1', [{ type: 'text', content: 'Bonjour' }]);
    await offer(['es']);
    expect((await t.request('/speech?name=salle-1&lang=ja&block=1')).status).toBe(404);
    const beacon = await t.request('/listened?name=salle-1&lang=ja', {
      method: 'POST',
      headers: { origin: t.config.publicSiteUrl },
    });
    expect(beacon.status).toBe(204);
    expect(speech.calls).toHaveLength(0);
    expect(fake.calls).toHaveLength(0);
    expect((await database.db.select().from(dailyCounts)).map((r) => r.language)).toEqual([]);
    // The original and an offered language are read as before.
    expect((await t.request('/speech?name=salle-1&lang=fr&block=1')).status).toBe(200);
    expect(speech.calls).toHaveLength(1);
  });

  it('bound Translate now and its estimate, naming the languages refused', async () => {
    const id = await publishArticle({ t, cookie }, 'salle-1', [
      { type: 'text', content: 'Bonjour' },
    ]);
    await offer(OFFERED);
    const start = await t.postJson(
      '/api/manage/translate_now',
      { articleId: id, langs: ['es', 'ja', 'ko'] },
      { cookie },
    );
    expect(start.status).toBe(422);
    const body = (await start.json()) as {
      error: { code: string; message: string; details: unknown };
    };
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.message).toContain('ja, ko');
    expect(body.error.details).toEqual({
      field: 'langs',
      reason: 'not_offered',
      languages: 'ja, ko',
    });
    const estimate = await t.request(`/api/read/translation_estimate?langs=ja`, {
      headers: { cookie },
    });
    expect(estimate.status).toBe(422);
    expect(
      (await t.postJson('/api/manage/translate_now', { langs: ['es'] }, { cookie })).status,
    ).toBe(202);
    await t.services.prepare.settled();
    expect(fake.calls.length).toBeGreaterThan(0);
  });

  it('leave undone the pairs queued before their language stopped being offered', async () => {
    const id = await publishArticle({ t, cookie }, 'salle-1', [
      { type: 'text', content: 'Bonjour' },
    ]);
    const [museum] = await database.db
      .select({ id: museums.id })
      .from(museums)
      .where(eq(museums.name, 'Musée A'));
    await offer(['es', 'ja']);
    await database.db.insert(translationQueue).values([
      { museumId: museum!.id, articleId: id, language: 'es' },
      { museumId: museum!.id, articleId: id, language: 'ja' },
    ]);
    await offer(['es']);
    // The curator's page asks for progress: the work is taken up, Japanese left undone.
    await t.request('/api/read/translate_now', { headers: { cookie } });
    await t.services.prepare.settled();
    expect(fake.calls.map((call) => call.targetLang)).toEqual(['es']);
  });
});
