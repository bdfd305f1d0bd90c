import { describe, expect, it } from 'vitest';
import { useFakeEngines } from '../../../../tests/helpers/fake-engines.ts';
import type { FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import type { FakeSpeech } from '../../../../tests/helpers/fake-speech.ts';
import { useTestApp, type TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { LANGUAGES } from '../../languages/catalogue.ts';
import { noteLanguage, UI_STRINGS } from '../render/strings.ts';

/**
 * The characters visitors' requests may send the engines a minute
 * (docs/adr/0034-characters-not-pairs.md), through the whole app, made small: 40,000 source
 * characters a minute to translate for the museum, a quarter (10,000) for one address whatever
 * its browser; 400 characters to read aloud, 100 an address. Stand-in engines count what
 * reaches them; the app's clock moves the minute.
 */
let fake: FakeOpenAI;
let speech: FakeSpeech & { url: string; close(): Promise<void> };
let t: TestApp;

const engines = useFakeEngines();

useTestApp(
  () => ({
    env: {
      ...engines.env(),
      MUSEUM_TRANSLATION_CHARS_PER_MINUTE: '40000',
      MUSEUM_SPEECH_CHARS_PER_MINUTE: '400',
      ADDRESS_CHARS_SHARE_PERCENT: '25',
    },
  }),
  (s) => {
    ({ t } = s);
    ({ fake, speech } = engines);
    engines.clear();
    publish = async (url, blocks) => {
      const cookie = { cookie: s.cookie };
      const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, cookie);
      const { id } = (await added.json()) as { id: number };
      const res = await t.postJson(
        '/api/manage/update_article',
        {
          articleId: id,
          newContent: [{ type: 'metadatas', url }, ...blocks],
          unformatted_name: url,
          instructions: '',
        },
        cookie,
      );
      expect(res.status).toBe(200);
    };
  },
);

let publish: (url: string, blocks: readonly unknown[]) => Promise<void>;

/** A long article: 8 texts of 2,500 characters (four engine calls of 5,000). */
const LONG = Array.from({ length: 8 }, (_, i) => ({
  type: 'text',
  content: `Texte ${i}: ${'la salle des navires. '.repeat(120)}`.slice(0, 2_500),
}));

const phone = (address: string, userAgent = 'Phone/1.0') => ({
  'x-test-address': address,
  'user-agent': userAgent,
  'accept-language': 'en',
});

/** The source characters that reached the translation engine. */
const sent = () =>
  fake.calls
    .filter((c) => c.kind === 'translate')
    .reduce((n, c) => n + c.segments.reduce((m, s) => m + s.text.length, 0), 0);

const busyNote = (lang: string) => UI_STRINGS[noteLanguage(lang, ['en'])]!.tooManyLanguages;

describe('translation, in characters a minute', () => {
  it('holds one address rotating its browser over 145 languages of a long article to its share', async () => {
    await publish('salle-1', LONG);
    const langs = LANGUAGES.filter((l) => l !== 'fr');
    expect(LANGUAGES).toHaveLength(145);
    const pages = await Promise.all(
      langs.map((lang, i) =>
        t.show(`/article?name=salle-1&lang=${lang}`, {
          headers: phone('198.51.100.7', `Bot/${i}`),
        }),
      ),
    );
    for (const page of pages) expect(page.status).toBe(200);
    await Promise.all(pages.map((page) => page.text()));
    expect(sent()).toBeGreaterThan(0);
    expect(sent()).toBeLessThanOrEqual(10_000);
  });

  it('holds the museum to its characters, however many addresses ask', async () => {
    await publish('salle-1', LONG);
    const langs = LANGUAGES.filter((l) => l !== 'fr').slice(0, 8);
    const pages = await Promise.all(
      langs.map((lang, i) =>
        t.show(`/article?name=salle-1&lang=${lang}`, { headers: phone(`203.0.113.${i}`) }),
      ),
    );
    await Promise.all(pages.map((page) => page.text()));
    expect(sent()).toBeGreaterThan(10_000);
    expect(sent()).toBeLessThanOrEqual(40_000);
  });

  it('lets the visitor read what is translated, the rest in the original with the note, then more', async () => {
    await publish('salle-1', LONG);
    const read = async () =>
      (await t.show('/article?name=salle-1&lang=es', { headers: phone('198.51.100.9') })).text();
    await read();
    // Once the first texts are stored: they are read, the rest in French with the note.
    await expect.poll(read, { timeout: 20_000 }).toContain('[es] Texte 0');
    const held = await read();
    expect(held).toContain(busyNote('es'));
    expect(held).toContain('Texte 7: la salle');
    expect(held).not.toContain('[es] Texte 7');
    expect(sent()).toBeLessThanOrEqual(10_000);
    // A minute later, the rest.
    t.clock.advance(60_000);
    await expect.poll(read, { timeout: 20_000 }).toContain('[es] Texte 7');
    expect(await read()).not.toContain(busyNote('es'));
  });
});

describe('reading aloud, in characters a minute', () => {
  it('holds one address to its share whatever its browser, every block counted', async () => {
    const blocks = Array.from({ length: 10 }, (_, i) => ({
      type: 'text',
      content: `Salle ${i}: le port de Nantes.`.padEnd(30, '.'),
    }));
    await publish('salle-2', blocks);
    const statuses = [];
    for (const [i] of blocks.entries()) {
      const res = await t.request(`/speech?name=salle-2&lang=fr&block=${i + 1}`, {
        headers: phone('198.51.100.7', `Bot/${i}`),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toMatchObject({ error: { code: 'too_many_sounds' } });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // 30 characters a sound: three within the address's 100.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(speech.calls.reduce((n, c) => n + c.input.length, 0)).toBe(90);
    // Another address has its own share; the minute over, this one too.
    const other = await t.request('/speech?name=salle-2&lang=fr&block=4', {
      headers: phone('203.0.113.5'),
    });
    expect(other.status).toBe(200);
    t.clock.advance(60_000);
    const again = await t.request('/speech?name=salle-2&lang=fr&block=5', {
      headers: phone('198.51.100.7', 'Bot/0'),
    });
    expect(again.status).toBe(200);
  });
});
