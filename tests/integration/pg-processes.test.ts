import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../src/features/auth/policy.ts';
import { PAGE_TTL_MS } from '../../src/features/reader/visit/page-cache.ts';
import { migrationsFolder } from '../../src/server/db/handle.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { PNG_1PX } from '../helpers/media.ts';
import { describeWithPg, openPgServer, sqlClient, type PgServer } from '../helpers/pg-server.ts';
import type { RunningServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/server.ts';
import {
  cookieOf,
  sleep,
  staffHttp,
  startOnFreePort,
  until,
  type StaffHttp,
} from '../helpers/staff-http.ts';
import { useServers } from '../helpers/use-servers.ts';

/**
 * Self-hosted at scale: several Node processes behind a load balancer on one PostgreSQL and one blob
 * store, where nothing may rely on a process's memory for correctness. Two real servers, A and
 * B, share a fresh database and a blob folder, and a fake engine the test counts calls on; each
 * step does something through one process and checks it through the other.
 */

/** What a load balancer's address would be: both processes are configured alike. */
const SITE = 'http://legenda.test';
const ADMIN = { email: 'director@museum.example', password: 'director passphrase' };

describeWithPg('server', 'two server processes on one PostgreSQL', () => {
  let server: PgServer;
  let databaseUrl: string;
  let engine: FakeOpenAI;
  let sql: pg.Client;
  let a: StaffHttp;
  let b: StaffHttp;
  let processes: RunningServer[] = [];
  let cookie: string;
  /** DATA_DIR of both processes: with DATABASE_URL set, it holds only the blob folder. */
  let dataDir: string;

  beforeAll(async () => {
    [server, engine] = await Promise.all([openPgServer('server'), startFakeOpenAI()]);
    databaseUrl = await server.createDatabase();
    sql = await sqlClient(databaseUrl);
  });
  afterAll(async () => {
    await sql?.end().catch(() => {});
    await engine?.close();
    await server?.close();
  });
  // Registered after the cleanup above, so its afterAll runs first: the processes stop before
  // their database does.
  const start = useServers();

  it('start at once on an empty database: migrations run once, one first account', async () => {
    dataDir = tempDir();
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BLOB_STORE: 'fs',
      PUBLIC_SITE_URL: SITE,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OPENAI_BASE_URL: engine.url,
      OPENAI_API_KEY: 'test-key',
      OPENAI_MODEL: 'fake-model',
      COUNTS_FLUSH_MS: '100',
    };
    processes = await Promise.all([startOnFreePort(start, env), startOnFreePort(start, env)]);
    const [first, second] = processes as (RunningServer & { direct: string })[];
    a = staffHttp(first!.direct, SITE);
    b = staffHttp(second!.direct, SITE);

    const made = processes.filter((p) => p.output().includes('First account created'));
    expect(made).toHaveLength(1);
    for (const p of processes) expect(p.output()).toContain('Database: PostgreSQL (DATABASE_URL)');

    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
    const users = await sql.query('select email from users');
    expect(users.rows).toEqual([{ email: ADMIN.email }]);
    const demo = await sql.query(
      `select count(*)::int as n from qrcodes where link = 'DemoLegend'`,
    );
    expect(demo.rows[0].n).toBe(1);
  });

  it('a session opened on A works on B, and signing out on B ends it on A', async () => {
    const signedIn = await a.login(ADMIN.email, ADMIN.password);
    expect(signedIn.status).toBe(200);
    cookie = cookieOf(signedIn);
    expect(await (await b.get('/session', cookie)).json()).toMatchObject({ email: ADMIN.email });
    expect((await b.get('/api/tree', cookie)).status).toBe(200);

    // A has just read the session: a process may reuse it for SESSION_CACHE_MS, no longer.
    const other = cookieOf(await b.login(ADMIN.email, ADMIN.password));
    expect((await a.get('/api/tree', other)).status).toBe(200);
    expect((await b.logout(other)).status).toBe(200);
    await sleep(SESSION_CACHE_MS + 100);
    expect((await a.get('/api/tree', other)).status).toBe(401);
    expect(await (await a.get('/session', other)).json()).toEqual({});
    // The first session is untouched.
    expect((await a.get('/api/tree', cookie)).status).toBe(200);
  });

  let articleId: number;
  const article = (text: string, more: string) => ({
    articleId,
    newContent: [
      { type: 'metadatas', url: 'salle-des-cartes', backgroundColor: '#f4efe6' },
      { type: 'text', content: text },
      { type: 'space', height: 12 },
      { type: 'text', content: more },
    ],
    unformatted_name: 'Salle des cartes',
    instructions: 'Ton simple.',
  });

  it('an article saved on A is read back on B, and a save on B on A', async () => {
    const added = await a.post('/api/manage/add_article', { pathArray: [] }, cookie);
    expect(added.status).toBe(201);
    articleId = ((await added.json()) as { id: number }).id;

    const savedOnA = await a.post(
      '/api/manage/update_article',
      article('Une carte du port.', 'Gravée en 1720.'),
      cookie,
    );
    expect(savedOnA.status).toBe(200);
    const readOnB = await (await b.get(`/api/read/article?articleId=${articleId}`, cookie)).json();
    expect(readOnB).toMatchObject({
      id: articleId,
      name: 'salle-des-cartes',
      unformatted_name: 'Salle des cartes',
      instructions: 'Ton simple.',
      revision: 1,
    });
    expect(readOnB.content.map((e: { content?: string }) => e.content)).toEqual([
      undefined,
      'Une carte du port.',
      undefined,
      'Gravée en 1720.',
    ]);
    const tree = await (await b.get('/api/tree', cookie)).text();
    expect(tree).toContain('Salle des cartes');

    const savedOnB = await b.post(
      '/api/manage/update_article',
      article('Une carte du port de Brest.', 'Gravée en 1720.'),
      cookie,
    );
    expect(await savedOnB.json()).toMatchObject({ revision: 2 });
    const readOnA = await (await a.get(`/api/read/article?articleId=${articleId}`, cookie)).json();
    // Published again by B's save: since then.
    expect(readOnA).toEqual({
      ...readOnB,
      revision: 2,
      content: readOnA.content,
      publication: { ...readOnB.publication, publishedAt: readOnA.publication.publishedAt },
    });
    expect(readOnA.publication.state).toBe('published');
    expect(readOnA.content[1].content).toBe('Une carte du port de Brest.');
  });

  it('an image uploaded through A is served by B (one blob store)', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'map.png');
    const uploaded = await fetch(`${a.base}/api/upload/image`, {
      method: 'POST',
      headers: { cookie, origin: SITE },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { mediaUrl } = (await uploaded.json()) as { mediaUrl: string };
    const served = await b.get(mediaUrl);
    expect(served.status).toBe(200);
    // Processed at upload (a 1 × 1 PNG again), the same bytes from either server.
    const fromA = Buffer.from(await (await a.get(mediaUrl)).arrayBuffer());
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fromA);
    expect(fromA.subarray(0, 8)).toEqual(PNG_1PX.subarray(0, 8));
  });

  /** The visitor page in Spanish, once the first translation is done (progress page before). */
  const spanish = (via: StaffHttp) =>
    until(
      async () => (await via.visit('/article?name=salle-des-cartes&lang=es', 'es')).text(),
      (html) => html.includes('Gravée en 1720.') && !html.includes('http-equiv="refresh"'),
    );

  it('a translation asked through B is served by A from the shared store, with no engine call', async () => {
    engine.reset();
    const onB = await spanish(b);
    expect(onB).toContain('[es] Une carte du port de Brest.');
    expect(onB).toContain('[es] Gravée en 1720.');
    const calls = engine.calls.length;
    expect(calls).toBeGreaterThan(0);
    expect(engine.calls.every((c) => c.targetLang === 'es')).toBe(true);

    const onA = await (await a.visit('/article?name=salle-des-cartes&lang=es', 'es')).text();
    expect(onA).toContain('[es] Une carte du port de Brest.');
    expect(onA).toContain('[es] Gravée en 1720.');
    expect(engine.calls.length).toBe(calls);
  });

  it('a reset on A is seen on B: its next visit translates again, not from a stale copy', async () => {
    // B holds the Spanish page and the translation memory document in its own memory.
    expect(await (await b.visit('/article?name=salle-des-cartes&lang=es', 'es')).text()).toContain(
      '[es] Gravée en 1720.',
    );
    engine.reset();
    engine.setBehaviour({
      type: 'answer',
      translations: (segments) => segments.map((s) => ({ id: s.id, text: `[es v2] ${s.text}` })),
    });
    const reset = await a.post('/api/manage/reset_traductions', { articleId }, cookie);
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { cleared: number }).cleared).toBeGreaterThan(0);
    // The blob store is shared: the article's documents are gone for every process.
    const stored = path.join(dataDir, 'blobs', 'translations', String(articleId));
    expect(fs.existsSync(stored) ? fs.readdirSync(stored) : []).toEqual([]);

    // B may reuse a page it rendered for PAGE_TTL_MS (ADR 0005); after that it must not.
    await sleep(PAGE_TTL_MS + 100);
    const onB = await spanish(b);
    expect(onB).toContain('[es v2] Une carte du port de Brest.');
    expect(onB).not.toContain('[es] ');
    expect(engine.calls.length).toBeGreaterThan(0);
    engine.setBehaviour({ type: 'ok' });
  });

  it('visits and scans counted on both processes add up in the statistics of either', async () => {
    const added = await b.post('/api/manage/add_article', { pathArray: [] }, cookie);
    const countedId = ((await added.json()) as { id: number }).id;
    const saved = await b.post(
      '/api/manage/update_article',
      {
        articleId: countedId,
        newContent: [
          { type: 'metadatas', url: 'vitrine-7' },
          { type: 'text', content: 'Vitrine 7.' },
        ],
        unformatted_name: 'Vitrine 7',
        instructions: '',
      },
      cookie,
    );
    expect(saved.status).toBe(200);
    const code = (await (await a.post('/api/manage/add_qrcode', {}, cookie)).json()) as {
      id: number;
      link: string;
    };
    const linked = await b.post(
      '/api/manage/update_qrcode',
      { articleId: countedId, qrcodeId: code.id },
      cookie,
    );
    expect(linked.status).toBe(200);

    // Eighteen phones: each scan and page from a user agent of its own (one phone's repeats
    // within half an hour count once, per process).
    let phones = 0;
    const phone = () => `phone ${++phones}`;
    const scan = (via: StaffHttp, language: string) =>
      fetch(`${via.base}/r/${code.link}`, {
        redirect: 'manual',
        headers: { 'accept-language': language, 'user-agent': phone() },
      });
    const visits: Promise<Response>[] = [];
    for (let i = 0; i < 3; i++) visits.push(scan(a, 'es'), scan(b, 'de'), scan(b, 'es'));
    // The museum's own language: no engine; the cached page counts too.
    for (let i = 0; i < 4; i++) {
      visits.push(a.visit('/article?name=vitrine-7&lang=fr', 'fr', phone()));
    }
    for (let i = 0; i < 5; i++) {
      visits.push(b.visit('/article?name=vitrine-7&lang=fr', 'fr', phone()));
    }
    const answers = await Promise.all(visits);
    expect(answers.map((r) => r.status).sort((x, y) => x - y)).toEqual([
      ...Array<number>(9).fill(200),
      ...Array<number>(9).fill(302),
    ]);

    const totals = async (via: StaffHttp, chart: string) => {
      const query = chart === 'requests-per-language' ? `&articleId=${countedId}` : '';
      const res = await via.get(`/api/stats/${chart}?lang=en&days=10${query}`, cookie);
      expect(res.status).toBe(200);
      const sums: Record<string, number> = {};
      for (const row of (await res.json()) as Record<string, string | number>[]) {
        for (const [key, value] of Object.entries(row)) {
          if (key !== 'formatted_date') sums[key] = (sums[key] ?? 0) + Number(value);
        }
      }
      return sums;
    };
    const expected = {
      'scans-per-article': { 'Vitrine 7': 9 },
      'scans-per-language': { 'Español (Spanish)': 6, 'Deutsch (German)': 3 },
      'requests-per-language': { 'Français (French)': 9 },
    };
    for (const [chart, want] of Object.entries(expected)) {
      // Counts are written by each process within COUNTS_FLUSH_MS (100 ms here).
      const fromA = await until(
        () => totals(a, chart),
        (got) => JSON.stringify(got) === JSON.stringify(want),
        5000,
      );
      expect(fromA, chart).toEqual(want);
      expect(await totals(b, chart), chart).toEqual(want);
    }

    // One phone scanning three times through each process: counted once per process, as each
    // recognises repeats in its own memory (docs/visitors.md). Then another phone once through each: when
    // its two scans are written, so are the first phone's, which each process had before.
    const rescan = (via: StaffHttp, language: string, userAgent: string) =>
      fetch(`${via.base}/r/${code.link}`, {
        redirect: 'manual',
        headers: { 'accept-language': language, 'user-agent': userAgent },
      });
    for (const via of [a, b, a, b, a, b]) {
      expect((await rescan(via, 'it', 'the same phone')).status).toBe(302);
    }
    for (const via of [a, b]) expect((await rescan(via, 'pt', 'a last phone')).status).toBe(302);
    const perLanguage = await until(
      () => totals(b, 'scans-per-language'),
      (got) => got.Portuguese === 2,
      5000,
    );
    expect(perLanguage).toEqual({
      'Español (Spanish)': 6,
      'Deutsch (German)': 3,
      'Italiano (Italian)': 2,
      'Português (Portuguese)': 2,
    });
  });
});
