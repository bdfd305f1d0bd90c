import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import { publishArticle, useTranslationApp } from '../../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { museumCommand, parseSlug } from '../../../app/cli/museum.ts';

/**
 * A museum's guide home, /visit/{slug}, on a real database (PGlite, and PostgreSQL under
 * `npm run test:pg`): its address set as the Legenda team sets it, the language it is read
 * in, what it lists (never a draft), its search and stop number box, bad input, what it counts
 * and when the kept page is forgotten.
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
let other: string;
const app = useTranslationApp((s) => ({ t, cookie, other, fake } = s));

const text = (content: string) => ({ type: 'text', content });

/** A published article of museum A, with its stop number in the metadatas entry. */
async function panel(url: string, blocks: unknown[], stop?: number): Promise<number> {
  const id = await publishArticle({ t, cookie }, url, blocks);
  if (stop === undefined) return id;
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url, stop }, ...blocks],
      unformatted_name: 'Panneau',
      instructions: '',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
  return id;
}

/** Museum A's guide at /visit/musee-a, with three panels and a circuit. */
async function guide(): Promise<number[]> {
  expect(
    await museumCommand(app.database.db, { museum: 'Musée A', slug: parseSlug('Musee-A') }),
  ).toBe('Changed. Guide address of "Musée A": /visit/musee-a');
  const a = await panel('salle-1', [text('La Joconde, portrait de Lisa')], 12);
  const b = await panel('salle-2', [text('Le Radeau de la Méduse, naufrage')], 3);
  const c = await panel('salle-3', [text('Abbaye sous la neige')]);
  const res = await t.postJson(
    '/api/manage/save_circuit',
    {
      name: 'chefs',
      title: 'Les chefs-d’œuvre',
      intro: 'Trois œuvres.\n\nUne heure.',
      articleIds: [a, b],
    },
    { cookie },
  );
  expect(res.status).toBe(201);
  return [a!, b!, c!];
}

const visit = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.show(path, { headers: { 'accept-language': 'fr', ...headers } });
  return { res, seen: res.seen, status: res.status, html: await res.text() };
};

describe('the guide address (npm run users -- museum)', () => {
  it('sets, shows and removes a museum’s slug; refuses a bad, taken or unknown one', async () => {
    const db = app.database.db;
    expect(await museumCommand(db, { museum: 'Musée A', slug: undefined })).toBe(
      '"Musée A" has no guide address.',
    );
    expect(parseSlug('  Musee-DU-Port ')).toBe('musee-du-port');
    expect(await museumCommand(db, { museum: 'Musée A', slug: 'musee-du-port' })).toContain(
      '/visit/musee-du-port',
    );
    for (const bad of ['musée', 'a b', '-a', 'a--b', 'a_b', '', 'x'.repeat(61), '../a']) {
      expect(() => parseSlug(bad), bad).toThrow(/--slug must be letters/);
    }
    expect(parseSlug('none')).toBeNull();
    await expect(museumCommand(db, { museum: 'Musée B', slug: 'musee-du-port' })).rejects.toThrow(
      'The guide address "musee-du-port" is another museum\'s; nothing was changed.',
    );
    await expect(museumCommand(db, { museum: 'Musée Z', slug: 'z' })).rejects.toThrow(
      'No museum is named "Musée Z"',
    );
    // Shown in Settings, read only.
    const settings = await t.request('/api/read/settings', { headers: { cookie } });
    expect(await settings.json()).toMatchObject({ slug: 'musee-du-port' });
    const others = await t.request('/api/read/settings', { headers: { cookie: other } });
    expect(await others.json()).toMatchObject({ slug: null });
    expect(await museumCommand(db, { museum: 'Musée A', slug: null })).toBe(
      'Changed. "Musée A" has no guide address.',
    );
    expect((await visit('/visit/musee-du-port')).status).toBe(404);
  });
});

describe('GET /visit/{slug}', () => {
  it('lists the circuits and the published articles by stop number, in the museum’s language', async () => {
    await guide();
    // A draft never published, and a published article's draft: neither shows.
    const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
    const { id: draftId } = (await added.json()) as { id: number };
    await t.postJson(
      '/api/manage/save_draft',
      {
        articleId: draftId,
        newContent: [{ type: 'metadatas', url: 'brouillon', stop: 7 }, text('Brouillon secret')],
        unformatted_name: 'x',
        instructions: '',
      },
      { cookie },
    );
    const { status, html, res } = await visit('/visit/musee-a');
    expect(status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<h1>Musée A</h1>');
    expect(html).toContain('Les chefs-d’œuvre');
    expect(html).toContain('Trois œuvres.');
    expect(html).toContain('Arrêts\u00a0: 2');
    expect(html).toContain('href="/circuit?name=chefs&amp;lang=fr"');
    // By stop number, then the article without one.
    const order = ['salle-2', 'salle-1', 'salle-3'].map((n) =>
      html.indexOf(`name=${n}&amp;lang=fr`),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    // The number shown, and said in words to a screen reader.
    expect(html).toMatch(/aria-hidden="true">3<\/span><span class="reader-sr">[^<]+ 3<\/span>/);
    expect(html).not.toContain('Brouillon');
    expect(html).not.toContain('brouillon');
    // The forms need no script: GET, carrying the language.
    expect(html).toContain(
      '<form class="reader-search" role="search" action="/visit/musee-a" method="get">',
    );
    expect(html).toContain('Numéro d’arrêt');
    // Unknown addresses: the reader's 404, in the visitor's language.
    const unknown = await visit('/visit/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Article introuvable');
    expect((await visit('/visit/%3Cscript%3E')).status).toBe(404);
    // Another museum's slug shows that museum only.
    await museumCommand(app.database.db, { museum: 'Musée B', slug: 'musee-b' });
    const b = await visit('/visit/musee-b');
    expect(b.html).toContain('<h1>Musée B</h1>');
    expect(b.html).not.toContain('salle-1');
  });

  it('reads in ?lang=, else the remembered language, else the phone’s; right to left in Arabic', async () => {
    await guide();
    const ja = await visit('/visit/musee-a?lang=ja');
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.html).toContain('<h1>[ja] Musée A</h1>');
    expect(ja.html).toContain('[ja] Les chefs-d’œuvre');
    expect(ja.html).toContain('ストップ番号');
    expect(ja.html).toContain('href="/article?name=salle-2&amp;lang=ja"');
    // Chosen by the address: remembered, as the visitor pages remember it (by the count request).
    expect(ja.seen?.headers.get('set-cookie')).toContain('legenda_lang=ja');
    const remembered = await visit('/visit/musee-a', { cookie: 'legenda_lang=de' });
    expect(remembered.html).toContain('<html lang="de" dir="ltr">');
    const phone = await visit('/visit/musee-a', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(phone.html).toContain('<html lang="es" dir="ltr">');
    expect(phone.html).toContain('Buscar en la guía');
    // The phone's language is counted, not remembered: the visitor chose none.
    expect(phone.seen?.status).toBe(204);
    expect(phone.seen?.headers.get('set-cookie')).toBeNull();
    const ar = await visit('/visit/musee-a?lang=ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('رقم المحطة');
    // Its language picker names the museum as translated, marked Arabic as the page, not French.
    const arPicker = await visit('/visit/musee-a?lang=ar&choose=1');
    expect(arPicker.html).toContain('<p class="reader-kicker">[ar] Musée A</p>');
    // Its links are the guide's own addresses (a shared cache keeps one copy of each).
    expect(arPicker.html).toContain('href="/visit/musee-a?lang=es"');
    expect(arPicker.html).not.toContain('?name=');
    expect(arPicker.html).not.toContain('name="name"');
    // One small engine call per language: the guide is one document.
    const calls = fake.calls.length;
    await visit('/visit/musee-a?lang=ja&q=radeau');
    expect(fake.calls.length).toBe(calls);
  });

  it('shows the museum’s text, never an error, when the engine cannot translate', async () => {
    await guide();
    fake.setBehaviour({ type: 'status', status: 500 });
    const ko = await visit('/visit/musee-a?lang=ko');
    expect(ko.status).toBe(200);
    expect(ko.html).toContain('<h1>Musée A</h1>');
    expect(ko.html).toContain('가이드 검색');
    expect(ko.res.headers.get('cache-control')).toBe('no-store');
  });

  it('starts translations within the visitor limits', async () => {
    await guide();
    fake.reset();
    // The default: a visitor starts at most 6 new translations a minute.
    const langs = ['ja', 'ko', 'de', 'it', 'pt', 'nl', 'pl', 'sv'];
    const pages = [];
    for (const lang of langs) pages.push(await visit(`/visit/musee-a?lang=${lang}`));
    expect(pages.slice(0, 6).every((p) => p.html.includes('<h1>['))).toBe(true);
    expect(pages[7]!.html).toContain('<h1>Musée A</h1>');
    expect(pages[7]!.status).toBe(200);
    expect(fake.calls.length).toBe(6);
  });
});

describe('searching the guide', () => {
  it('finds words of titles and texts in the museum’s language and the visitor’s, accents and case folded', async () => {
    await guide();
    fake.setBehaviour({ type: 'replace', from: 'Radeau', to: 'Raft' });
    // The article read in English once: its translation is stored.
    expect((await visit('/article?name=salle-2&lang=en')).html).toContain('Raft');
    const raft = await visit('/visit/musee-a?lang=en&q=RAFT');
    expect(raft.html).toContain('Results for “RAFT”');
    expect(raft.html).toContain('name=salle-2&amp;lang=en');
    expect(raft.html).not.toContain('name=salle-1&amp;lang=en');
    const source = await visit('/visit/musee-a?lang=en&q=meduse%20NAUFRAGE');
    expect(source.html).toContain('name=salle-2&amp;lang=en');
    const accents = await visit('/visit/musee-a?q=abbaye%20NEIGE');
    expect(accents.html).toContain('name=salle-3&amp;lang=fr');
    expect(accents.html).not.toContain('name=salle-2&amp;lang=fr');
    const none = await visit('/visit/musee-a?q=licorne');
    expect(none.status).toBe(200);
    expect(none.html).toContain('Aucun article ne correspond à «\u00a0licorne\u00a0».');
    // A draft's words are not found.
    expect((await visit('/visit/musee-a?q=secret')).html).toContain('Aucun article');
  });

  it('escapes a hostile search, and says when one is too long', async () => {
    await guide();
    const hostile = await visit(
      `/visit/musee-a?q=${encodeURIComponent('<script>alert(1)</script>"')}`,
    );
    expect(hostile.status).toBe(200);
    expect(hostile.html).not.toContain('<script>alert');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const long = await visit(`/visit/musee-a?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(200);
    expect(long.html).toContain('Votre recherche est trop longue');
    const huge = await visit(`/visit/musee-a?q=${'é'.repeat(5000)}`);
    expect(huge.status).toBe(200);
  });

  it('goes straight to a stop number’s article (303), and says when there is none', async () => {
    await guide();
    const res = await t.request('/visit/musee-a?stop=12&lang=ja', { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/article?name=salle-1&lang=ja');
    const padded = await t.request('/visit/musee-a?stop=%2003%20', {
      redirect: 'manual',
      headers: { cookie: 'legenda_lang=ar' },
    });
    expect(padded.headers.get('location')).toBe('/article?name=salle-2&lang=ar');
    const unknown = await visit('/visit/musee-a?stop=23');
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain('Aucun article n’a le numéro d’arrêt 23.');
    for (const bad of ['0', '10000', 'abc', '-1', '1.5', '99999999999999999999']) {
      const page = await visit(`/visit/musee-a?stop=${bad}`);
      expect([bad, page.status]).toEqual([bad, 200]);
      expect(page.html).toContain('Un numéro d’arrêt est un nombre entier de 1 à 9999.');
    }
  });
});

describe('guide visits', () => {
  it('are counted per day and language, once per visitor, and charted in Statistics', async () => {
    await guide();
    await visit('/visit/musee-a?lang=ja', { 'x-test-address': '192.0.2.10' });
    await visit('/visit/musee-a?lang=ja', { 'x-test-address': '192.0.2.10' });
    await visit('/visit/musee-a?lang=ja', { 'x-test-address': '192.0.2.11' });
    await visit('/visit/musee-a', { 'x-test-address': '192.0.2.12' });
    // A stop number's redirect and a 404 count nothing.
    await t.request('/visit/musee-a?stop=12', { headers: { 'x-test-address': '192.0.2.13' } });
    await visit('/visit/nowhere');
    const rows = await app.database.db.execute(
      sql`select language, count from daily_guide_visits order by language`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { language: 'fr', count: 1 },
      { language: 'ja', count: 2 },
    ]);
    const chart = await t.request('/api/stats/guide-visits?days=10&lang=en', {
      headers: { cookie },
    });
    const days = (await chart.json()) as Record<string, unknown>[];
    expect(days.at(-1)).toMatchObject({ '日本語 (Japanese)': 2, 'Français (French)': 1 });
    const theirs = await t.request('/api/stats/guide-visits?days=10', {
      headers: { cookie: other },
    });
    expect(((await theirs.json()) as Record<string, unknown>[]).at(-1)).toEqual({
      formatted_date: expect.any(String),
    });
  });

  it('keep the page, forgotten when an article is published', async () => {
    await guide();
    const before = await visit('/visit/musee-a?lang=fr');
    expect(before.html).not.toContain('salle-4');
    await panel('salle-4', [text('Le Sacre de Napoléon')], 40);
    const after = await visit('/visit/musee-a?lang=fr');
    expect(after.html).toContain('name=salle-4&amp;lang=fr');
  });
});
