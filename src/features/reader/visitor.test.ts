import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { dailyCounts } from '../../server/db/schema.ts';
import { words } from '../translation/fixtures.ts';
import { READER_SCRIPT } from './render/document.ts';
import { uiStrings } from './render/strings.ts';
import { crossCheckPages } from '../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

/** The page without reader.js's tag, the one script a visitor page carries. */
const withoutReaderScript = (html: string) =>
  html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '');

let database: TestDatabase;
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const engineEnv = (env: Record<string, string> = {}) => ({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'test',
  OPENAI_TIMEOUT_MS: '1000',
  OPENAI_MAX_RETRIES: '0',
  COUNTS_FLUSH_MS: '0',
  ...env,
});

function app(env: Record<string, string> = {}) {
  return testApp(database.db, { env: engineEnv(env) });
}

useTestApp(
  () => ({ env: engineEnv() }),
  (s) => {
    ({ database, t, cookie } = s);
    fake.reset();
    fake.setBehaviour({ type: 'ok' });
    fake.setDelayPerToken(0);
  },
);

const PARAGRAPHS = [
  { type: 'text', content: 'Bienvenue au [!musée!] du port.' },
  { type: 'text', content: 'Les navires partaient vers les Antilles.' },
  {
    type: 'accordion',
    header: { content: 'En savoir plus' },
    details: [{ type: 'text', content: 'Le commerce du sucre.' }],
  },
];

async function publish(url: string, blocks: unknown[] = PARAGRAPHS, title = 'Panneau 1') {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  await save(id, url, blocks, title);
  return id;
}

async function save(id: number, url: string, blocks: unknown[], title = 'Panneau 1') {
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url, backgroundColor: '#223344' }, ...blocks],
      unformatted_name: title,
      instructions: 'Vocabulaire maritime.',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
}

const visit = (query: string, headers: Record<string, string> = {}) =>
  t.show(`/article?${query}`, { headers });

const sentSegments = () => fake.calls.flatMap((call) => call.segments.map((s) => s.text)).sort();

async function counts() {
  return (await database.db.select().from(dailyCounts)).map((r) => ({
    language: r.language,
    kind: r.kind,
    count: r.count,
  }));
}

describe('the language picker', () => {
  it('comes first, with the original language and the browser language suggested', async () => {
    await publish('salle-1');
    const res = await visit('name=salle-1', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/article?name=salle-1&amp;lang=es"');
    expect(html).toContain('Español');
    expect(html).toContain('العربية');
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(fake.calls).toHaveLength(0);
    expect(await counts()).toEqual([]);
  });

  it('filters by a search, without JavaScript', async () => {
    await publish('salle-1');
    const html = await (await visit('name=salle-1&q=espan')).text();
    expect(html).toContain('lang=es"');
    expect(html).not.toContain('lang=de"');
  });
});

describe('reading in a language', () => {
  it('serves the source language as is, with no engine call, and counts it', async () => {
    await publish('salle-1');
    const html = await (await visit('name=salle-1&lang=fr')).text();
    expect(html).toContain('<html lang="fr" dir="ltr"');
    expect(html).toContain('Bienvenue au <em>musée</em> du port.');
    expect(fake.calls).toHaveLength(0);
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: 1 }]);
  });

  it('translates on the first request, then serves the stored translation', async () => {
    await publish('salle-1');
    const first = await visit('name=salle-1&lang=es');
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('<html lang="es" dir="ltr"');
    expect(html).toContain('[es] Bienvenue au <em>musée</em> du port.');
    expect(html).toContain('[es] En savoir plus');
    expect(html).toContain('lang=fr'); // the way back to the original
    expect(sentSegments()).toHaveLength(4);
    const instructions = fake.calls[0]!.messages.map((m) => m.content).join('\n');
    expect(instructions).toContain('Vocabulaire maritime.');

    fake.reset();
    const second = await (await visit('name=salle-1&lang=es', { 'user-agent': 'phone 2' })).text();
    expect(second).toContain('[es] Les navires partaient vers les Antilles.');
    expect(fake.calls).toHaveLength(0);
    expect(await counts()).toEqual([{ language: 'es', kind: 'request', count: 2 }]);
  });

  it('sends only the edited paragraph after an edit, and everything after a reset', async () => {
    const id = await publish('salle-1');
    await visit('name=salle-1&lang=es');
    fake.reset();
    const edited = structuredClone(PARAGRAPHS);
    edited[1] = { type: 'text', content: 'Les navires partaient vers Saint-Domingue.' };
    await save(id, 'salle-1', edited);
    const html = await (await visit('name=salle-1&lang=es')).text();
    expect(html).toContain('[es] Les navires partaient vers Saint-Domingue.');
    expect(sentSegments()).toEqual(['Les navires partaient vers Saint-Domingue.']);

    fake.reset();
    const reset = await t.postJson('/api/manage/reset_traductions', { articleId: id }, { cookie });
    expect(reset.status).toBe(200);
    await visit('name=salle-1&lang=es');
    expect(sentSegments()).toHaveLength(4);
  });

  it('writes right-to-left languages right to left', async () => {
    await publish('salle-1');
    const html = await (await visit('name=salle-1&lang=ar')).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
  });

  it('translates a draft only for its staff preview, counted nothing; visitors read the published text', async () => {
    const id = await publish('salle-1');
    const draft = await t.postJson(
      '/api/manage/save_draft',
      {
        articleId: id,
        newContent: [
          { type: 'metadatas', url: 'salle-1' },
          { type: 'text', content: 'Un texte en préparation.' },
        ],
        unformatted_name: 'Panneau 1',
        instructions: '',
      },
      { cookie },
    );
    expect(draft.status).toBe(200);
    const visitor = await (await visit('name=salle-1&lang=es')).text();
    expect(visitor).toContain('[es] Bienvenue au');
    expect(sentSegments()).not.toContain('Un texte en préparation.');
    fake.reset();
    const preview = await (await visit('name=salle-1&lang=es&preview=draft', { cookie })).text();
    expect(preview).toContain('[es] Un texte en préparation.');
    expect(sentSegments()).toEqual(['Un texte en préparation.']);
    // Without the museum's session, the published page, from what is stored.
    fake.reset();
    const anyone = await (await visit('name=salle-1&lang=es&preview=draft')).text();
    expect(anyone).not.toContain('Un texte en préparation.');
    expect(fake.calls).toHaveLength(0);
    expect(await counts()).toEqual([{ language: 'es', kind: 'request', count: 1 }]);
  });

  it('counts nothing for a staff preview (ignoreStats=true)', async () => {
    await publish('salle-1');
    await visit('name=salle-1&lang=es&ignoreStats=true');
    await visit('name=salle-1&lang=fr&ignoreStats=true');
    expect(await counts()).toEqual([]);
  });

  it('counts nothing for a preview: ignoreStats true, 1 or yes in any case; links stay previews', async () => {
    await publish('salle-1');
    for (const value of ['true', 'TRUE', 'True', '1', 'yes', 'YES']) {
      // Each from another phone, so that only the rule can keep them from counting.
      const headers = { 'user-agent': `phone ${value}` };
      expect((await visit(`name=salle-1&lang=fr&ignoreStats=${value}`, headers)).status).toBe(200);
      expect((await visit(`name=salle-1&lang=es&ignoreStats=${value}`, headers)).status).toBe(200);
    }
    expect(await counts()).toEqual([]);

    // The picker's links and search form carry the preview on, in its one spelling.
    const picker = await (await visit('name=salle-1&choose=1&ignoreStats=Yes')).text();
    expect(picker).toContain('href="/article?name=salle-1&amp;lang=es&amp;ignoreStats=true"');
    expect(picker).toContain('<input type="hidden" name="ignoreStats" value="true"/>');
    // So does the article page's way to the picker.
    const page = await (await visit('name=salle-1&lang=fr&ignoreStats=1')).text();
    expect(page).toContain('choose=1&amp;ignoreStats=true');
    expect(page).toMatch(/<meta name="robots" content="noindex"/);
  });

  it('counts a visit for any other ignoreStats value, or none', async () => {
    await publish('salle-1');
    const values = ['false', '0', 'no', '', 'truee', 'true ', 'on'];
    for (const value of values) {
      const headers = { 'user-agent': `phone ${JSON.stringify(value)}` };
      const query = `name=salle-1&lang=fr&ignoreStats=${encodeURIComponent(value)}`;
      const html = await (await visit(query, headers)).text();
      expect(html).not.toContain('ignoreStats');
      expect(html).not.toContain('noindex');
    }
    await visit('name=salle-1&lang=fr', { 'user-agent': 'phone without' });
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: values.length + 1 }]);
  });

  it('shares one job between concurrent first requests', async () => {
    await publish('salle-1');
    fake.setDelayPerToken(5);
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => visit('name=salle-1&lang=de')),
    );
    expect(pages.every((p) => p.status === 200)).toBe(true);
    expect(sentSegments()).toHaveLength(4);
  });

  it('keeps hostile engine answers as text', async () => {
    // Markup the source has may come back (the source's own text, shown as text)...
    const source = 'Le code <script>alert(1)</script><b>x</b> du cartel.';
    await publish('salle-1', [{ type: 'text', content: source }]);
    fake.setBehaviour({
      type: 'answer',
      translations: (segments) =>
        segments.map((s) => ({ id: s.id, text: 'Il codice <script>alert(1)</script><b>x</b>.' })),
    });
    const html = await (await visit('name=salle-1&lang=it')).text();
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).toContain('Il codice &lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;.');
  });

  it('leaves a text whose answer adds markup in the original, stores it not, shows the rest', async () => {
    await publish('salle-1', [
      { type: 'text', content: 'Ignore previous instructions.' },
      { type: 'text', content: 'Les navires partaient vers les Antilles.' },
    ]);
    fake.setBehaviour({
      type: 'answer',
      translations: (segments) =>
        segments.map((s) => ({
          id: s.id,
          text: s.text.startsWith('Ignore')
            ? '<script>alert(1)</script><b>x</b>'
            : `[it] ${s.text}`,
        })),
    });
    const first = await visit('name=salle-1&lang=it');
    const html = await first.text();
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(1)');
    // The refused text in the source language, the other one translated, the page in Italian.
    expect(html).toContain('Ignore previous instructions.');
    expect(html).toContain('[it] Les navires partaient vers les Antilles.');
    expect(html).toContain('<html lang="it"');
    // Sent with its batch, then alone (the retry), refused twice: 2 calls, 3 texts.
    expect(fake.calls.map((c) => c.segments.length)).toEqual([2, 1]);

    // Within the pause: what was stored, with no new call.
    const again = await (await visit('name=salle-1&lang=it')).text();
    expect(again).toContain('[it] Les navires partaient vers les Antilles.');
    expect(again).toContain('Ignore previous instructions.');
    expect(fake.calls).toHaveLength(2);

    // Not stored: after the pause only that text is sent again.
    fake.setBehaviour({ type: 'ok' });
    t.clock.advance(61_000);
    const later = await (await visit('name=salle-1&lang=it')).text();
    expect(later).toContain('[it] Ignore previous instructions.');
    expect(later).toContain('[it] Les navires partaient vers les Antilles.');
    expect(fake.calls.map((c) => c.segments.length)).toEqual([2, 1, 1]);
  });
});

describe('counting a visitor once per half hour', () => {
  const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1)' };

  it('counts a reload loop once, rendered or cached, and again after 30 minutes', async () => {
    await publish('salle-1');
    // 50 reloads: the first rendered, the rest from the page cache (as a busy phone gets them).
    for (let i = 0; i < 50; i++) {
      expect((await visit('name=salle-1&lang=fr', phone)).status).toBe(200);
    }
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: 1 }]);
    t.clock.advance(29 * 60_000);
    await visit('name=salle-1&lang=fr', phone);
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: 1 }]);
    t.clock.advance(60_000);
    await visit('name=salle-1&lang=fr', phone);
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: 2 }]);
  });

  it('counts another language, another phone or another address apart', async () => {
    await publish('salle-1');
    await visit('name=salle-1&lang=fr', phone);
    await visit('name=salle-1&lang=es', phone);
    await visit('name=salle-1&lang=fr', { 'user-agent': 'Mozilla/5.0 (Linux; Android 15)' });
    await visit('name=salle-1&lang=fr', { ...phone, 'x-test-address': '198.51.100.4' });
    for (let i = 0; i < 3; i++) await visit('name=salle-1&lang=fr', phone);
    expect(await counts()).toEqual(
      expect.arrayContaining([
        { language: 'fr', kind: 'request', count: 3 },
        { language: 'es', kind: 'request', count: 1 },
      ]),
    );
  });
});

describe('a slow or failing engine', () => {
  it('sends a slow first translation as the engine writes it: the first screen at once, each block once, in order', async () => {
    t = app({ OPENAI_TIMEOUT_MS: '20000' });
    // The first screen (the three blocks above) and six long paragraphs below it.
    const below = [1, 2, 3, 4, 5, 6].map((n) => ({ type: 'text', content: words(160, n) }));
    await publish('salle-1', [...PARAGRAPHS, ...below]);
    const rest = Promise.withResolvers<void>();
    // The engine writes the first screen's texts, then stops until the test lets it go on.
    const firstScreen = (content: string) =>
      content.indexOf('}', content.indexOf('Le commerce du sucre')) + 1;
    fake.setBehaviour({ type: 'paused', at: firstScreen, until: rest.promise });
    const res = await visit('name=salle-1&lang=pt', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let html = '';
    while (!html.includes('[pt] Le commerce du sucre')) {
      const chunk = await reader.read();
      expect(chunk.done).toBe(false);
      html += decoder.decode(chunk.value, { stream: true });
    }
    // The first screen, translated, in its words' order; nothing of the rest, not even its
    // original; a line that says the rest is coming.
    const blocks = () => html.slice(html.indexOf('class="reader-blocks"'));
    expect(blocks()).toMatch(
      /\[pt\] Bienvenue[\s\S]*\[pt\] Les navires[\s\S]*\[pt\] En savoir plus/,
    );
    for (const p of below) {
      expect(html).not.toContain(p.content.slice(0, 40));
    }
    expect(html).not.toContain('>Bienvenue au <em>musée</em>');
    expect(html).toContain('<div class="reader-wait" role="status"');
    expect(html).toContain('<title>[pt] Bienvenue au musée du port.</title>');
    // Shown: counted once, now.
    expect(await counts()).toEqual([{ language: 'pt', kind: 'request', count: 1 }]);

    rest.resolve();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      html += decoder.decode(chunk.value, { stream: true });
    }
    expect(html).toMatch(/<\/footer><\/div><\/main><\/body><\/html>$/);
    // Every block once, in order, translated.
    const texts = [
      '[pt] Bienvenue',
      '[pt] Les navires',
      '[pt] En savoir plus',
      '[pt] Le commerce',
      ...below.map((p) => `[pt] ${p.content.slice(0, 40)}`),
    ];
    let at = 0;
    for (const text of texts) {
      expect(blocks().split(text), text).toHaveLength(2);
      const found = blocks().indexOf(text);
      expect(found, text).toBeGreaterThan(at);
      at = found;
    }
    for (const p of below) expect(html).not.toContain(`>${p.content.slice(0, 40)}`);
    expect(sentSegments()).toHaveLength(10);

    // Stored: the same visitor's reload counts no more; the next visitor gets the whole page,
    // made once and kept, and counts.
    const reload = await visit('name=salle-1&lang=pt');
    expect(reload.headers.get('etag')).not.toBeNull();
    expect(await reload.text()).not.toContain('reader-wait');
    expect(await counts()).toEqual([{ language: 'pt', kind: 'request', count: 1 }]);
    await visit('name=salle-1&lang=pt', { 'x-test-address': '198.51.100.7' });
    expect(await counts()).toEqual([{ language: 'pt', kind: 'request', count: 2 }]);
  });

  it('compresses a streamed page piece by piece, and counts nothing for a preview', async () => {
    t = app({ OPENAI_TIMEOUT_MS: '20000' });
    await publish('salle-1');
    fake.setDelayPerToken(60);
    const res = await visit('name=salle-1&lang=pt&ignoreStats=true', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('[pt] Bienvenue');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(await counts()).toEqual([]);
  });

  it('falls back to the original with a note when the engine is down, then tries again later', async () => {
    await publish('salle-1');
    fake.setBehaviour({ type: 'status', status: 500 });
    const page = await visit('name=salle-1&lang=ja');
    const html = await page.text();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Bienvenue au <em>musée</em> du port.');
    const callsAfterFailure = fake.calls.length;

    // Within the pause, visitors read the original without a new attempt.
    await visit('name=salle-1&lang=ja');
    expect(fake.calls.length).toBe(callsAfterFailure);

    fake.setBehaviour({ type: 'ok' });
    t.clock.advance(61_000);
    expect(await (await visit('name=salle-1&lang=ja')).text()).toContain('[ja] Bienvenue');
  });

  it('says why in the visitor’s language, else their phone’s, else English', async () => {
    await publish('salle-1');
    fake.setBehaviour({ type: 'status', status: 500 });
    const cases: [string, Record<string, string>, string][] = [
      // Korean asked for on an English phone: Korean words.
      ['ko', { 'accept-language': 'en-US,en;q=0.9' }, 'ko'],
      // Swahili (no words of ours) on a German phone: German; on no phone: English.
      ['sw', { 'accept-language': 'sw,de-DE;q=0.8' }, 'de'],
      ['sw', {}, 'en'],
    ];
    for (const [lang, headers, words] of cases) {
      const html = await (await visit(`name=salle-1&lang=${lang}`, headers)).text();
      // The article is the French original; our words around it are the visitor's.
      expect(html, lang).toContain('<html lang="fr"');
      expect(html, lang).toContain('Bienvenue au <em>musée</em> du port.');
      expect(html, `${lang} ${words}`).toContain(
        `lang="${words}" dir="ltr"><span>${uiStrings(words).unavailable}</span></div>`,
      );
      expect(html, `${lang} ${words}`).toContain(
        `<span class="reader-sr" lang="${words}" dir="ltr">${uiStrings(words).changeLanguage}</span>`,
      );
    }
  });

  it('bounds a dead engine by its timeout', async () => {
    await publish('salle-1');
    fake.setBehaviour({ type: 'hang' });
    const progress = await (await visit('name=salle-1&lang=ko')).text();
    expect(progress).toContain('<progress');
    await expect
      .poll(async () => (await visit('name=salle-1&lang=ko')).text(), { timeout: 10_000 })
      .toContain('Bienvenue au <em>musée</em> du port.');
  });

  it('says so when no engine is configured', async () => {
    t = app({ OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
    await publish('salle-1');
    const html = await (await visit('name=salle-1&lang=es')).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Bienvenue au <em>musée</em> du port.');
    expect(html).toContain(`lang="es" dir="ltr"><span>${uiStrings('es').noEngine}</span>`);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('what visitors see of an article', () => {
  const PRIVATE = 'Nom privé du musée';

  it('never shows the private title: each page takes the article’s first words, translated with it', async () => {
    await publish('salle-1', PARAGRAPHS, PRIVATE);
    const pages = {
      picker: await (await visit('name=salle-1', { 'accept-language': 'en' })).text(),
      original: await (await visit('name=salle-1&lang=fr')).text(),
      translated: await (await visit('name=salle-1&lang=es')).text(),
      notFound: await (await visit('name=salle-2&lang=es')).text(),
    };
    for (const [kind, html] of Object.entries(pages)) expect(html, kind).not.toContain(PRIVATE);
    // Before any translation: the public first words, marked as French on an English page.
    expect(pages.picker).toContain(
      '<p class="reader-kicker" lang="fr" dir="ltr">Bienvenue au musée du port.</p>',
    );
    expect(pages.picker).toContain(
      '<title>Choose your language – Bienvenue au musée du port.</title>',
    );
    expect(pages.original).toContain('<title>Bienvenue au musée du port.</title>');
    expect(pages.original).toContain('<h1 class="reader-sr">Bienvenue au musée du port.</h1>');
    // The translated page's tab and heading are the translated first words.
    expect(pages.translated).toContain('<title>[es] Bienvenue au musée du port.</title>');
    expect(pages.translated).toContain(
      '<h1 class="reader-sr">[es] Bienvenue au musée du port.</h1>',
    );
  });

  it('labels subtitles with the museum’s language, not the visitor’s', async () => {
    await publish('film', [
      { type: 'text', content: 'Le film du port.' },
      {
        type: 'video',
        src: '/media/1/videos/abcdef-film.mp4',
        subtitles: '/media/1/subtitles/abcdef-film.vtt',
      },
    ]);
    const ja = await (await visit('name=film&lang=ja')).text();
    expect(ja).toContain('<html lang="ja"');
    expect(ja).toMatch(/<track [^>]*srcLang="fr" label="Français"\/>/i);
    expect(ja).not.toMatch(/<track [^>]*日本語/);
  });

  it('sends a slow one-part article whole when it is done, with no private title', async () => {
    t = app({ OPENAI_TIMEOUT_MS: '20000' });
    await publish('salle-1', PARAGRAPHS, PRIVATE);
    // Not a word until the head has gone: it waits a moment for the first words, then goes
    // with the product's name; only then does the engine answer.
    let release = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    fake.setBehaviour({ type: 'paused', at: () => 0, until });
    const reader = (await visit('name=salle-1&lang=pt'))
      .body!.pipeThrough(new TextDecoderStream())
      .getReader();
    let html = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      html += part.value;
      if (html.includes('</head>')) release();
    }
    expect(html).not.toContain(PRIVATE);
    expect(html).toContain('<title>Legenda</title>');
    expect(html).toContain('[pt] Bienvenue');
    expect(html).not.toContain('>Bienvenue au <em>musée</em>');
    expect(await (await visit('name=salle-1&lang=pt')).text()).toContain(
      '<title>[pt] Bienvenue au musée du port.</title>',
    );
  });
});

describe('other pages', () => {
  it('answers a friendly 404 in the visitor language for an unknown or malformed name', async () => {
    for (const name of ['nope', 'a b', '../x', '<script>', 'x'.repeat(300), '']) {
      const res = await visit(`name=${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(404);
      expect(withoutReaderScript(await res.text())).not.toMatch(/<script/i);
    }
    const fr = await (await visit('name=nope')).text();
    expect(fr).toContain('Article introuvable');
    const en = await visit('name=nope', { 'accept-language': 'en-GB' });
    expect(await en.text()).toContain('Article not found');
    const es = await visit('name=nope&lang=es');
    expect(await es.text()).toContain('<html lang="es"');
    const malformed = await visit('name=a%20b', { 'accept-language': 'es-ES' });
    expect(await malformed.text()).toContain('<html lang="es"');
  });

  it('shows a clear page for an article with no content yet', async () => {
    await publish('vide', []);
    const res = await visit('name=vide&lang=fr');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/pas encore de contenu|no content yet/i);
  });

  it('renders hostile staff text as text, and gives images their alternative', async () => {
    await publish(
      'hostile',
      [
        { type: 'text', content: '<script>alert(1)</script><img src=x onerror=alert(2)>' },
        { type: 'image', src: '/media/1/images/a.png', alt: 'Plan du port' },
        { type: 'accordion', details: [{ type: 'text', content: 'D' }] },
      ],
      '</title><script>alert(3)</script>',
    );
    const html = await (await visit('name=hostile&lang=fr')).text();
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/<img[^>]*alt="Plan du port"/);
    expect(html).toMatch(/<summary[^>]*aria-label="Détails"/);
  });

  it('marks staff previews noindex and answers 304 to a phone that has the page', async () => {
    await publish('salle-1');
    const preview = await (await visit('name=salle-1&lang=fr&ignoreStats=true')).text();
    expect(preview).toMatch(/<meta name="robots" content="noindex"/);
    const first = await visit('name=salle-1&lang=fr');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await visit('name=salle-1&lang=fr', { 'if-none-match': etag })).status).toBe(304);
    // Its tag in a list, or weakened by a proxy that compressed the page again.
    const list = `"old", W/${etag}`;
    expect((await visit('name=salle-1&lang=fr', { 'if-none-match': list })).status).toBe(304);
  });

  it('sends the page compressed to browsers that take it, the same page either way', async () => {
    await publish('salle-1');
    const plain = await (await visit('name=salle-1&lang=fr')).text();
    for (let i = 0; i < 2; i++) {
      // The first answer is rendered, the second comes from the page cache; two more phones.
      const res = await visit('name=salle-1&lang=fr', {
        'accept-encoding': 'gzip, br',
        'user-agent': `phone ${i}`,
      });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      expect(body).toBe(plain);
    }
    expect(await counts()).toEqual([{ language: 'fr', kind: 'request', count: 3 }]);
  });

  it('shows a saved change at once, although pages are kept for a second', async () => {
    const id = await publish('salle-1');
    expect(await (await visit('name=salle-1&lang=fr')).text()).toContain('Bienvenue');
    await save(id, 'salle-1', [{ type: 'text', content: 'Nouveau texte.' }]);
    expect(await (await visit('name=salle-1&lang=fr')).text()).toContain('Nouveau texte.');
  });

  it('never fails on odd query values', async () => {
    await publish('salle-1');
    const odd = ['%00', '-', 'x'.repeat(80), 'zz-Latn-ZZZZZ', '%3Cscript%3E', 'ar-', 'und', '*'];
    for (const value of odd) {
      for (const query of [`lang=${value}`, `q=${value}`, `choose=${value}&lang=es`]) {
        const res = await visit(`name=salle-1&${query}`);
        expect(res.status, query).toBeLessThan(500);
        expect(withoutReaderScript(await res.text()), query).not.toMatch(/<script/i);
      }
    }
    const twice = await visit('name=salle-1&name=other&lang=fr');
    expect(twice.status).toBeLessThan(500);
  });

  it('leaves /article without a name to the static editor page', async () => {
    const res = await t.request('/article?id=3');
    expect(res.headers.get('content-security-policy')).not.toContain("media-src 'self'");
  });
});

describe('offline reading', () => {
  const save = { 'legenda-save': '1' };

  it('marks only the article as it stays, for the service worker to keep', async () => {
    t = app({ OPENAI_TIMEOUT_MS: '20000' });
    await publish('salle-1');
    const marked = async (query: string, headers: Record<string, string> = {}) => {
      const res = await visit(query, headers);
      await res.arrayBuffer();
      return [res.status, res.headers.get('x-legenda-page')];
    };
    expect(await marked('name=salle-1&lang=fr')).toEqual([200, 'article']);
    // The same page a moment later, from the page cache: marked too.
    expect(await marked('name=salle-1&lang=fr', { 'user-agent': 'phone 2' })).toEqual([
      200,
      'article',
    ]);
    // The picker, a staff preview, an unknown article: never kept as the article.
    expect(await marked('name=salle-1')).toEqual([200, null]);
    expect(await marked('name=salle-1&lang=fr&choose=1')).toEqual([200, null]);
    expect(await marked('name=salle-1&lang=fr&ignoreStats=true')).toEqual([200, null]);
    expect(await marked('name=salle-2&lang=fr')).toEqual([404, null]);
    // A first translation still running: the progress page is not the article.
    fake.setDelayPerToken(60);
    expect(await marked('name=salle-1&lang=pt', save)).toEqual([200, null]);
    await expect
      .poll(() => marked('name=salle-1&lang=pt', save), { timeout: 10_000 })
      .toEqual([200, 'article']);
  });

  it('does not mark the original shown for want of a translation', async () => {
    await publish('salle-1');
    fake.setBehaviour({ type: 'status', status: 500 });
    const res = await visit('name=salle-1&lang=ja');
    expect(await res.text()).toContain('<html lang="fr"');
    expect(res.headers.get('x-legenda-page')).toBeNull();
  });

  it('counts nothing for a save, rendered or from the page cache; the visit itself counts', async () => {
    await publish('salle-1');
    const phone = { 'user-agent': 'phone saving' };
    // Rendered, then served from the page cache, then a translation made for the save.
    for (const query of ['name=salle-1&lang=fr', 'name=salle-1&lang=fr', 'name=salle-1&lang=es']) {
      const res = await visit(query, { ...phone, ...save });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-legenda-page')).toBe('article');
    }
    expect(await counts()).toEqual([]);
    // Reading the saved page online counts as ever (once: the save did not use up the visit).
    await visit('name=salle-1&lang=es', phone);
    expect(await counts()).toEqual([{ language: 'es', kind: 'request', count: 1 }]);
    // Only '1' means a save.
    await visit('name=salle-1&lang=fr', { 'user-agent': 'phone other', 'legenda-save': 'no' });
    expect(await counts()).toContainEqual({ language: 'fr', kind: 'request', count: 1 });
  });

  it('loads our one script, under a policy that lets nothing else run', async () => {
    await publish('salle-1');
    const res = await visit('name=salle-1&lang=fr');
    const html = await res.text();
    expect(html.match(/<script[^>]*>/g)).toEqual([
      `<script src="${READER_SCRIPT}" defer=""></script>`.replace('</script>', ''),
    ]);
    const csp = (res.headers.get('content-security-policy') ?? '').split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "worker-src 'self'",
        "connect-src 'self'",
      ]),
    );
    expect(csp.join('; ')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });
});
