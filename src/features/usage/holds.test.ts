import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { startFakeSpeech, type FakeSpeech } from '../../../tests/helpers/fake-speech.ts';
import { publishArticle, useTranslationApp } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import { museums } from '../../server/db/schema.ts';
import { HOLD_EXPIRY_MS, holdsRepo } from './holds-repo.ts';
import { usageRepo } from './repo.ts';

/**
 * The monthly budget held before each engine call, on a real database
 * (docs/adr/0034-characters-not-pairs.md): a burst of first visits spends no more than the
 * budget left and one call's error of estimate; sounds no more than the characters left; a hold
 * whose process died stops counting; the museum's minute is one count for every process.
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
let speech: FakeSpeech & { url: string; close(): Promise<void> };

beforeAll(async () => {
  speech = await startFakeSpeech();
});
afterAll(() => speech.close());

const app = useTranslationApp((s) => ({ t, cookie, fake } = s), {
  env: {
    get TTS_BASE_URL() {
      return speech.url;
    },
    TTS_TIMEOUT_MS: '5000',
    OPENAI_TIMEOUT_MS: '10000',
  } as Record<string, string>,
});

const db = () => app.database.db;

async function museumA(): Promise<number> {
  const [row] = await db()
    .select({ id: museums.id })
    .from(museums)
    .where(eq(museums.name, 'Musée A'));
  return row!.id;
}

const BLOCKS = [
  { type: 'text', content: 'Bienvenue au musée du port.' },
  { type: 'text', content: 'Les navires partaient vers les Antilles.' },
];

/** A different phone for each request: no visitor's limit a minute is reached. */
const from = (i: number) => ({ 'x-test-address': `203.0.113.${i}`, 'user-agent': `Phone/${i}` });

describe('a nearly spent budget', () => {
  it('takes 30 simultaneous first visits no further than one call past it', async () => {
    const a = await museumA();
    await publishArticle(app, 'salle-1', BLOCKS);
    // 30,000 tokens this month, all but 3,000 already spent.
    const repo = usageRepo(db());
    await repo.setBudget(a, { tokens: 30_000 });
    await repo.add(a, t.clock.now(), { promptTokens: 27_000 });
    const langs =
      'en es de it pt nl pl sv da fi et cs sk hu ro bg el ru uk tr ar he fa hi ja ko ca id vi th'.split(
        ' ',
      );
    expect(langs).toHaveLength(30);
    const pages = await Promise.all(
      langs.map((lang, i) => t.request(`/article?name=salle-1&lang=${lang}`, { headers: from(i) })),
    );
    await Promise.all(pages.map((page) => page.text()));
    await t.services.usage.settled();
    const used = (await t.services.usage.state(a))!.tokens.used;
    const calls = fake.calls.filter((c) => c.kind === 'translate');
    const largest = Math.max(...calls.map((c) => c.promptTokens + c.completionTokens));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThan(langs.length);
    expect(used).toBeLessThanOrEqual(30_000 + largest);
    // Nothing is held any more: every call settled.
    expect(await db().execute(sql`select count(*)::int as n from engine_holds`)).toMatchObject({
      rows: [{ n: 0 }],
    });
  });

  it('makes sounds for no more characters than the speech budget has left', async () => {
    const a = await museumA();
    const blocks = Array.from({ length: 10 }, (_, i) => ({
      type: 'text',
      content: `Salle ${i}: vingt caractères.`.padEnd(30, '.'),
    }));
    await publishArticle(app, 'salle-2', blocks);
    await usageRepo(db()).setBudget(a, { speechChars: 100 });
    const sounds = await Promise.all(
      blocks.map((_, i) =>
        t.request(`/speech?name=salle-2&lang=fr&block=${i + 1}`, { headers: from(i) }),
      ),
    );
    const statuses = sounds.map((s) => s.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 503)).toHaveLength(7);
    await t.services.usage.settled();
    expect((await t.services.usage.state(a))!.speech.used).toBe(90);
    expect(speech.calls.reduce((n, c) => n + c.input.length, 0)).toBe(90);
  });
});

describe('holds', () => {
  it('of a process that died stop counting after their time; the minute is every process’s', async () => {
    const a = await museumA();
    await usageRepo(db()).setBudget(a, { tokens: 1_000 });
    const at = t.clock.now();
    // Two processes' repositories on one database.
    const [one, two] = [holdsRepo(db()), holdsRepo(db())];
    const ask = { museumId: a, at, engine: 'translation' as const, amount: 800 };
    expect(await one.hold(ask)).toHaveProperty('id');
    // Never settled: the budget stays held…
    expect(await two.hold(ask)).toEqual({ kind: 'paused' });
    // …until the hold's time is over.
    const later = new Date(at.getTime() + HOLD_EXPIRY_MS);
    expect(await two.hold({ ...ask, at: later })).toHaveProperty('id');

    const minute = { chars: 600, limit: 1_000 };
    const visitor = { ...ask, amount: 0, at: later, minute };
    expect(await one.hold(visitor)).toHaveProperty('id');
    expect(await two.hold(visitor)).toMatchObject({ kind: 'busy' });
    const next = new Date(later.getTime() + 60_000);
    expect(await two.hold({ ...visitor, at: next })).toHaveProperty('id');
  });

  it('count no minute for a curator’s preview, whose calls still settle in the budget', async () => {
    await publishArticle(app, 'salle-3', BLOCKS);
    const res = await t.request('/article?name=salle-3&lang=es&ignoreStats=true', {
      headers: { cookie },
    });
    expect(await res.text()).toContain('[es] Bienvenue');
    expect(await db().execute(sql`select count(*)::int as n from engine_minutes`)).toMatchObject({
      rows: [{ n: 0 }],
    });
    await t.services.usage.settled();
    expect((await t.services.usage.state(await museumA()))!.tokens.used).toBeGreaterThan(0);
  });
});
