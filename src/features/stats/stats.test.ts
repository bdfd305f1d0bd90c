import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testClock, type TestClock } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import {
  dailyArticleScans,
  dailyCounts,
  dailyLanguageScans,
  museums,
} from '../../server/db/schema.ts';
import { lastDays } from './service.ts';

let database: TestDatabase;
let t: TestApp;
let clock: TestClock;
let cookie: string;
let other: string;

useTestApp(
  () => ({
    // 10:00 in Paris on Saturday 21 November 2026.
    clock: testClock(new Date('2026-11-21T09:00:00Z')),
    // No engine: a page in Spanish shows the original, and is counted as asked.
    env: { COUNTS_FLUSH_MS: '0', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
  }),
  (s) => {
    ({ database, t, cookie, other } = s);
    clock = t.clock;
  },
);

const DAY = 86_400_000;
const manage = (path: string, body: unknown, as = cookie) => staff(t, as).manage(path, body);
const get = (path: string, as = cookie) => staff(t, as).get(path);
const publish = (url: string, title: string, as = cookie) => staff(t, as).publish(url, title);
const codeFor = async (articleId: number, as = cookie) =>
  (await staff(t, as).codeFor(articleId)).link;

/** Each scan and page from a phone of its own (one phone's repeats count once: repeats.ts). */
let phones = 0;
const newPhone = () => ({ 'user-agent': `phone ${++phones}` });

/** Real scans, as phones make them. */
async function scan(link: string, times: number, acceptLanguage = 'fr-FR') {
  for (let i = 0; i < times; i++) {
    const res = await t.request(`/r/${link}`, {
      redirect: 'manual',
      headers: { 'accept-language': acceptLanguage, ...newPhone() },
    });
    expect(res.status).toBe(302);
  }
}

/** Real visitor pages, shown in a language. */
async function read(name: string, lang: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await t.show(`/article?name=${name}&lang=${lang}`, { headers: newPhone() });
    expect(res.status).toBe(200);
  }
}

/**
 * Visitors pressing Listen (read aloud): the beacon public/listen.js sends from the article's
 * page, so with the site's own origin.
 */
async function listen(name: string, lang: string, times: number, origin = t.config.publicSiteUrl) {
  for (let i = 0; i < times; i++) {
    const res = await t.request(`/listened?name=${name}&lang=${lang}`, {
      method: 'POST',
      headers: { origin, ...newPhone() },
    });
    expect(res.status).toBe(origin === t.config.publicSiteUrl ? 204 : 403);
  }
}

async function chart(path: string, as = cookie) {
  const res = await get(`/api/stats/${path}`, as);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Record<string, string | number>[];
}

describe('lastDays', () => {
  it('counts back across months and years', () => {
    expect(lastDays('2026-03-02', 4)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDays('2027-01-01', 2)).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe('GET /api/stats/{chart}', () => {
  it('has all ten days, with only their dates when nothing happened', async () => {
    const rows = await chart('scans-per-article');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ formatted_date: '12 nov.' });
    expect(rows.at(-1)).toEqual({ formatted_date: '21 nov.' });
    const english = await chart('scans-per-language?lang=en');
    expect(english.map((r) => r.formatted_date)).toEqual(
      ['12', '13', '14', '15', '16', '17', '18', '19', '20', '21'].map((d) => `${d} Nov`),
    );
  });

  it('charts real scans per article and per language, day by day, zeros between', async () => {
    const port = await publish('le-port', 'Le port');
    const ship = await publish('le-navire', 'Le navire');
    const portCode = await codeFor(port);
    const shipCode = await codeFor(ship);

    clock.advance(-3 * DAY); // 18 November
    await scan(portCode, 2, 'es-ES,es;q=0.9');
    await scan(shipCode, 1, 'de-DE');
    clock.advance(3 * DAY); // today, 21 November
    await scan(portCode, 4);
    await scan(shipCode, 1, 'es-MX');

    const perArticle = await chart('scans-per-article');
    expect(perArticle).toHaveLength(10);
    expect(perArticle[6]).toEqual({ formatted_date: '18 nov.', 'Le port': 2, 'Le navire': 1 });
    expect(perArticle[7]).toEqual({ formatted_date: '19 nov.', 'Le port': 0, 'Le navire': 0 });
    expect(perArticle[9]).toEqual({ formatted_date: '21 nov.', 'Le port': 4, 'Le navire': 1 });
    // The series: every key but formatted_date, the biggest first.
    expect(Object.keys(perArticle[0]!)).toEqual(['formatted_date', 'Le port', 'Le navire']);

    const perLanguage = await chart('scans-per-language');
    expect(perLanguage[6]).toEqual({
      formatted_date: '18 nov.',
      'Español (Espagnol)': 2,
      Français: 0,
      'Deutsch (Allemand)': 1,
    });
    expect(perLanguage[9]).toEqual({
      formatted_date: '21 nov.',
      'Español (Espagnol)': 1,
      Français: 4,
      'Deutsch (Allemand)': 0,
    });
    const english = await chart('scans-per-language?lang=en');
    expect(english[9]).toEqual({
      formatted_date: '21 Nov',
      'Español (Spanish)': 1,
      'Français (French)': 4,
      'Deutsch (German)': 0,
    });
  });

  it('charts one article’s visitor pages per language; staff previews are not counted', async () => {
    const port = await publish('le-port', 'Le port');
    const ship = await publish('le-navire', 'Le navire');
    await read('le-port', 'es', 3);
    await read('le-port', 'fr', 1);
    await read('le-navire', 'ja', 5);
    expect((await t.show('/article?name=le-port&lang=es&ignoreStats=true')).status).toBe(200);

    const rows = await chart(`requests-per-language?articleId=${port}`);
    expect(rows).toHaveLength(10);
    expect(rows[9]).toEqual({ formatted_date: '21 nov.', 'Español (Espagnol)': 3, Français: 1 });
    expect(rows[0]).toEqual({ formatted_date: '12 nov.', 'Español (Espagnol)': 0, Français: 0 });
    const shipRows = await chart(`requests-per-language?articleId=${ship}&lang=en`);
    expect(shipRows[9]).toEqual({ formatted_date: '21 Nov', '日本語 (Japanese)': 5 });
    // Scans are not requests.
    await scan(await codeFor(port), 2);
    expect((await chart(`requests-per-language?articleId=${port}`))[9]).toEqual(rows[9]);
  });

  it('charts one article’s listens per language, apart from its requests', async () => {
    const port = await publish('le-port', 'Le port');
    const ship = await publish('le-navire', 'Le navire');
    const theirs = await publish('chez-b', 'Chez B', other);
    // Without an engine only the source language (French) is readable, and so listened to.
    await read('le-port', 'fr', 2);
    clock.advance(-2 * DAY); // 19 November
    await listen('le-port', 'fr', 1);
    clock.advance(2 * DAY);
    await listen('le-port', 'fr', 3);
    await listen('le-navire', 'fr', 4);
    await listen('chez-b', 'fr', 5);
    // Another site's beacon is refused, and not counted.
    await listen('le-port', 'fr', 1, 'https://elsewhere.example');

    const rows = await chart(`listened-per-language?articleId=${port}`);
    expect(rows).toHaveLength(10);
    expect(rows[7]).toEqual({ formatted_date: '19 nov.', Français: 1 });
    expect(rows[9]).toEqual({ formatted_date: '21 nov.', Français: 3 });
    expect((await chart(`listened-per-language?articleId=${ship}&lang=en`))[9]).toEqual({
      formatted_date: '21 Nov',
      'Français (French)': 4,
    });
    // Listens are not requests, nor requests listens.
    expect((await chart(`requests-per-language?articleId=${port}`))[9]).toEqual({
      formatted_date: '21 nov.',
      Français: 2,
    });
    // The other museum's listens are theirs only.
    expect((await get(`/api/stats/listened-per-language?articleId=${theirs}`)).status).toBe(404);
    expect((await chart(`listened-per-language?articleId=${theirs}`, other))[9]).toEqual({
      formatted_date: '21 nov.',
      Français: 5,
    });

    const res = await get(`/api/stats/listened-per-language?articleId=${port}&format=csv&days=30`);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="listened-per-language-2026-11-21.csv"',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,Français');
    expect(lines.slice(-3)).toEqual(['2026-11-19,1', '2026-11-20,0', '2026-11-21,3']);
    expect(lines).toHaveLength(31);
  });

  it('leaves out what is older than the range, and shows it with days=30', async () => {
    const port = await publish('le-port', 'Le port');
    const link = await codeFor(port);
    clock.advance(-12 * DAY); // 9 November: outside 10 days, inside 30
    await scan(link, 2);
    clock.advance(12 * DAY);
    const ten = await chart('scans-per-article');
    expect(ten.every((row) => Object.keys(row).length === 1)).toBe(true);
    const thirty = await chart('scans-per-article?days=30');
    expect(thirty).toHaveLength(30);
    expect(thirty[17]).toEqual({ formatted_date: '9 nov.', 'Le port': 2 });
    expect(await chart('scans-per-article?days=90')).toHaveLength(90);
  });

  it('follows the museum’s time zone: a scan late at night belongs to its own day', async () => {
    const port = await publish('le-port', 'Le port');
    const link = await codeFor(port);
    // 23:30 UTC on the 21st: already the 22nd in Paris.
    clock.advance(14.5 * 60 * 60 * 1000);
    await scan(link, 1);
    let rows = await chart('scans-per-article');
    expect(rows.at(-1)).toEqual({ formatted_date: '22 nov.', 'Le port': 1 });
    expect(rows.at(-2)).toEqual({ formatted_date: '21 nov.', 'Le port': 0 });

    // A museum in New York: that moment is still the 21st there.
    const [museum] = await database.db.select().from(museums).where(eq(museums.name, 'Musée A'));
    await database.db
      .update(museums)
      .set({ timeZone: 'America/New_York' })
      .where(eq(museums.id, museum!.id));
    // Where codes lead (with the museum's zone) is kept a second in memory.
    t.services.qrcodes.forgetTargets();
    await scan(link, 1);
    rows = await chart('scans-per-article');
    expect(rows.at(-1)).toEqual({ formatted_date: '21 nov.', 'Le port': 1 });
  });

  it('keeps museums apart: other counts never show, another article id is 404', async () => {
    const mine = await publish('chez-a', 'Chez A');
    const theirs = await publish('chez-b', 'Chez B', other);
    await scan(await codeFor(theirs, other), 3, 'es');
    await read('chez-b', 'it', 2);
    await scan(await codeFor(mine), 1);

    expect((await chart('scans-per-article')).at(-1)).toEqual({
      formatted_date: '21 nov.',
      'Chez A': 1,
    });
    expect((await chart('scans-per-language')).at(-1)).toEqual({
      formatted_date: '21 nov.',
      Français: 1,
    });
    const foreign = await get(`/api/stats/requests-per-language?articleId=${theirs}`);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe('No such article in your museum.');
    expect((await chart('scans-per-article', other)).at(-1)).toEqual({
      formatted_date: '21 nov.',
      'Chez B': 3,
    });
  });

  it('a deleted article leaves the article chart; its scans still count per language', async () => {
    const kept = await publish('salle-a', 'Gardée');
    const gone = await publish('salle-b', 'Supprimée');
    await scan(await codeFor(kept), 1, 'es');
    await scan(await codeFor(gone), 2, 'es');
    await manage('delete_item', { id: gone, type: 'article', pathArray: [] });
    expect((await chart('scans-per-article')).at(-1)).toEqual({
      formatted_date: '21 nov.',
      Gardée: 1,
    });
    expect((await chart('scans-per-language')).at(-1)).toEqual({
      formatted_date: '21 nov.',
      'Español (Espagnol)': 3,
    });
  });

  it('tells apart two articles with one title', async () => {
    const a = await publish('salle-a', 'Salle');
    const b = await publish('salle-b', 'Salle');
    await scan(await codeFor(a), 2);
    await scan(await codeFor(b), 1);
    expect((await chart('scans-per-article')).at(-1)).toEqual({
      formatted_date: '21 nov.',
      [`Salle (${a})`]: 2,
      [`Salle (${b})`]: 1,
    });
  });

  it('draws the twelve most scanned articles and one bar for the others; the CSV has all', async () => {
    for (let i = 1; i <= 14; i++) {
      const id = await publish(`salle-${i}`, `Salle ${String(i).padStart(2, '0')}`);
      await scan(await codeFor(id), i);
    }
    const today = (await chart('scans-per-article')).at(-1)!;
    const expected: Record<string, string | number> = { formatted_date: '21 nov.' };
    for (let i = 14; i >= 3; i--) expected[`Salle ${String(i).padStart(2, '0')}`] = i;
    expected['Autres articles'] = 1 + 2;
    expect(today).toEqual(expected);
    expect(Object.keys(today).at(-1)).toBe('Autres articles');
    expect((await chart('scans-per-article?lang=en')).at(-1)).toHaveProperty('Other articles', 3);

    const csv = await (await get('/api/stats/scans-per-article?format=csv')).text();
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header!.split(',')).toHaveLength(1 + 14);
    expect(header).toContain('Salle 01');
    expect(
      lines
        .at(-1)!
        .split(',')
        .slice(1)
        .map(Number)
        .reduce((a, b) => a + b),
    ).toBe(105);
  });

  it('gives the numbers as CSV, safe to open in a spreadsheet', async () => {
    const a = await publish('salle-a', '=HYPERLINK("http://evil.example")');
    const b = await publish('salle-b', 'Salle "Nord", 1er étage');
    await scan(await codeFor(a), 2);
    await scan(await codeFor(b), 1);
    const res = await get('/api/stats/scans-per-article?format=csv&lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="scans-per-article-2026-11-21.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(
      `date,"'=HYPERLINK(""http://evil.example"")","Salle ""Nord"", 1er étage"`,
    );
    expect(lines[1]).toBe('2026-11-12,0,0');
    expect(lines[10]).toBe('2026-11-21,2,1');
    expect(lines).toHaveLength(12);
  });

  it('counts titles and languages named like Object.prototype’s keys, in JSON and CSV', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) ids.push(await publish(`salle-${i}`, name));
    // Counts as the counter writes them (the scans tests above go through real scans).
    const [museum] = await database.db.select().from(museums).where(eq(museums.name, 'Musée A'));
    const museumId = museum!.id;
    const day = '2026-11-21';
    await database.db
      .insert(dailyArticleScans)
      .values(ids.map((articleId, i) => ({ museumId, day, articleId, count: i + 1 })));
    await database.db
      .insert(dailyLanguageScans)
      .values(names.map((language, i) => ({ museumId, day, language, count: i + 1 })));
    await database.db.insert(dailyCounts).values(
      names.map((language, i) => ({
        day,
        museumId,
        articleId: ids[0]!,
        language,
        kind: 'request' as const,
        count: i + 1,
      })),
    );

    // Object.entries: an object literal's `__proto__:` would set a prototype, not a key.
    const today = (await chart('scans-per-article')).at(-1)!;
    expect(Object.entries(today)).toEqual([
      ['formatted_date', '21 nov.'],
      ['hasOwnProperty', 4],
      ['toString', 3],
      ['constructor', 2],
      ['__proto__', 1],
    ]);
    const csv = await (await get('/api/stats/scans-per-article?format=csv')).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('date,hasOwnProperty,toString,constructor,__proto__');
    expect(lines[1]).toBe('2026-11-12,0,0,0,0');
    expect(lines[10]).toBe('2026-11-21,4,3,2,1');

    // Language names: Intl's, capitalised; a code it does not know stays as it is.
    const languages = [
      ['formatted_date', '21 Nov'],
      ['HasOwnProperty', 4],
      ['Tostring', 3],
      ['Constructor', 2],
      ['__proto__', 1],
    ];
    for (const path of ['scans-per-language?', `requests-per-language?articleId=${ids[0]}&`]) {
      expect(Object.entries((await chart(`${path}lang=en`)).at(-1)!), path).toEqual(languages);
      const text = await (await get(`/api/stats/${path}lang=en&format=csv`)).text();
      expect(text.split('\r\n')[0], path).toBe(
        'date,HasOwnProperty,Tostring,Constructor,__proto__',
      );
      expect(text.split('\r\n')[10], path).toBe('2026-11-21,4,3,2,1');
    }
  });

  it.each([
    ['an unknown chart', 'visits-per-hour', 404],
    ['a range not offered', 'scans-per-article?days=7', 422],
    ['a range in words', 'scans-per-article?days=ten', 422],
    ['another interface language', 'scans-per-article?lang=de', 422],
    ['another format', 'scans-per-article?format=xml', 422],
    ['no article', 'requests-per-language', 422],
    ['a text article id', 'requests-per-language?articleId=abc', 422],
    ['an unknown article', 'requests-per-language?articleId=999999', 404],
    ['listens without an article', 'listened-per-language', 422],
    ['listens of an unknown article', 'listened-per-language?articleId=999999', 404],
  ])('answers %s with a clear error', async (_, path, status) => {
    const res = await get(`/api/stats/${path}`);
    expect(res.status).toBe(status);
    expect((await res.json()).error.message).toMatch(/\w/);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/stats/scans-per-article')).status).toBe(401);
  });
});
