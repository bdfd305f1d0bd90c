import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/helpers/app.ts';
import { publishArticle } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import { translationFailures } from '../../server/db/schema.ts';
import type { ReviewDocument } from './schema.ts';
import type { TranslationStatus } from './status.ts';
import { cookie, fake, other, t, useReviewApp } from './test-fixtures.ts';

/**
 * The back-off of texts whose translations keep failing (translation/failures.ts), through the
 * whole app on a real database: it doubles from a minute up to a day whoever asks and in every
 * process, the engine is not called while a pair waits, a save, a reset, a glossary change or
 * Translate now starts it afresh, and staff see the pair failing with the reason and next try.
 */
const app = useReviewApp();

const BLOCKS = [
  { type: 'text', id: 'Intro', content: 'Bienvenue au musée du port.' },
  { type: 'text', id: 'Fin', content: 'Merci de votre visite.' },
];
const MINUTE = 60_000;

/** The engine's answers for the first text hold markup: the checks refuse them, twice. */
function refuseFirstText() {
  fake.setBehaviour({
    type: 'answer',
    translations: (segments) =>
      segments.map((s) => ({
        id: s.id,
        text: s.text.startsWith('Bienvenue') ? '<b>x</b>' : `[it] ${s.text}`,
      })),
  });
}

const visit = async (name: string, lang = 'it', on: TestApp = t) => {
  const res = await on.request(`/article?name=${name}&lang=${lang}`);
  expect(res.status).toBe(200);
  return res.text();
};

async function row(articleId: number, language = 'it') {
  const [found] = await app.database.db
    .select()
    .from(translationFailures)
    .where(
      and(eq(translationFailures.articleId, articleId), eq(translationFailures.language, language)),
    );
  return found;
}

/** How long the pair waits after its last failure, in minutes. */
async function waitMinutes(articleId: number, language = 'it'): Promise<number | undefined> {
  const found = await row(articleId, language);
  return found && (found.nextTryAt.getTime() - found.lastFailedAt.getTime()) / MINUTE;
}

async function overview(as = cookie): Promise<TranslationStatus> {
  await t.services.prepare.settled();
  await t.services.status.settled();
  const res = await t.request('/api/read/translation_status', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as TranslationStatus;
}

describe('back-off of failing translations', () => {
  it('waits 1, 2, 4, 8… minutes, up to a day, calling the engine only when the wait is over', async () => {
    const id = await publishArticle(app, 'salle-1', BLOCKS);
    refuseFirstText();
    const page = await visit('salle-1');
    // The refused text in French, the other one translated.
    expect(page).toContain('Bienvenue au musée du port.');
    expect(page).toContain('[it] Merci de votre visite.');
    expect(fake.calls).toHaveLength(2); // its batch, then the retry of the refused text
    expect(await row(id)).toMatchObject({ failures: 1, reason: 'refused:1', generation: 0 });

    const expected = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1440, 1440, 1440];
    for (const [round, minutes] of expected.entries()) {
      expect(await waitMinutes(id)).toBe(minutes);
      expect((await row(id))?.failures).toBe(round + 1);
      const calls = fake.calls.length;
      // Just before the next try: what is stored, and no engine call.
      t.clock.advance(minutes * MINUTE - 1_000);
      const waiting = await visit('salle-1');
      expect(waiting).toContain('[it] Merci de votre visite.');
      expect(waiting).toContain('Bienvenue au musée du port.');
      expect(fake.calls).toHaveLength(calls);
      // Past it: one more try (two calls: the text and its retry), refused again.
      t.clock.advance(2_000);
      await visit('salle-1');
      expect(fake.calls).toHaveLength(calls + 2);
    }

    // A complete translation removes the back-off.
    fake.setBehaviour({ type: 'ok' });
    t.clock.advance(1440 * MINUTE);
    expect(await visit('salle-1')).toContain('[it] Bienvenue au musée du port.');
    expect(await row(id)).toBeUndefined();
  });

  it('holds in every process on the database: a second server calls no engine while it waits', async () => {
    const id = await publishArticle(app, 'salle-2', BLOCKS);
    const second = testApp(app.database.db, { env: engineEnv(), clock: t.clock });
    fake.setBehaviour({ type: 'status', status: 500 });
    const original = await visit('salle-2', 'ja');
    expect(original).toContain('<html lang="fr"');
    expect(await row(id, 'ja')).toMatchObject({ failures: 1, reason: 'engine:2' });
    const calls = fake.calls.length;

    fake.setBehaviour({ type: 'ok' });
    // The other process, and this one again: the original, no call, for the whole minute.
    expect(await visit('salle-2', 'ja', second)).toContain('Bienvenue au musée du port.');
    t.clock.advance(59_000);
    expect(await visit('salle-2', 'ja', second)).toContain('<html lang="fr"');
    expect(await visit('salle-2', 'ja')).toContain('<html lang="fr"');
    expect(fake.calls).toHaveLength(calls);

    // The engine failing again in the second process: the wait doubles for both.
    fake.setBehaviour({ type: 'status', status: 500 });
    t.clock.advance(2_000);
    await visit('salle-2', 'ja', second);
    expect(await waitMinutes(id, 'ja')).toBe(2);
    const after = fake.calls.length;
    fake.setBehaviour({ type: 'ok' });
    t.clock.advance(MINUTE);
    await visit('salle-2', 'ja');
    expect(fake.calls).toHaveLength(after);

    // Two visitors failing in the same round count one failure.
    fake.setBehaviour({ type: 'status', status: 500 });
    t.clock.advance(MINUTE + 1_000);
    await Promise.all([visit('salle-2', 'ja'), visit('salle-2', 'ja', second)]);
    expect((await row(id, 'ja'))?.failures).toBe(3);
  });

  it('starts afresh after a save, a reset, a glossary change or Translate now', async () => {
    const id = await publishArticle(app, 'salle-3', BLOCKS);
    /** A failure recorded, then the fresh start, then a visit: the engine is called at once. */
    async function freshAfter(start: () => Promise<unknown>) {
      refuseFirstText();
      t.clock.advance(MINUTE + 1_000); // past the previous round's first wait
      await visit('salle-3');
      expect(await row(id)).toBeDefined();
      const calls = fake.calls.length;
      await visit('salle-3');
      expect(fake.calls).toHaveLength(calls);
      await start();
      expect(await row(id)).toBeUndefined();
      await t.services.prepare.settled();
      await visit('salle-3');
      expect(fake.calls.length).toBeGreaterThan(calls);
    }
    const manage = async (path: string, body: unknown) => {
      const res = await t.postJson(`/api/manage/${path}`, body, { cookie });
      expect(res.status).toBeLessThan(300);
      return res;
    };

    await freshAfter(() =>
      manage('update_article', {
        articleId: id,
        newContent: [{ type: 'metadatas', url: 'salle-3' }, ...BLOCKS],
        unformatted_name: 'Panneau',
        instructions: '',
      }),
    );
    await freshAfter(() => manage('reset_traductions', { articleId: id }));
    await freshAfter(() =>
      manage('save_glossary_term', {
        term: 'port',
        note: '',
        doNotTranslate: false,
        translations: { it: 'porto' },
      }),
    );
    // Translate now of the pair: the engine called at once, by Translate now itself.
    refuseFirstText();
    t.clock.advance(MINUTE + 1_000);
    await visit('salle-3');
    expect(await row(id)).toMatchObject({ failures: 2 });
    const calls = fake.calls.length;
    fake.setBehaviour({ type: 'ok' });
    await manage('translate_now', { articleId: id, langs: ['it'] });
    await t.services.prepare.settled();
    expect(fake.calls.length).toBeGreaterThan(calls);
    expect(await row(id)).toBeUndefined();
    t.clock.advance(2_000); // past the page kept for a second
    expect(await visit('salle-3')).toContain('[it] Bienvenue au musée du port.');
  });

  it('counts a failed Translate now as a first failure: a minute, not the long wait before', async () => {
    const id = await publishArticle(app, 'salle-5', BLOCKS);
    fake.setBehaviour({ type: 'status', status: 500 });
    for (const minutes of [1, 2, 4, 8]) {
      await visit('salle-5');
      t.clock.advance(minutes * MINUTE + 1_000);
    }
    expect(await row(id)).toMatchObject({ failures: 4 });
    const started = await t.postJson(
      '/api/manage/translate_now',
      { articleId: id, langs: ['it'] },
      { cookie },
    );
    expect(started.status).toBe(202);
    await t.services.prepare.settled();
    expect(await row(id)).toMatchObject({ failures: 1, reason: 'engine:2' });
    expect(await waitMinutes(id)).toBe(1);
    // Another museum's Translate now of it is refused, and changes nothing.
    const foreign = await t.postJson(
      '/api/manage/translate_now',
      { articleId: id, langs: ['it'] },
      { cookie: other },
    );
    expect(foreign.status).toBe(404);
    expect(await row(id)).toMatchObject({ failures: 1 });
  });
});

function engineEnv(): Record<string, string> {
  return {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test',
    OPENAI_TIMEOUT_MS: '1000',
    OPENAI_MAX_RETRIES: '0',
    COUNTS_FLUSH_MS: '0',
  };
}

describe('failing pairs as staff see them', () => {
  it('shows the pair failing in the overview and on the review screen, never to another museum', async () => {
    const id = await publishArticle(app, 'salle-4', BLOCKS, 'Salle 4');
    refuseFirstText();
    await visit('salle-4');
    const mine = await overview();
    expect(mine.languages).toEqual(['it']);
    expect(mine.failing).toEqual([
      {
        articleId: id,
        language: 'it',
        reason: 'refused',
        texts: 1,
        failures: 1,
        lastFailedAt: expect.any(String) as unknown,
        nextTryAt: expect.any(String) as unknown,
      },
    ]);
    const failing = mine.failing[0]!;
    expect(new Date(failing.nextTryAt).getTime() - new Date(failing.lastFailedAt).getTime()).toBe(
      MINUTE,
    );
    expect(new Date(failing.lastFailedAt).getTime()).toBe(t.clock.now().getTime());
    // Its counts are still there, unchanged in shape.
    expect(mine.articles[0]!.languages.it).toMatchObject({ missing: 1, machine: 1 });

    const review = await t.request(`/api/read/translations?articleId=${id}&lang=it`, {
      headers: { cookie },
    });
    const doc = (await review.json()) as ReviewDocument;
    expect(doc.failing).toMatchObject({ reason: 'refused', texts: 1, failures: 1 });
    expect(doc.failing?.nextTryAt).toBe(new Date(t.clock.now().getTime() + MINUTE).toISOString());

    // Another museum sees none of it, and cannot read the pair.
    const theirs = await overview(other);
    expect(theirs).toEqual({ languages: [], articles: [], failing: [] });
    const foreign = await t.request(`/api/read/translations?articleId=${id}&lang=it`, {
      headers: { cookie: other },
    });
    expect(foreign.status).toBe(404);

    // Translated at last: no longer failing.
    fake.setBehaviour({ type: 'ok' });
    t.clock.advance(MINUTE + 1);
    await visit('salle-4');
    expect((await overview()).failing).toEqual([]);
    const after = await t.request(`/api/read/translations?articleId=${id}&lang=it`, {
      headers: { cookie },
    });
    expect(((await after.json()) as ReviewDocument).failing).toBeUndefined();
  });
});
