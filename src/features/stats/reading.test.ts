import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testClock } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { dailyCircuitProgress, dailyReadingTimes } from '../../server/db/schema.ts';
import {
  beaconGate,
  BUCKET_STARTS,
  bucketOf,
  plausibleSeconds,
  READING_FLOOR_SECONDS,
  SECONDS_PER_RECORDING,
  summarise,
} from './reading.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;

useTestApp(
  () => ({
    // 10:00 in Paris on Saturday 21 November 2026.
    clock: testClock(new Date('2026-11-21T09:00:00Z')),
    env: { COUNTS_FLUSH_MS: '0', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
    // Small, so a test reaches each bound; the per-address one stays above what a test sends.
    beaconLimits: { perAddressPerMinute: 5, perMuseumPerMinute: 40, perMuseumPerMonth: 60 },
  }),
  (s) => ({ database, t, cookie, other } = s),
);

let phones = 0;
/** A phone of its own: its repeats are its own (repeats.ts). */
const newPhone = () => ({
  'user-agent': `phone ${++phones}`,
  'x-test-address': `198.51.100.${phones % 250}`,
});

/** The beacon reader.js sends when the page is hidden. */
const beacon = (query: string, headers: Record<string, string> = newPhone()) =>
  t.request(`/reading?${query}`, {
    method: 'POST',
    headers: { origin: t.config.publicSiteUrl, ...headers },
  });
const step = (query: string, headers: Record<string, string> = newPhone()) =>
  t.request(`/circuit-progress?${query}`, {
    method: 'POST',
    headers: { origin: t.config.publicSiteUrl, ...headers },
  });

const readings = async () =>
  (await database.db.select().from(dailyReadingTimes)).reduce((n, r) => n + r.count, 0);
const steps = async () => database.db.select().from(dailyCircuitProgress);

const get = (path: string, as = cookie) => staff(t, as).get(path);
async function json<T>(path: string, as = cookie): Promise<T> {
  const res = await get(path, as);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

type Reading = {
  languages: {
    language: string;
    name: string;
    count: number;
    q1: number;
    median: number;
    q3: number;
  }[];
};
type Completion = {
  started: number;
  completed: number;
  days: { day: string; started: number; completed: number }[];
};

async function circuit(name: string, articleIds: number[], as = cookie): Promise<number> {
  const res = await t.postJson(
    '/api/manage/save_circuit',
    { name, title: `Parcours ${name}`, articleIds },
    { cookie: as },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('reading time buckets', () => {
  it('places seconds in their bucket and reads quartiles back from the counts', () => {
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(5)).toBe(1);
    expect(bucketOf(59)).toBe(6);
    expect(bucketOf(60)).toBe(7);
    expect(bucketOf(99_999)).toBe(BUCKET_STARTS.length - 1);
    expect(summarise(new Map())).toBeUndefined();
    // Four readings in 60–90 s, spread evenly: the quartiles fall at 67.5, 75 and 82.5 s.
    expect(summarise(new Map([[7, 4]]))).toEqual({ count: 4, q1: 68, median: 75, q3: 83 });
    // One short reading and three long ones: the median sits among the long ones.
    const mixed = summarise(
      new Map([
        [0, 1],
        [9, 3],
      ]),
    )!;
    expect(mixed.q1).toBeLessThanOrEqual(5);
    expect(mixed.median).toBeGreaterThanOrEqual(120);
    expect(mixed.q3).toBeLessThanOrEqual(180);
  });

  it('measures the longest plausible reading by what a visitor reads and hears', () => {
    const sentences = 'Une phrase de quelque soixante caractères sur ce tableau-ci. '.repeat(3);
    const short = [{ publicTitle: 'Le port' }, { type: 'text', id: 'p1', content: sentences }];
    expect(plausibleSeconds(short)).toBe(READING_FLOOR_SECONDS);
    // Addresses, ids and colours are not read: only the texts count.
    const long = [
      { publicTitle: 'Le port' },
      { type: 'image', id: 'p2', src: `/media/${'x'.repeat(5000)}.png`, alt: 'a'.repeat(300) },
      {
        type: 'accordion',
        id: 'p3',
        header: { content: 'b'.repeat(100) },
        details: [{ type: 'text', id: 'd1', content: 'c'.repeat(4600), color: '#ffffff' }],
      },
    ];
    expect(plausibleSeconds(long)).toBe(Math.ceil((7 + 300 + 100 + 4600) * 0.3));
    const recorded = [...short, { type: 'audio', id: 'p4', caption: '', transcript: '' }];
    expect(plausibleSeconds(recorded)).toBe(READING_FLOOR_SECONDS + SECONDS_PER_RECORDING);
    expect(plausibleSeconds(undefined)).toBe(READING_FLOOR_SECONDS);
  });

  it('bounds beacons per address and per museum a minute, and per museum a month', () => {
    let now = Date.parse('2026-11-30T23:00:00Z');
    const gate = beaconGate({
      limits: { perAddressPerMinute: 2, perMuseumPerMinute: 3, perMuseumPerMonth: 4 },
      now: () => now,
    });
    const phone = (n: number) => ({ address: `192.0.2.${n}`, userAgent: 'x' });
    // One address, whatever browser it names (an IPv6 address by its /64).
    const browsers = ['a', 'b', 'c'].map((userAgent) => ({ ...phone(1), userAgent }));
    expect(browsers.map((b) => gate.admit(1, b))).toEqual([true, true, false]);
    const block = ['::1', '::2', ':1::3'].map((host) => ({ address: `2001:db8:7:7${host}` }));
    expect(block.map((b) => gate.admit(3, { ...b, userAgent: 'x' }))).toEqual([true, true, false]);
    expect(gate.admit(1, phone(2))).toBe(true);
    // The museum's minute is full, whoever asks; another museum is not held by it.
    expect(gate.admit(1, phone(3))).toBe(false);
    expect(gate.admit(2, phone(3))).toBe(true);
    now += 61_000;
    expect(gate.admit(1, phone(4))).toBe(true);
    // Its month is full now (4), even after the minute.
    now += 61_000;
    expect(gate.admit(1, phone(5))).toBe(false);
    // A new month (UTC) starts afresh.
    now = Date.parse('2026-12-01T00:01:00Z');
    expect(gate.admit(1, phone(5))).toBe(true);
  });
});

describe('POST /reading', () => {
  it('counts a published page read for some seconds, with our origin or none, never another site’s', async () => {
    await staff(t, cookie).publish('salle-1', 'Salle 1');
    expect((await beacon('name=salle-1&lang=ja&seconds=42')).status).toBe(204);
    const bare = await t.request('/reading?name=salle-1&lang=ja&seconds=12', {
      method: 'POST',
      headers: newPhone(),
    });
    expect(bare.status).toBe(204);
    const cross = await t.request('/reading?name=salle-1&lang=ja&seconds=12', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', ...newPhone() },
    });
    expect(cross.status).toBe(403);
    expect(await readings()).toBe(2);
    // No visitor in what is kept: a day, an article, a language, a bucket, a count.
    const [row] = await database.db.select().from(dailyReadingTimes);
    expect(Object.keys(row!).sort()).toEqual(
      ['articleId', 'bucket', 'count', 'day', 'language', 'museumId'].sort(),
    );
  });

  it('counts nothing for bad or hostile input, unknown pages, previews, and a phone’s repeats', async () => {
    await staff(t, cookie).publish('salle-1', 'Salle 1');
    const bad = [
      'name=salle-1&lang=ja',
      'name=salle-1&lang=ja&seconds=',
      'name=salle-1&lang=ja&seconds=abc',
      'name=salle-1&lang=ja&seconds=-3',
      'name=salle-1&lang=ja&seconds=1e3',
      'name=salle-1&lang=ja&seconds=0',
      'name=salle-1&lang=ja&seconds=99999999',
      'name=salle-1&lang=ja&seconds=3600000',
      'name=salle-1&lang=xx-nope&seconds=30',
      `name=salle-1&lang=${'a'.repeat(5000)}&seconds=30`,
      'name=salle-1&seconds=30',
      'name=%3Cscript%3E&lang=ja&seconds=30',
      `name=${'a'.repeat(5000)}&lang=ja&seconds=30`,
      'name=nowhere&lang=ja&seconds=30',
      'lang=ja&seconds=30',
      'name=salle-1&lang=ja&seconds=30&ignoreStats=true',
      'name=salle-1&lang=ja&seconds=30&ignoreStats=1',
    ];
    for (const query of bad) expect((await beacon(query)).status, query).toBe(204);
    expect(await readings()).toBe(0);
    const phone = newPhone();
    for (let i = 0; i < 3; i++)
      expect((await beacon('name=salle-1&lang=ja&seconds=30', phone)).status).toBe(204);
    expect(await readings()).toBe(1);
  });

  it('bounds what one phone and one museum may add', async () => {
    const ids = [];
    for (let i = 1; i <= 8; i++)
      ids.push(await staff(t, cookie).publish(`salle-${i}`, `Salle ${i}`));
    // One phone: five a minute (its sixth and later are dropped), whatever they name.
    const phone = newPhone();
    for (let i = 1; i <= 8; i++) await beacon(`name=salle-${i}&lang=ja&seconds=30`, phone);
    expect(await readings()).toBe(5);
    // The museum: forty a minute, from any number of phones.
    for (let i = 0; i < 45; i++)
      await beacon(`name=salle-${(i % 8) + 1}&lang=ja&seconds=${30 + i}`);
    expect(await readings()).toBe(40);
    // And sixty a month: the next minutes add twenty more at most.
    for (let minute = 0; minute < 3; minute++) {
      t.clock.advance(61_000);
      for (let i = 0; i < 20; i++)
        await beacon(`name=salle-${(i % 8) + 1}&lang=es&seconds=${30 + i}`);
    }
    expect(await readings()).toBe(60);
    // Another museum's pages are held by their own bounds only.
    await staff(t, other).publish('autre-1', 'Autre');
    expect((await beacon('name=autre-1&lang=ja&seconds=30')).status).toBe(204);
    expect(await readings()).toBe(61);
  });
});

describe('one client bending an article’s reading time', () => {
  it('cannot: its made-up hours are not counted, nor more than its address’s share', async () => {
    const sentences = 'Une phrase de quelque soixante caractères sur ce tableau-ci. '.repeat(3);
    const id = await staff(t, cookie).publish('salle-1', 'Salle 1', sentences);
    for (const seconds of [20, 25, 30, 35, 40])
      await beacon(`name=salle-1&lang=ja&seconds=${seconds}`);
    // One address, a new browser name at each beacon: hours, then the longest plausible.
    const liar = (i: number) => ({ 'user-agent': `bot ${i}`, 'x-test-address': '203.0.113.66' });
    for (let i = 0; i < 10; i++) await beacon('name=salle-1&lang=ja&seconds=3600', liar(i));
    expect(await readings()).toBe(5);
    const most = READING_FLOOR_SECONDS;
    for (let i = 10; i < 20; i++) await beacon(`name=salle-1&lang=ja&seconds=${most}`, liar(i));
    // Five a minute from that address (this test's bound), each within the article's length.
    expect(await readings()).toBe(10);
    const [ja] = (await json<Reading>(`/api/stats/reading-time?articleId=${id}`)).languages;
    expect(ja!.count).toBe(10);
    expect(ja!.median).toBeLessThanOrEqual(most);
    // Just past it, from a phone of its own: a page forgotten on a screen, not counted.
    await beacon(`name=salle-1&lang=ja&seconds=${most + 1}`);
    expect(await readings()).toBe(10);
  });
});

describe('GET /api/stats/reading-time', () => {
  it('gives each language’s median, quartiles and count, most read first, and the same as CSV', async () => {
    const id = await staff(t, cookie).publish('salle-1', 'Salle 1');
    for (const seconds of [62, 70, 80, 88]) await beacon(`name=salle-1&lang=ja&seconds=${seconds}`);
    await beacon('name=salle-1&lang=ar&seconds=12');
    const data = await json<Reading>(`/api/stats/reading-time?articleId=${id}&lang=fr`);
    expect(data.languages).toEqual([
      { language: 'ja', name: '日本語 (Japonais)', count: 4, q1: 68, median: 75, q3: 83 },
      { language: 'ar', name: 'العربية (Arabe)', count: 1, q1: 11, median: 13, q3: 14 },
    ]);
    const english = await json<Reading>(`/api/stats/reading-time?articleId=${id}&lang=en`);
    expect(english.languages.map((l) => l.name)).toEqual(['日本語 (Japanese)', 'العربية (Arabic)']);
    const csv = await get(`/api/stats/reading-time?articleId=${id}&format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="reading-time-2026-11-21\.csv"$/,
    );
    // A byte order mark first, for spreadsheet programs (text() reads past it).
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
    expect(await csv.text()).toBe(
      'language,name,readings,first_quartile_s,median_s,third_quartile_s\r\n' +
        'ja,日本語 (Japonais),4,68,75,83\r\nar,العربية (Arabe),1,11,13,14\r\n',
    );
  });

  it('counts only the days of the range', async () => {
    const id = await staff(t, cookie).publish('salle-1', 'Salle 1');
    await beacon('name=salle-1&lang=ja&seconds=30');
    t.clock.advance(11 * 86_400_000);
    // The session has ended by then: signed in again.
    cookie = await t.login('a@museum.example', 'password of a');
    expect((await json<Reading>(`/api/stats/reading-time?articleId=${id}`)).languages).toEqual([]);
    expect(
      (await json<Reading>(`/api/stats/reading-time?articleId=${id}&days=30`)).languages,
    ).toHaveLength(1);
  });

  it('answers 404 for another museum’s article and 422 for a bad id or query', async () => {
    const id = await staff(t, cookie).publish('salle-1', 'Salle 1');
    expect((await get(`/api/stats/reading-time?articleId=${id}`, other)).status).toBe(404);
    expect((await get('/api/stats/reading-time?articleId=99999')).status).toBe(404);
    for (const query of [
      '',
      'articleId=',
      'articleId=abc',
      'articleId=0',
      'articleId=-1',
      'articleId=1.5',
      `articleId=${id}&days=7`,
      `articleId=${id}&lang=de`,
      `articleId=${id}&format=xml`,
    ]) {
      const res = await get(`/api/stats/reading-time?${query}`);
      expect(res.status, query).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    }
    expect((await t.request(`/api/stats/reading-time?articleId=${id}`)).status).toBe(401);
  });
});

describe('circuit completion', () => {
  it('counts starts and ends per day, and answers them as JSON and CSV', async () => {
    const a = await staff(t, cookie).publish('salle-1', 'Salle 1');
    const b = await staff(t, cookie).publish('salle-2', 'Salle 2');
    const id = await circuit('tour', [a, b]);
    for (let i = 0; i < 4; i++) await step('name=tour&step=start');
    for (let i = 0; i < 3; i++) await step('name=tour&step=end');
    // Bad input, another site and previews count nothing.
    for (const query of [
      'name=tour',
      'name=tour&step=middle',
      'name=nowhere&step=start',
      'name=%3Cb%3E&step=start',
      'name=tour&step=start&ignoreStats=true',
    ]) {
      expect((await step(query)).status, query).toBe(204);
    }
    const cross = await t.request('/circuit-progress?name=tour&step=start', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', ...newPhone() },
    });
    expect(cross.status).toBe(403);
    // A phone's repeat counts once.
    const phone = newPhone();
    await step('name=tour&step=start', phone);
    await step('name=tour&step=start', phone);
    const data = await json<Completion>(`/api/stats/circuit-completion?circuitId=${id}`);
    expect(data).toMatchObject({ started: 5, completed: 3 });
    expect(data.days).toHaveLength(10);
    expect(data.days.at(-1)).toEqual({ day: '2026-11-21', started: 5, completed: 3 });
    expect(Object.keys((await steps())[0]!).sort()).toEqual([
      'circuitId',
      'count',
      'day',
      'museumId',
      'step',
    ]);
    const csv = await (
      await get(`/api/stats/circuit-completion?circuitId=${id}&format=csv`)
    ).text();
    expect(csv.split('\r\n')[0]).toBe('date,started,completed');
    expect(csv).toContain('\r\n2026-11-21,5,3\r\n');
  });

  it('answers 404 for another museum’s circuit and 422 for a bad id', async () => {
    const a = await staff(t, cookie).publish('salle-1', 'Salle 1');
    const id = await circuit('tour', [a]);
    expect((await get(`/api/stats/circuit-completion?circuitId=${id}`, other)).status).toBe(404);
    expect((await get('/api/stats/circuit-completion?circuitId=424242')).status).toBe(404);
    for (const query of [
      '',
      'circuitId=x',
      'circuitId=0',
      'circuitId=-2',
      `circuitId=${'9'.repeat(30)}`,
    ]) {
      expect((await get(`/api/stats/circuit-completion?${query}`)).status, query).toBe(422);
    }
  });
});
