import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testClock } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { museums } from '../../server/db/schema.ts';
import { isTimeZone } from './schema.ts';

let t: TestApp;
let cookie: string;
let other: string;
const app = useTestApp(
  () => ({
    // 23:30 UTC: the 22nd in Paris, still the 21st in New York.
    clock: testClock(new Date('2026-11-21T23:30:00Z')),
    env: { COUNTS_FLUSH_MS: '0', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  }),
  (s) => ({ t, cookie, other } = s),
);

const manage = (path: string, body: unknown, as = cookie) =>
  t.postJson(`/api/manage/${path}`, body, { cookie: as });
const settings = async (as = cookie) =>
  (await t.request('/api/read/settings', { headers: { cookie: as } })).json();

describe('museum settings', () => {
  it('start as French and Europe/Paris', async () => {
    expect(await settings()).toEqual({
      museum: 'Musée A',
      sourceLanguage: 'fr',
      timeZone: 'Europe/Paris',
      priorityLanguages: [],
      // Read aloud: the phone's voice, no speech engine in these tests.
      speech: { voice: 'browser', otherLanguages: [] },
      visitorLanguages: null,
      speechEngine: false,
      slug: null,
    });
  });

  it('change the time zone and source language of this museum only, at once', async () => {
    const curator = staff(t, cookie);
    const code = await curator.codeFor(await curator.publish('salle-1', 'Salle 1', 'Hello'));
    await t.request(`/r/${code.link}`, { redirect: 'manual' });

    const res = await manage('update_settings', {
      sourceLanguage: 'en',
      timeZone: 'America/New_York',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      museum: 'Musée A',
      sourceLanguage: 'en',
      timeZone: 'America/New_York',
      priorityLanguages: [],
      speech: { voice: 'browser', otherLanguages: [] },
      visitorLanguages: null,
      speechEngine: false,
      slug: null,
    });
    expect(await settings(other)).toMatchObject({ sourceLanguage: 'fr', timeZone: 'Europe/Paris' });

    // The next scan counts on New York's day (the 21st) and in the new source language; the
    // first was counted on Paris's day, the 22nd, not yet come in New York.
    await t.request(`/r/${code.link}`, { redirect: 'manual' });
    const chart = (await (
      await t.request('/api/stats/scans-per-language?lang=en', { headers: { cookie } })
    ).json()) as Record<string, string | number>[];
    expect(chart.at(-1)).toEqual({ formatted_date: '21 Nov', English: 1 });
    // The page in English is now the original, served without an engine.
    const page = await (await t.request('/article?name=salle-1&lang=en')).text();
    expect(page).toContain('Hello');
    expect(page).not.toContain('Machine translated');
  });

  it('keep the read-aloud voice and its other languages; refuse an unknown voice', async () => {
    const speech = { voice: 'server', otherLanguages: ['ja', 'es', 'ja'] };
    const res = await manage('update_settings', {
      sourceLanguage: 'fr',
      timeZone: 'Europe/Paris',
      speech,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      speech: { voice: 'server', otherLanguages: ['ja', 'es'] },
    });
    // Left out: unchanged.
    await manage('update_settings', { sourceLanguage: 'fr', timeZone: 'Europe/Paris' });
    expect(await settings()).toMatchObject({ speech: { voice: 'server' } });
    expect(await settings(other)).toMatchObject({ speech: { voice: 'browser' } });
    const wrong = await manage('update_settings', {
      sourceLanguage: 'fr',
      timeZone: 'Europe/Paris',
      speech: { voice: 'robot', otherLanguages: [] },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.message).toContain('speech.voice');
  });

  it.each([
    ['an unknown language', { sourceLanguage: 'xx', timeZone: 'Europe/Paris' }, 'sourceLanguage'],
    ['an unknown zone', { sourceLanguage: 'fr', timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a hostile zone', { sourceLanguage: 'fr', timeZone: '<script>' }, 'timeZone'],
    ['a number', { sourceLanguage: 'fr', timeZone: 2 }, 'timeZone'],
    ['nothing', {}, 'sourceLanguage'],
  ])('refuses %s, naming the field, and changes nothing', async (_, body, field) => {
    const res = await manage('update_settings', body);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toContain(field);
    expect(await settings()).toMatchObject({ sourceLanguage: 'fr', timeZone: 'Europe/Paris' });
  });

  describe('languages visitors may choose', () => {
    const base = { sourceLanguage: 'fr', timeZone: 'Europe/Paris' };
    const refusal = async (res: Response) => {
      expect(res.status).toBe(422);
      return ((await res.json()) as { error: { code: string; message: string; details: unknown } })
        .error;
    };

    it('keep a list spelt canonically, each once, with the museum’s own language', async () => {
      const res = await manage('update_settings', {
        ...base,
        visitorLanguages: ['ES', 'zh-hant', 'es', 'en'],
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ visitorLanguages: ['en', 'es', 'fr', 'zh-Hant'] });
      // Left out: unchanged; a new source language joins the list.
      await manage('update_settings', { ...base, sourceLanguage: 'de' });
      expect(await settings()).toMatchObject({
        visitorLanguages: ['de', 'en', 'es', 'fr', 'zh-Hant'],
      });
      expect(await settings(other)).toMatchObject({ visitorLanguages: null });
      // null: every language again.
      await manage('update_settings', { ...base, visitorLanguages: null });
      expect(await settings()).toMatchObject({ visitorLanguages: null });
    });

    it.each([
      ['a string', 'en'],
      ['numbers', [1, 2]],
      ['an object', { en: true }],
      ['a long code', ['x'.repeat(36)]],
    ])('refuse %s, naming the field', async (_, visitorLanguages) => {
      const error = await refusal(await manage('update_settings', { ...base, visitorLanguages }));
      expect(error.code).toBe('invalid_body');
      expect(error.message).toContain('visitorLanguages');
      expect(await settings()).toMatchObject({ visitorLanguages: null });
    });

    it('refuse unknown codes and hostile text, naming them, and an empty list', async () => {
      const hostile = '<script>alert(1)</script>';
      const error = await refusal(
        await manage('update_settings', { ...base, visitorLanguages: ['en', 'xx', hostile] }),
      );
      expect(error).toMatchObject({
        code: 'invalid_body',
        details: { field: 'visitorLanguages', reason: 'unknown_languages' },
      });
      expect(error.message).toBe(`visitorLanguages: not languages Legenda offers: xx, ${hostile}.`);
      const empty = await refusal(
        await manage('update_settings', { ...base, visitorLanguages: [] }),
      );
      expect(empty.details).toEqual({ field: 'visitorLanguages', reason: 'no_languages' });
      expect(await settings()).toMatchObject({ visitorLanguages: null });
      // The museum's own language alone: visitors read the original only.
      const own = await manage('update_settings', { ...base, visitorLanguages: ['fr'] });
      expect(await own.json()).toMatchObject({ visitorLanguages: ['fr'] });
    });

    it('refuse a list leaving out a priority or read-aloud language, naming it', async () => {
      await manage('update_settings', {
        ...base,
        priorityLanguages: ['es', 'ja'],
        speech: { voice: 'browser', otherLanguages: ['ko'] },
      });
      const priority = await refusal(
        await manage('update_settings', { ...base, visitorLanguages: ['es', 'ko'] }),
      );
      expect(priority.details).toEqual({
        field: 'priorityLanguages',
        reason: 'not_offered',
        languages: 'ja',
      });
      const spoken = await refusal(
        await manage('update_settings', {
          ...base,
          visitorLanguages: ['es', 'ja'],
          priorityLanguages: ['es'],
        }),
      );
      expect(spoken.details).toMatchObject({ field: 'speech.otherLanguages', languages: 'ko' });
      expect(await settings()).toMatchObject({
        priorityLanguages: ['es', 'ja'],
        visitorLanguages: null,
      });
      // Both within the list: saved together.
      const res = await manage('update_settings', {
        ...base,
        visitorLanguages: ['es', 'ja', 'ko'],
      });
      expect(res.status).toBe(200);
    });
  });

  it('need a session and our own origin', async () => {
    expect((await t.request('/api/read/settings')).status).toBe(401);
    const cross = await t.postJson(
      '/api/manage/update_settings',
      { sourceLanguage: 'en', timeZone: 'UTC' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(cross.status).toBe(403);
  });

  it('shows a zone saved under an old name under its current one, and saves the current one', async () => {
    const { db } = app.database;
    await db.update(museums).set({ timeZone: 'Europe/Kiev' }).where(eq(museums.name, 'Musée A'));
    expect(await settings()).toMatchObject({ timeZone: 'Europe/Kyiv' });

    const res = await manage('update_settings', {
      sourceLanguage: 'fr',
      timeZone: 'Asia/Calcutta',
    });
    expect(await res.json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    const [row] = await db
      .select({ timeZone: museums.timeZone })
      .from(museums)
      .where(eq(museums.name, 'Musée A'));
    expect(row?.timeZone).toBe('Asia/Kolkata');
  });

  it('knows time zones', () => {
    expect(['Europe/Paris', 'UTC', 'America/Argentina/Buenos_Aires'].map(isTimeZone)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['Paris', '', '../etc/passwd', 'Europe/Paris; drop'].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
