import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useFakeEngines } from '../../../../tests/helpers/fake-engines.ts';
import type { FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import type { FakeSpeech } from '../../../../tests/helpers/fake-speech.ts';
import { useTestApp, type TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { silentLogger } from '../../../server/log.ts';
import { nodeListener } from '../../../app/node-listener.ts';
import { LANGUAGES } from '../../languages/catalogue.ts';
import type { EngineBudget } from './engine-gate.ts';
import { PAGE_HEADER, SAVE_HEADER } from '../offline.ts';
import { noteLanguage, UI_STRINGS } from '../render/strings.ts';

/**
 * What anonymous requests may start (engine-gate.ts), through the whole app with the
 * documented limits (6 new translations a visitor and 60 a museum a minute, 2 pages read aloud a
 * visitor), stand-in engines whose calls are counted, and the app's clock.
 */
let fake: FakeOpenAI;
let speech: FakeSpeech & { url: string; close(): Promise<void> };
let t: TestApp;
let cookie: string;
let other: string;
/** The museums whose budget the stand-in says is spent. */
const spent = new Set<number>();
const budget: EngineBudget = {
  translationPaused: (id) => Promise.resolve(spent.has(id)),
  speechPaused: (id) => Promise.resolve(spent.has(id)),
};

const engines = useFakeEngines();

useTestApp(
  () => ({
    env: {
      ...engines.env(),
    },
    budget,
  }),
  (s) => {
    ({ t, cookie, other } = s);
    ({ fake, speech } = engines);
    engines.clear();
    spent.clear();
  },
);

const BLOCKS = [
  { type: 'text', content: 'Bienvenue au port.' },
  { type: 'text', content: 'Les navires partaient vers les Antilles.' },
  { type: 'text', content: 'Le sucre revenait à Nantes.' },
];

/** A new article of museum A at `url`, as its curator saves it: its id. */
async function publish(url: string, as = cookie): Promise<number> {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie: as });
  const { id } = (await added.json()) as { id: number };
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url }, ...BLOCKS],
      unformatted_name: url,
      instructions: '',
    },
    { cookie: as },
  );
  expect(res.status).toBe(200);
  return id;
}

const phone = (address = '198.51.100.7') => ({
  'x-test-address': address,
  'user-agent': 'Phone/1.0',
  'accept-language': 'en',
});

const visit = (query: string, headers: Record<string, string> = phone(), method = 'GET') =>
  t.show(`/article?${query}`, { method, headers });

/** The engine's translations so far, by target language. */
const translated = () => fake.calls.filter((c) => c.kind === 'translate').map((c) => c.targetLang);

const busyNote = (lang: string) => UI_STRINGS[noteLanguage(lang, ['en'])]!.tooManyLanguages;

describe('a visitor’s new translations', () => {
  it('walking 14 languages starts 6 in a minute; the rest read the original with a note', async () => {
    await publish('salle-1');
    // Fourteen are enough to pass the limit twice over; all 145 at once, from one address
    // rotating its browser, are walked in characters (chars.test.ts).
    const others = LANGUAGES.filter((l) => l !== 'fr').slice(0, 14);
    const held: string[] = [];
    for (const lang of others) {
      const res = await visit(`name=salle-1&lang=${lang}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      if (!html.includes(busyNote(lang))) continue;
      held.push(lang);
      // The original, said in the visitor's words, never kept as the page for good.
      expect(html).toContain('Bienvenue au port.');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get(PAGE_HEADER)).toBe(null);
    }
    expect(translated()).toEqual(others.slice(0, 6));
    expect(held).toEqual(others.slice(6));
    // Japanese's note is in Japanese; a language without our words, in English.
    expect(busyNote('ja')).toBe(UI_STRINGS.ja!.tooManyLanguages);
    expect(busyNote('sw')).toBe(UI_STRINGS.en!.tooManyLanguages);

    // What was translated is still read, at no cost; the minute over, a held one translates.
    // (On a loaded machine the first of them may still be on its way: read once it is stored.)
    await expect
      .poll(async () => (await visit('name=salle-1&lang=' + others[0])).text(), {
        timeout: 20_000,
      })
      .toContain(`[${others[0]}] Bienvenue`);
    t.clock.advance(60_000);
    await expect
      .poll(async () => (await visit(`name=salle-1&lang=${others[6]}`)).text(), {
        timeout: 20_000,
      })
      .toContain(`[${others[6]}] Bienvenue`);
    expect(translated()).toHaveLength(7);
  });

  it('shows what is stored, the rest in the source text, when a held page was translated before', async () => {
    const id = await publish('salle-2');
    expect(await (await visit('name=salle-2&lang=es')).text()).toContain('[es] Bienvenue au port.');
    // The curator rewrites one text: Spanish now misses it, a new translation to start.
    const edited = await t.postJson(
      '/api/manage/update_article',
      {
        articleId: id,
        newContent: [
          { type: 'metadatas', url: 'salle-2' },
          ...BLOCKS.slice(0, 2),
          { type: 'text', content: 'Le café revenait aussi.' },
        ],
        unformatted_name: 'salle-2',
        instructions: '',
      },
      { cookie },
    );
    expect(edited.status).toBe(200);
    for (const lang of ['de', 'it', 'pt', 'nl', 'pl']) await visit(`name=salle-2&lang=${lang}`);
    const calls = translated().length;
    const res = await visit('name=salle-2&lang=es');
    const html = await res.text();
    expect(html).toContain(busyNote('es'));
    expect(html).toContain('[es] Bienvenue au port.');
    expect(html).toContain('Le café revenait aussi.');
    expect(html).toMatch(/<html[^>]* lang="es"/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(translated()).toHaveLength(calls);
  });

  it('counts a new language as an anonymous ignoreStats preview or an offline save too', async () => {
    await publish('salle-1');
    const langs = ['en', 'es', 'de', 'it', 'pt', 'nl', 'pl', 'ru'];
    for (const [i, lang] of langs.entries()) {
      const query = `name=salle-1&lang=${lang}` + (i % 2 ? '&ignoreStats=true' : '');
      await visit(query, i === 2 ? { ...phone(), [SAVE_HEADER]: '1' } : phone());
    }
    expect(translated()).toEqual(langs.slice(0, 6));
    expect(await (await visit('name=salle-1&lang=ru&ignoreStats=true')).text()).toContain(
      busyNote('ru'),
    );
  });

  it('never holds a curator’s preview of their own museum; another museum’s is a visitor', async () => {
    await publish('salle-1');
    const staff = { ...phone(), cookie };
    const langs = LANGUAGES.filter((l) => l !== 'fr').slice(0, 10);
    for (const lang of langs) {
      const html = await (await visit(`name=salle-1&lang=${lang}&ignoreStats=true`, staff)).text();
      expect(html).toContain(`[${lang}] Bienvenue`);
    }
    const stranger = { ...phone('198.51.100.8'), cookie: other };
    for (const lang of LANGUAGES.slice(20, 27)) {
      await visit(`name=salle-1&lang=${lang}&ignoreStats=true`, stranger);
    }
    expect(translated()).toHaveLength(16);
  });

  it('holds the whole museum at 60 a minute, however many addresses ask', async () => {
    await publish('salle-1');
    await publish('salle-2');
    const langs = LANGUAGES.filter((l) => l !== 'fr');
    const asks = [...langs.map((l) => ['salle-1', l]), ...langs.map((l) => ['salle-2', l])];
    let busy = 0;
    for (const [i, [name, lang]] of asks.slice(0, 70).entries()) {
      const html = await (await visit(`name=${name}&lang=${lang}`, phone(`203.0.113.${i}`))).text();
      if (html.includes(busyNote(lang!))) busy++;
    }
    expect(translated()).toHaveLength(60);
    expect(busy).toBe(10);
  });

  it('lets a normal visitor read one article in two languages and listen to it whole', async () => {
    await publish('salle-1');
    for (const lang of ['en', 'es']) {
      const html = await (await visit(`name=salle-1&lang=${lang}`)).text();
      expect(html).toContain(`[${lang}] Bienvenue`);
      // Saved for offline reading, then read again: nothing new.
      await visit(`name=salle-1&lang=${lang}`, { ...phone(), [SAVE_HEADER]: '1' });
      for (const block of [1, 2, 3, 1, 2, 3]) {
        const res = await t.request(`/speech?name=salle-1&lang=${lang}&block=${block}`, {
          headers: phone(),
        });
        expect(res.status).toBe(200);
      }
    }
    expect(translated()).toEqual(['en', 'es']);
    expect(speech.calls).toHaveLength(6);
  });
});

describe('a visitor’s new pages read aloud', () => {
  const sound = (name: string, block: number, method = 'GET') =>
    t.request(`/speech?name=${name}&lang=es&block=${block}`, { method, headers: phone() });

  it('past 2 pages a minute answers 429 with Retry-After, while every block of the first plays', async () => {
    for (const name of ['salle-1', 'salle-2', 'salle-3']) {
      await publish(name);
      await visit(`name=${name}&lang=es`);
    }
    expect((await sound('salle-1', 1)).status).toBe(200);
    expect((await sound('salle-2', 1)).status).toBe(200);
    const held = await sound('salle-3', 1);
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('60');
    expect(await held.json()).toMatchObject({ error: { code: 'too_many_sounds' } });
    for (const block of [2, 3]) expect((await sound('salle-1', block)).status).toBe(200);
    expect(speech.calls).toHaveLength(4);
    t.clock.advance(60_000);
    expect((await sound('salle-3', 1)).status).toBe(200);
  });
  it('holds a circuit saved for offline reading (offline.js) as any visitor: 2 pages a minute', async () => {
    const saving = (name: string, block: number) =>
      t.request(`/speech?name=${name}&lang=es&block=${block}`, {
        headers: { ...phone(), [SAVE_HEADER]: '1' },
      });
    for (const name of ['salle-1', 'salle-2', 'salle-3']) {
      await publish(name);
      await visit(`name=${name}&lang=es`);
    }
    expect((await saving('salle-1', 1)).status).toBe(200);
    expect((await saving('salle-2', 1)).status).toBe(200);
    // The third stop's sounds wait (offline.js waits out Retry-After while its save has time).
    const held = await saving('salle-3', 1);
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('60');
    // A save and the Listen button share the visitor's limit.
    expect((await sound('salle-3', 1)).status).toBe(429);
    expect(speech.calls).toHaveLength(2);
    t.clock.advance(60_000);
    expect((await saving('salle-3', 1)).status).toBe(200);
  });
});

describe('HEAD', () => {
  it('starts no translation nor sound, through the visitor page, a circuit and /speech', async () => {
    const id = await publish('salle-1');
    const head = await visit('name=salle-1&lang=de', phone(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    const saved = await t.postJson(
      '/api/manage/save_circuit',
      { name: 'tour', title: 'Le tour', intro: '', articleIds: [id] },
      { cookie },
    );
    expect(saved.status).toBe(201);
    const circuit = await t.request('/circuit?name=tour&lang=de', { method: 'HEAD' });
    expect(circuit.status).toBe(200);
    expect(translated()).toEqual([]);

    await visit('name=salle-1&lang=de');
    const sound = (method: string) =>
      t.request('/speech?name=salle-1&lang=de&block=1', { method, headers: phone() });
    expect((await sound('HEAD')).status).toBe(404);
    expect(speech.calls).toHaveLength(0);
    expect((await sound('GET')).status).toBe(200);
    expect((await sound('HEAD')).status).toBe(200);
    expect(speech.calls).toHaveLength(1);
  });
});

describe('HEAD on the Node entry', () => {
  it('starts nothing on its own request either (node-listener.ts, then the adapter)', async () => {
    await publish('salle-1');
    const server = http.createServer(
      nodeListener(t.app, t.services, {
        hsts: false,
        clientAddress: () => '198.51.100.7',
        log: silentLogger,
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of [
        '/article?name=salle-1&lang=de',
        '/article?name=salle-1&lang=de&ignoreStats=true',
        '/speech?name=salle-1&lang=fr&block=1',
      ]) {
        const res = await fetch(`${base}${path}`, { method: 'HEAD' });
        expect(res.status, path).toBeLessThan(500);
      }
      expect(translated()).toEqual([]);
      expect(speech.calls).toHaveLength(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a circuit’s texts', () => {
  it('are a new translation like an article’s, held past the limit', async () => {
    const id = await publish('salle-1');
    const saved = await t.postJson(
      '/api/manage/save_circuit',
      { name: 'tour', title: 'Le tour', intro: 'Bienvenue.', articleIds: [id] },
      { cookie },
    );
    expect(saved.status).toBe(201);
    const langs = LANGUAGES.filter((l) => l !== 'fr').slice(0, 7);
    const pages = [];
    for (const lang of langs) {
      const res = await t.show(`/circuit?name=tour&lang=${lang}`, { headers: phone() });
      pages.push({ res, html: await res.text() });
    }
    expect(translated()).toEqual(langs.slice(0, 6));
    const last = pages[6]!;
    expect(last.html).toContain('<h1>Le tour</h1>');
    expect(last.html).toContain(busyNote(langs[6]!));
    expect(last.res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a monthly budget spent', () => {
  it('starts no new translation nor sound; what is stored is still read and heard', async () => {
    await publish('salle-1');
    await visit('name=salle-1&lang=es');
    expect((await t.request('/speech?name=salle-1&lang=es&block=1')).status).toBe(200);
    spent.add(1);
    t.clock.advance(2_000);
    const stored = await (await visit('name=salle-1&lang=es')).text();
    expect(stored).toContain('[es] Bienvenue');
    expect((await t.request('/speech?name=salle-1&lang=es&block=1')).status).toBe(200);
    const held = await t.request('/speech?name=salle-1&lang=es&block=2');
    expect(held.status).toBe(503);
    expect(await held.json()).toMatchObject({ error: { code: 'speech_paused' } });

    const res = await visit('name=salle-1&lang=de');
    const html = await res.text();
    expect(html).toContain('Bienvenue au port.');
    expect(html).toContain(UI_STRINGS.de!.translationPaused);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Even a curator's preview: the budget is the museum's.
    const preview = await visit('name=salle-1&lang=it&ignoreStats=true', { ...phone(), cookie });
    expect(await preview.text()).toContain(UI_STRINGS.it!.translationPaused);
    expect(translated()).toEqual(['es']);
    expect(speech.calls).toHaveLength(1);
    // Another month (the stand-in says so): translated again, the page not kept as paused.
    spent.clear();
    expect(await (await visit('name=salle-1&lang=de')).text()).toContain('[de] Bienvenue');
  });
});
