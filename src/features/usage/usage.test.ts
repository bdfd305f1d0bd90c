import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { startFakeSpeech, type FakeSpeech } from '../../../tests/helpers/fake-speech.ts';
import { publishArticle, useTranslationApp } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import { engineUsage, museums, translationQueue } from '../../server/db/schema.ts';
import type { EngineUsageAnswer } from './chart.ts';
import { usageRepo } from './repo.ts';
import type { BudgetState } from './service.ts';

/**
 * The engine budget on a real database with the fake engines: every engine call's cost in the
 * museum's day, the month against the budget (80 %, 100 %, the next month), Translate now
 * refused at 100 %, and the charts' endpoint (cli.test.ts: the command line's `budget`).
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
let other: string;
let speech: FakeSpeech & { url: string; close(): Promise<void> };

beforeAll(async () => {
  speech = await startFakeSpeech();
});
afterAll(() => speech.close());

const app = useTranslationApp((s) => ({ t, cookie, other, fake } = s), {
  env: {
    get TTS_BASE_URL() {
      return speech.url;
    },
    TTS_MODEL: 'tts-test',
    TTS_VOICE: 'nova',
    TTS_TIMEOUT_MS: '1000',
  } as Record<string, string>,
});

const BLOCKS = [
  { type: 'text', content: 'Bienvenue au musée du port.' },
  { type: 'text', content: 'Les navires partaient vers les Antilles.' },
];

const db = () => app.database.db;

async function museumId(name: string): Promise<number> {
  const [row] = await db().select({ id: museums.id }).from(museums).where(eq(museums.name, name));
  return row!.id;
}

async function rows() {
  await t.services.usage.settled();
  return db().select().from(engineUsage).orderBy(engineUsage.museumId, engineUsage.day);
}

async function settled() {
  await t.services.prepare.settled();
  await t.services.status.settled();
  await t.services.usage.settled();
}

const budgetOf = async (as = cookie) =>
  (await (
    await t.request('/api/read/engine_budget', { headers: { cookie: as } })
  ).json()) as BudgetState;

describe('engine usage', () => {
  it('records a visitor’s first translation: the answers’ tokens, in the museum’s day', async () => {
    fake.setUsage(() => ({ prompt: 1000, completion: 250 }));
    await publishArticle(app, 'salle-1', BLOCKS);
    // 23:30 in UTC is already the next day in Paris, the museum's time zone.
    t.clock.advance(13.5 * 3_600_000);
    const page = await t.request('/article?name=salle-1&lang=es');
    expect(await page.text()).toContain('[es] Bienvenue');
    const calls = fake.calls.length;
    expect(calls).toBeGreaterThan(0);
    const a = await museumId('Musée A');
    expect(await rows()).toMatchObject([
      {
        museumId: a,
        day: '2026-11-22',
        promptTokens: 1000 * calls,
        completionTokens: 250 * calls,
        speechChars: 0,
        calls,
      },
    ]);
  });

  it('counts the tokens when the engine gives no usage', async () => {
    fake.setBehaviour({ type: 'noUsage' });
    await publishArticle(app, 'salle-2', BLOCKS);
    await t.request('/article?name=salle-2&lang=de');
    const [row] = await rows();
    expect(fake.calls.length).toBeGreaterThan(0);
    // About 4 characters a token: the prompt's rules alone are hundreds.
    expect(row?.promptTokens).toBeGreaterThan(200);
    expect(row?.completionTokens).toBeGreaterThan(10);
    expect(row?.calls).toBe(fake.calls.length);
  });

  it('records the characters each new sound costs, once per sound', async () => {
    await publishArticle(app, 'salle-3', BLOCKS);
    const sound = await t.request('/speech?name=salle-3&lang=fr&block=1');
    expect(sound.status).toBe(200);
    await t.request('/speech?name=salle-3&lang=fr&block=1');
    expect(speech.calls).toHaveLength(1);
    expect(await rows()).toMatchObject([
      { speechChars: 'Bienvenue au musée du port.'.length, calls: 1, promptTokens: 0 },
    ]);
  });
});

describe('the monthly budget', () => {
  it('warns at 80 %, pauses at 100 %, and starts afresh next month', async () => {
    const a = await museumId('Musée A');
    const usage = t.services.usage;
    expect(await budgetOf()).toEqual({
      month: '2026-11',
      tokens: { used: 0, budget: null, level: 'ok' },
      speech: { used: 0, budget: null, level: 'ok' },
    });
    await usageRepo(db()).setBudget(a, { tokens: 1000, speechChars: 100 });
    usage.tokens(a, { promptTokens: 700, completionTokens: 100 });
    usage.speech(a, 10);
    await usage.settled();
    expect(await budgetOf()).toMatchObject({
      tokens: { used: 800, budget: 1000, level: 'warn' },
      speech: { used: 10, budget: 100, level: 'ok' },
    });
    expect(await usage.budget.translationPaused(a)).toBe(false);
    usage.tokens(a, { promptTokens: 150, completionTokens: 50 });
    await usage.settled();
    expect(await usage.budget.translationPaused(a)).toBe(true);
    expect(await usage.budget.speechPaused(a)).toBe(false);
    expect((await budgetOf()).tokens).toEqual({ used: 1000, budget: 1000, level: 'reached' });
    // Another museum's budget is its own.
    expect(await usage.budget.translationPaused(await museumId('Musée B'))).toBe(false);
    expect((await budgetOf(other)).tokens.used).toBe(0);

    // Kept a few seconds per process: a budget raised shows after them.
    await usageRepo(db()).setBudget(a, { tokens: 5000 });
    expect(await usage.budget.translationPaused(a)).toBe(true);
    t.clock.advance(6_000);
    expect(await usage.budget.translationPaused(a)).toBe(false);

    // December 1st in Paris (23:30 UTC on November 30th): a new month.
    await usageRepo(db()).setBudget(a, { tokens: 1000 });
    t.clock.advance(Date.parse('2026-11-30T23:30:00Z') - t.clock.now().getTime());
    expect(await usage.budget.translationPaused(a)).toBe(false);
    expect(await usage.state(a)).toMatchObject({ month: '2026-12', tokens: { used: 0 } });
  });

  it('refuses Translate now and a text translated again once the tokens are spent; stored texts stay readable', async () => {
    const a = await museumId('Musée A');
    const id = await publishArticle(app, 'salle-4', BLOCKS);
    await t.request('/article?name=salle-4&lang=es');
    await usageRepo(db()).setBudget(a, { tokens: 1 });
    await settled();
    fake.reset();

    const refused = await t.postJson(
      '/api/manage/translate_now',
      { articleId: id, langs: ['it'] },
      { cookie },
    );
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('budget_reached');
    expect(body.error.message).toMatch(/budget in tokens is reached/);

    const read = await t.request(`/api/read/translations?articleId=${id}&lang=es`, {
      headers: { cookie },
    });
    expect(read.status).toBe(200);
    const doc = (await read.json()) as { segments: { id: string; text: string | null }[] };
    expect(doc.segments[0]?.text).toContain('[es]');
    const again = await t.postJson(
      '/api/manage/retranslate_segment',
      { articleId: id, lang: 'es', segmentId: doc.segments[0]!.id },
      { cookie },
    );
    expect(again.status).toBe(429);

    // Work queued before the budget ran out is not started; museum B's is.
    const b = await museumId('Musée B');
    const idB = await publishArticle({ t, cookie: other }, 'salle-b', BLOCKS);
    await db()
      .insert(translationQueue)
      .values([
        { museumId: a, articleId: id, language: 'nl' },
        { museumId: b, articleId: idB, language: 'nl' },
      ]);
    await t.services.prepare.drain();
    await settled();
    expect(fake.calls.every((c) => c.targetLang === 'nl')).toBe(true);
    expect(fake.calls.length).toBeGreaterThan(0);
    // Dropped, not left waiting: the museum's Translate now screen shows no work running.
    expect(await db().select().from(translationQueue)).toEqual([]);
    const [rowA] = (await rows()).filter((r) => r.museumId === a);
    const [rowB] = (await rows()).filter((r) => r.museumId === b);
    expect(rowB?.calls).toBe(fake.calls.length);
    expect(rowA?.calls).toBeGreaterThan(0); // the visit before the budget, only

    // The priority languages after a save are not queued either.
    const settings = (await (
      await t.request('/api/read/settings', { headers: { cookie } })
    ).json()) as Record<string, unknown>;
    await t.postJson(
      '/api/manage/update_settings',
      { ...settings, priorityLanguages: ['pt'] },
      { cookie },
    );
    fake.reset();
    await publishArticle(app, 'salle-5', BLOCKS);
    await settled();
    expect(fake.calls).toHaveLength(0);
  });
});

describe('GET /api/stats/engine-usage', () => {
  it('charts this month’s days, with the budgets, and the same as CSV; the museum’s own only', async () => {
    const a = await museumId('Musée A');
    const usage = t.services.usage;
    await usageRepo(db()).setBudget(a, { tokens: 10_000 });
    usage.tokens(a, { promptTokens: 300, completionTokens: 40 });
    usage.speech(a, 25);
    usage.tokens(await museumId('Musée B'), { promptTokens: 99_999, completionTokens: 1 });
    await usage.settled();

    const res = await t.request('/api/stats/engine-usage?lang=en', { headers: { cookie } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as EngineUsageAnswer;
    // November 1st to the 21st, the test clock's day.
    expect(answer.tokens).toHaveLength(21);
    expect(answer.tokens.at(-1)).toEqual({
      formatted_date: '21 Nov',
      'Tokens sent': 300,
      'Tokens received': 40,
    });
    expect(answer.tokens[0]).toMatchObject({ formatted_date: '1 Nov', 'Tokens sent': 0 });
    expect(answer.speech.at(-1)).toEqual({ formatted_date: '21 Nov', 'Characters read aloud': 25 });
    expect(answer.budget.tokens).toEqual({ used: 340, budget: 10_000, level: 'ok' });

    const csv = await t.request('/api/stats/engine-usage?lang=fr&format=csv', {
      headers: { cookie },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('engine-usage-2026-11-21.csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'date,Jetons envoyés,Jetons reçus,Caractères lus à voix haute,Appels au moteur',
    );
    expect(lines.at(-1)).toBe('2026-11-21,300,40,25,2');
    expect(lines).toHaveLength(22);

    const theirs = (await (
      await t.request('/api/stats/engine-usage', { headers: { cookie: other } })
    ).json()) as EngineUsageAnswer;
    expect(theirs.tokens.at(-1)).toMatchObject({ 'Jetons envoyés': 99_999 });
    expect(JSON.stringify(theirs)).not.toContain('"300"');
    expect(theirs.budget.tokens.budget).toBeNull();

    expect((await t.request('/api/stats/engine-usage')).status).toBe(401);
    expect(
      (await t.request('/api/stats/engine-usage?lang=de', { headers: { cookie } })).status,
    ).toBe(422);
    expect(
      (await t.request('/api/stats/engine-usage?format=xml', { headers: { cookie } })).status,
    ).toBe(422);
    // The other charts are still there.
    expect((await t.request('/api/stats/scans-per-article', { headers: { cookie } })).status).toBe(
      200,
    );
  });
});
