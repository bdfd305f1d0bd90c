import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../../tests/helpers/db.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import { startFakeSpeech, type FakeSpeech } from '../../../../tests/helpers/fake-speech.ts';
import { useTestApp, type TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { dailyCounts } from '../../../server/db/schema.ts';
import { speechType } from '../../translation/speech-engine.ts';
import { LISTEN_SCRIPT, LISTEN_SCRIPT_VERSION } from '../render/document.ts';
import { preferredVoice, speechUnits } from './speech.ts';
import { SAVE_HEADER } from '../offline.ts';
import { UI_STRINGS } from '../render/strings.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../../../public');

describe('listen.js', () => {
  it('is named with the version of its content (cached a year under that name)', () => {
    const hash = createHash('sha256')
      .update(fs.readFileSync(path.join(PUBLIC, 'listen.js')))
      .digest('hex')
      .slice(0, LISTEN_SCRIPT_VERSION.length);
    expect(LISTEN_SCRIPT_VERSION, 'set LISTEN_SCRIPT_VERSION in document.ts to this').toBe(hash);
    expect(LISTEN_SCRIPT).toBe(`/listen.js?v=${hash}`);
  });
});

describe('speechUnits', () => {
  it('reads the blocks with words in order, one text each, without italics marks', () => {
    const units = speechUnits([
      { type: 'metadatas' },
      { type: 'text', content: 'Bienvenue au [!musée!].' },
      { type: 'image', src: '/media/a.webp' },
      { type: 'space', size: 10 },
      {
        type: 'accordion',
        header: { content: 'En savoir plus' },
        details: [{ type: 'text', content: 'Le sucre.' }, { type: 'space' }],
      },
      { type: 'audio', caption: 'Le capitaine', transcript: 'Bonjour à tous' },
      { type: 'text', content: '   ' },
      { type: 'legendItem', content: 'Une ancre' },
    ] as never);
    expect(units).toEqual([
      { index: 1, text: 'Bienvenue au musée.' },
      { index: 4, text: 'En savoir plus\nLe sucre.' },
      { index: 5, text: 'Le capitaine' },
      { index: 7, text: 'Une ancre' },
    ]);
  });

  it('takes the museum’s voice per language, the other one for the languages it names', () => {
    const setting = { voice: 'browser' as const, otherLanguages: ['ja'] };
    expect(preferredVoice(setting, 'es')).toBe('browser');
    expect(preferredVoice(setting, 'ja')).toBe('server');
    expect(preferredVoice({ voice: 'server', otherLanguages: ['es'] }, 'es')).toBe('browser');
  });

  it('has its words in every visitor language', () => {
    for (const [lang, words] of Object.entries(UI_STRINGS)) {
      for (const key of ['listen', 'pause', 'listenUnavailable'] as const) {
        expect(words[key], `${lang}.${key}`).toMatch(/\S/);
      }
    }
  });
});

let database: TestDatabase;
let fake: FakeOpenAI;
let speech: FakeSpeech & { url: string; close(): Promise<void> };
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  [fake, speech] = await Promise.all([startFakeOpenAI(), startFakeSpeech()]);
});
afterAll(async () => {
  await Promise.all([fake.close(), speech.close()]);
});

const env = () => ({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'test',
  OPENAI_TIMEOUT_MS: '1000',
  OPENAI_MAX_RETRIES: '0',
  COUNTS_FLUSH_MS: '0',
  TTS_BASE_URL: speech.url,
  TTS_API_KEY: 'speech-key',
  TTS_MODEL: 'tts-test',
  TTS_VOICE: 'nova',
  TTS_TIMEOUT_MS: '1000',
});

useTestApp(
  () => ({ env: env() }),
  (s) => {
    ({ database, t, cookie } = s);
    fake.reset();
    fake.setBehaviour({ type: 'ok' });
    speech.reset();
  },
);

const BLOCKS = [
  { type: 'text', content: 'Bienvenue au [!musée!] du port.' },
  { type: 'image', src: '' },
  { type: 'text', content: 'Les navires partaient vers les Antilles.' },
];

async function save(id: number, blocks: unknown[]) {
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url: 'salle-1', backgroundColor: '#223344' }, ...blocks],
      unformatted_name: 'Panneau 1',
      instructions: '',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
}

async function publish(blocks: unknown[] = BLOCKS): Promise<number> {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  await save(id, blocks);
  return id;
}

/** The page in Spanish (translated by the fake engine on this first visit). */
const page = async (query = 'name=salle-1&lang=es') => {
  const res = await t.show(`/article?${query}`);
  expect(res.status).toBe(200);
  return res.text();
};

const sound = (block: number | string, headers: Record<string, string> = {}, lang = 'es') =>
  t.request(`/speech?name=salle-1&lang=${lang}&block=${block}`, { headers });

async function listened() {
  return (await database.db.select().from(dailyCounts))
    .filter((r) => r.kind === 'listened')
    .map((r) => ({ language: r.language, count: r.count }));
}

describe('the Listen control', () => {
  it('is on the page, hidden for the script to show, with the server’s sounds as players without it', async () => {
    await publish();
    const html = await page();
    expect(html).toContain('data-listen=""');
    expect(html).toContain('data-lang="es"');
    expect(html).toContain('data-voice="browser"');
    expect(html).toContain('data-server="/speech?name=salle-1&amp;lang=es&amp;block="');
    expect(html).toContain('data-blocks="1,3"');
    expect(html).toContain('data-listened="/listened?name=salle-1&amp;lang=es"');
    expect(html).toContain(`data-script="${LISTEN_SCRIPT}"`);
    expect(html).toContain(
      '<button type="button" hidden="" aria-pressed="false">Escuchar</button>',
    );
    expect(html).toContain(`data-unavailable="${UI_STRINGS.es!.listenUnavailable}"`);
    expect(html).toContain(
      '<noscript><ol aria-label="Escuchar"><li><audio controls="" preload="none" src="/speech?name=salle-1&amp;lang=es&amp;block=1"></audio></li>',
    );
    // Shown: nothing was asked of the speech engine.
    expect(speech.calls).toHaveLength(0);
  });

  it('does not read a block the checks refused, shown in the source language', async () => {
    await publish();
    // The first text comes back empty, twice: refused, shown in French with a note.
    fake.setBehaviour({
      type: 'answer',
      translations: (sent) =>
        sent.map((s) => ({
          id: s.id,
          text: s.text.startsWith('Bienvenue') ? '' : `[es] ${s.text}`,
        })),
    });
    const html = await page();
    expect(html).toContain('>Bienvenue au <em>musée</em> du port.<');
    expect(html).toContain('[es] Les navires partaient');
    // Only the translated block is read, by the phone or by the server.
    expect(html).toContain('data-blocks="3"');
    expect(html).not.toContain('block=1"');
    expect((await sound(1)).status).toBe(404);
    expect((await sound(3)).status).toBe(200);
    expect(speech.calls.map((c) => c.input)).toEqual([
      '[es] Les navires partaient vers les Antilles.',
    ]);
  });

  it('follows the museum’s setting per language; a staff preview counts nothing', async () => {
    await publish();
    const set = await t.postJson(
      '/api/manage/update_settings',
      {
        sourceLanguage: 'fr',
        timeZone: 'Europe/Paris',
        speech: { voice: 'browser', otherLanguages: ['es'] },
      },
      { cookie },
    );
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      speech: { voice: 'browser', otherLanguages: ['es'] },
      speechEngine: true,
    });
    expect(await page()).toContain('data-voice="server"');
    expect(await page('name=salle-1&lang=fr')).toContain('data-voice="browser"');
    const preview = await page('name=salle-1&lang=es&ignoreStats=true');
    expect(preview).not.toContain('data-listened');
    expect(preview).toContain('data-server="/speech?name=salle-1&amp;lang=es&amp;ignoreStats=true');
  });
});

describe('GET /speech', () => {
  it('makes a block’s sound once per language, then serves it with no engine call', async () => {
    await publish();
    await page();
    const [first, again] = await Promise.all([sound(1), sound(1)]);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(await speechType(bytes)).toBe('audio/mpeg');
    expect(speech.calls).toEqual([
      {
        input: '[es] Bienvenue au musée du port.',
        model: 'tts-test',
        voice: 'nova',
        responseFormat: 'mp3',
      },
    ]);
    const etag = first.headers.get('etag')!;
    // The ETag names the generation, language and text: one sound's, whole.
    expect(etag).toMatch(/^"0-es-[A-Za-z0-9_-]{32}"$/);
    expect((await sound(1, { 'if-none-match': etag })).status).toBe(304);
    // A list of tags, a weak one, or any: still the same sound.
    expect((await sound(1, { 'if-none-match': `"old", W/${etag}` })).status).toBe(304);
    expect((await sound(1, { 'if-none-match': '*' })).status).toBe(304);
    // Byte ranges, as a phone's player asks: the first two bytes, the rest, past the end.
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    const head = await sound(1, { range: 'bytes=0-1' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-1/${bytes.byteLength}`);
    expect([...new Uint8Array(await head.arrayBuffer())]).toEqual([...bytes.subarray(0, 2)]);
    const rest = await sound(1, { range: 'bytes=2-' });
    expect(rest.status).toBe(206);
    expect(new Uint8Array(await rest.arrayBuffer())).toEqual(bytes.subarray(2));
    const past = await sound(1, { range: `bytes=${bytes.byteLength}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
    expect((await sound(1, { range: 'bytes=0-1,4-5' })).status).toBe(200);
    expect((await sound(3)).status).toBe(200);
    expect((await sound(3)).status).toBe(200);
    expect(speech.calls).toHaveLength(2);
    // Nothing to read there, or no such block, article or language.
    expect((await sound(2)).status).toBe(404);
    expect((await sound(9)).status).toBe(404);
    expect((await sound('x')).status).toBe(404);
    // One address per sound: no other writing of a block's number.
    for (const alias of ['1e0', '01', '1.0', '%201']) expect((await sound(alias)).status).toBe(404);
    expect((await t.request('/speech?name=nope&lang=es&block=1')).status).toBe(404);
    // A name no article can have (a NUL byte, which the database refuses): 404, never a 500.
    for (const name of ['salle-1%00', '%00', 'a'.repeat(101)]) {
      expect((await t.request(`/speech?name=${name}&lang=es&block=1`)).status).toBe(404);
      const beacon = await t.request(`/listened?name=${name}&lang=es`, { method: 'POST' });
      expect(beacon.status).toBe(204);
    }
    // A language not translated yet is not read in another.
    expect((await sound(1, {}, 'de')).status).toBe(404);
    // The source language is read as written.
    expect((await sound(1, {}, 'fr')).status).toBe(200);
    expect(speech.calls.at(-1)!.input).toBe('Bienvenue au musée du port.');
  });

  it('reads what visitors read: never a draft, nothing of an article not published', async () => {
    const id = await publish();
    const draft = await t.postJson(
      '/api/manage/save_draft',
      {
        articleId: id,
        newContent: [
          { type: 'metadatas', url: 'salle-1' },
          { type: 'text', content: 'Brouillon.' },
        ],
        unformatted_name: 'Panneau 1',
        instructions: '',
      },
      { cookie },
    );
    expect(draft.status).toBe(200);
    expect((await sound(1, {}, 'fr')).status).toBe(200);
    expect(speech.calls.at(-1)!.input).toBe('Bienvenue au musée du port.');
    const off = await t.postJson('/api/manage/unpublish', { articleId: id }, { cookie });
    expect(off.status).toBe(200);
    speech.reset();
    expect((await sound(1, {}, 'fr')).status).toBe(404);
    expect((await sound(3, {}, 'es')).status).toBe(404);
    expect(speech.calls).toHaveLength(0);
  });

  it('makes a block again after its edit, and every block after a reset of translations', async () => {
    const id = await publish();
    await page();
    await sound(1);
    await sound(3);
    expect(speech.calls).toHaveLength(2);
    await save(id, [BLOCKS[0], BLOCKS[1], { type: 'text', content: 'Les navires revenaient.' }]);
    await page();
    expect((await sound(1)).status).toBe(200);
    expect((await sound(3)).status).toBe(200);
    expect(speech.calls.map((c) => c.input)).toEqual([
      '[es] Bienvenue au musée du port.',
      '[es] Les navires partaient vers les Antilles.',
      '[es] Les navires revenaient.',
    ]);
    const reset = await t.postJson('/api/manage/reset_traductions', { articleId: id }, { cookie });
    expect(reset.status).toBe(200);
    await page();
    expect((await sound(1)).status).toBe(200);
    expect(speech.calls).toHaveLength(4);
  });

  it('answers 503 when the engine fails, hangs or sends no sound, then pauses it', async () => {
    await publish();
    await page();
    speech.setBehaviour({ type: 'fail' });
    const failed = await sound(1);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('30');
    // Paused: a visitor does not wait for an engine that just failed.
    speech.setBehaviour({ type: 'ok' });
    expect((await sound(1)).status).toBe(503);
    expect(speech.calls).toHaveLength(1);
    t.clock.advance(31_000);
    speech.setBehaviour({ type: 'hang' });
    const started = Date.now();
    expect((await sound(1)).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    t.clock.advance(31_000);
    speech.setBehaviour({ type: 'notAudio' });
    expect((await sound(1)).status).toBe(503);
    t.clock.advance(31_000);
    speech.setBehaviour({ type: 'ok' });
    expect((await sound(1)).status).toBe(200);
    // The page itself never depended on it.
    expect(await page()).toContain('data-listen');
  });
});

describe('listened', () => {
  it('counts a press of Listen and a player’s first block once per visitor, per article and language', async () => {
    await publish();
    await page();
    const beacon = (address: string, origin?: string) =>
      t.request('/listened?name=salle-1&lang=es', {
        method: 'POST',
        headers: { 'x-test-address': address, ...(origin ? { origin } : {}) },
      });
    expect((await beacon('192.0.2.10', t.config.publicSiteUrl)).status).toBe(204);
    expect((await beacon('192.0.2.10')).status).toBe(204);
    expect((await beacon('192.0.2.11', 'https://elsewhere.example')).status).toBe(403);
    const crossSite = await t.request('/listened?name=salle-1&lang=es', {
      method: 'POST',
      headers: { 'x-test-address': '192.0.2.16', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    // Without the script: the first block's sound, from its start.
    await sound(1, { 'x-test-address': '192.0.2.12' });
    await sound(1, { 'x-test-address': '192.0.2.13', range: 'bytes=2000-' });
    await sound(3, { 'x-test-address': '192.0.2.14' });
    await t.request('/speech?name=salle-1&lang=es&block=1&ignoreStats=true', {
      headers: { 'x-test-address': '192.0.2.15' },
    });
    // HEAD is no listening, nor a language the article cannot be read in.
    const head = await t.request('/speech?name=salle-1&lang=es&block=1', {
      method: 'HEAD',
      headers: { 'x-test-address': '192.0.2.17' },
    });
    expect(head.status).toBe(200);
    // Nor a circuit saved for offline reading: the sound is made and sent, nothing counted.
    const saved = await sound(1, { 'x-test-address': '192.0.2.20', [SAVE_HEADER]: '1' });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-type')).toBe('audio/mpeg');
    for (const lang of ['xx', 'de', 'tlh', 'es-ZZ-bogus', 'x'.repeat(35)]) {
      const res = await t.request(`/listened?name=salle-1&lang=${lang}`, {
        method: 'POST',
        headers: { 'x-test-address': '192.0.2.18', origin: t.config.publicSiteUrl },
      });
      expect(res.status).toBe(204);
    }
    expect(await listened()).toEqual([{ language: 'es', count: 2 }]);
    const id = (await database.db.select().from(dailyCounts))[0]!.articleId;
    const chart = await t.request(
      `/api/stats/listened-per-language?articleId=${id}&lang=en&format=csv`,
      { headers: { cookie } },
    );
    expect(chart.status).toBe(200);
    expect(await chart.text()).toMatch(/date,Español \(Spanish\)\r\n[\s\S]*,2\r\n$/);
    // The source language is always read.
    const source = await t.request('/listened?name=salle-1&lang=fr', {
      method: 'POST',
      headers: { 'x-test-address': '192.0.2.19', origin: t.config.publicSiteUrl },
    });
    expect(source.status).toBe(204);
    expect(await listened()).toEqual(
      expect.arrayContaining([
        { language: 'es', count: 2 },
        { language: 'fr', count: 1 },
      ]),
    );
  });
});
