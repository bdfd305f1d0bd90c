import { spawnSync } from 'node:child_process';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../src/features/auth/policy.ts';
import { PAGE_TTL_MS } from '../../src/features/reader/visit/page-cache.ts';
import type { PgCluster } from '../helpers/pg-cluster.ts';
import { describeWithPg, openPgServer, sqlClient, type PgServer } from '../helpers/pg-server.ts';
import { tempDir, type RunningServer } from '../helpers/server.ts';
import { cookieOf, sleep, staffHttp, until, type StaffHttp } from '../helpers/staff-http.ts';
import { useServers } from '../helpers/use-servers.ts';

/**
 * Faults: PostgreSQL stopped under a running server. Staff get a clear 503, an article
 * save cut off half way leaves the old article whole, visitors get the page they were reading or
 * a page in their language that says to wait, and once PostgreSQL is back the same Node process
 * works again (its pool reconnects).
 */

const ADMIN = { email: 'curator@museum.example', password: 'curator passphrase' };

const content = (version: string) => [
  { type: 'metadatas', url: 'salle-3' },
  { type: 'text', content: `Le phare, ${version}.` },
  { type: 'space', height: 8 },
  { type: 'text', content: `Construit en 1834, ${version}.` },
];

describeWithPg('cluster', 'PostgreSQL stopped in the middle of a run', () => {
  let pgServer: PgServer;
  let cluster: PgCluster;
  let databaseUrl: string;
  let sql: pg.Client;
  let app: RunningServer;
  let http: StaffHttp;
  let cookie: string;
  let articleId: number;
  let museumId: number;
  let code: string;

  beforeAll(async () => {
    pgServer = await openPgServer('cluster');
    cluster = pgServer.cluster!;
    databaseUrl = await pgServer.createDatabase();
    sql = await sqlClient(databaseUrl);
    app = await start({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COUNTS_FLUSH_MS: '100',
    });
    http = staffHttp(app.url, app.url);
    cookie = cookieOf(await http.login(ADMIN.email, ADMIN.password));
    const added = await http.post('/api/manage/add_article', { pathArray: [] }, cookie);
    articleId = ((await added.json()) as { id: number }).id;
    const saved = await http.post(
      '/api/manage/update_article',
      { articleId, newContent: content('v1'), unformatted_name: 'Salle 3', instructions: '' },
      cookie,
    );
    expect(saved.status).toBe(200);
    const qr = (await (await http.post('/api/manage/add_qrcode', {}, cookie)).json()) as {
      id: number;
      link: string;
    };
    code = qr.link;
    await http.post('/api/manage/update_qrcode', { articleId, qrcodeId: qr.id }, cookie);
    const row = await sql.query('select museum_id from articles where id = $1', [articleId]);
    museumId = row.rows[0].museum_id;
  });
  afterAll(async () => {
    await sql?.end().catch(() => {});
    await pgServer?.close();
  });
  // Its afterAll runs before the one above: the process stops before its database.
  const start = useServers();

  it('answers 503 while it is down, and a save cut off half way leaves the old article', async () => {
    const treeRevision = async () =>
      (await sql.query('select tree_revision from museums where id = $1', [museumId])).rows[0]
        .tree_revision as number;
    const before = await treeRevision();
    // Three phones read it in French (one phone's reloads would count once): before the stop,
    // during it and after it.
    const shown = await http.visit('/article?name=salle-3&lang=fr', 'fr', 'phone 1');
    expect(await shown.text()).toContain('Le phare, v1.');

    // The save runs its statements in one transaction: hold the museum's row, so the save has
    // written the article and waits at its last statement (the tree revision). Then its
    // connection is cut as a stopping server cuts every one (pg_terminate_backend sends the
    // backend the signal of a fast shutdown), and the server stops. Cutting it first makes the
    // moment certain: in a plain stop, the holder may die first and the save commit in time.
    const holder = await sqlClient(databaseUrl);
    await holder.query('begin');
    // FOR NO KEY UPDATE, as the save's own UPDATE takes: the save's earlier inserts that name
    // the museum (the version it keeps) only check that the row exists, which this allows.
    await holder.query('select 1 from museums where id = $1 for no key update', [museumId]);
    const saving = http.post(
      '/api/manage/update_article',
      { articleId, newContent: content('v2'), unformatted_name: 'Salle 3 bis', instructions: '' },
      cookie,
    );
    const waiting = await until(
      async () =>
        (
          await sql.query(
            `select pid from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'update "museums"%'`,
          )
        ).rows as { pid: number }[],
      (rows) => rows.length === 1,
    );
    expect(waiting).toHaveLength(1);
    await sql.query('select pg_terminate_backend($1)', [waiting[0]!.pid]);
    await cluster.stop();

    const cut = await saving;
    expect(cut.status).toBe(503);
    expect(cut.headers.get('retry-after')).toBe('5');
    expect(((await cut.json()) as { error: { code: string } }).error.code).toBe('unavailable');

    // Past the one-second caches of sessions and pages: every answer below needs the database.
    await sleep(Math.max(SESSION_CACHE_MS, PAGE_TTL_MS) + 100);
    const staffCalls = [
      http.get('/session', cookie),
      http.get('/api/tree', cookie),
      http.get(`/api/read/article?articleId=${articleId}`, cookie),
      http.get('/api/stats/scans-per-article', cookie),
      http.post(
        '/api/manage/update_article',
        { articleId, newContent: content('v3'), unformatted_name: 'Salle 3', instructions: '' },
        cookie,
      ),
      http.login(ADMIN.email, ADMIN.password),
    ];
    for (const res of await Promise.all(staffCalls)) {
      expect(res.status, res.url).toBe(503);
      expect(res.headers.get('retry-after'), res.url).toBe('5');
      expect(res.headers.get('set-cookie'), res.url).toBeNull();
      expect(await res.json(), res.url).toMatchObject({ error: { code: 'unavailable' } });
    }
    expect((await http.get('/healthz')).status).toBe(503);

    // Visitors: the page shown a moment ago is shown again (counted, not kept by the phone)...
    const again = await http.visit('/article?name=salle-3&lang=fr', 'fr', 'phone 2');
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await again.text()).toContain('Le phare, v1.');
    // ...and a page never shown is a page in the visitor's language that reloads itself.
    const german = await http.visit('/article?name=salle-3&lang=de', 'de');
    expect(german.status).toBe(503);
    expect(german.headers.get('retry-after')).toBe('10');
    expect(german.headers.get('cache-control')).toBe('no-store');
    const page = await german.text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('Gleich wieder da');
    expect(page).toContain('<meta http-equiv="refresh" content="10"/>');
    const scan = await fetch(`${app.url}/r/${code}`, {
      redirect: 'manual',
      headers: { 'accept-language': 'es' },
    });
    expect(scan.status).toBe(503);
    expect(await scan.text()).toContain('Volvemos enseguida');

    await cluster.start();
    await holder.end().catch(() => {});
    await sql.end().catch(() => {});
    sql = await sqlClient(databaseUrl);

    // The same process, its pool reconnected. /healthz says 503 until PostgreSQL has finished
    // starting ('the database system is starting up'), then 200; the calls after it work.
    const healthy = await until(
      async () => (await http.get('/healthz')).status,
      (status) => status === 200,
    );
    expect(healthy).toBe(200);
    const read = await http.get(`/api/read/article?articleId=${articleId}`, cookie);
    expect(read.status).toBe(200);
    const article = (await read.json()) as {
      unformatted_name: string;
      revision: number;
      content: { content?: string }[];
    };
    expect(article.unformatted_name).toBe('Salle 3');
    expect(article.revision).toBe(1);
    expect(article.content.map((e) => e.content)).toEqual([
      undefined,
      'Le phare, v1.',
      undefined,
      'Construit en 1834, v1.',
    ]);
    expect(await treeRevision()).toBe(before);
  });

  it('keeps answering while the process that started it is busy: its log never fills a pipe', () => {
    // `npm run test:pg` waits for Vitest with spawnSync, as this does for the child: 200 KB of
    // warnings in the server's log once blocked every backend behind a full stderr pipe.
    const script = `
      import pg from 'pg';
      const client = new pg.Client(process.argv[1]);
      await client.connect();
      for (let i = 0; i < 20; i++) {
        await client.query("do $$ begin raise warning '%', repeat('x', 10000); end $$");
      }
      await client.end();`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, databaseUrl], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });

  it('works again without a restart: sign-in, saves, scans, and the counts kept meanwhile', async () => {
    const fresh = await http.login(ADMIN.email, ADMIN.password);
    expect(fresh.status).toBe(200);
    const saved = await http.post(
      '/api/manage/update_article',
      { articleId, newContent: content('v2'), unformatted_name: 'Salle 3 bis', instructions: '' },
      cookie,
    );
    expect(await saved.json()).toMatchObject({ revision: 2 });
    const page = await (await http.visit('/article?name=salle-3&lang=fr', 'fr', 'phone 3')).text();
    expect(page).toContain('Construit en 1834, v2.');
    const scan = await fetch(`${app.url}/r/${code}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);

    // Requests in French: one before the stop, one shown from memory while it was down (kept
    // in memory until the database came back), one now.
    const counted = await until(
      async () => {
        const res = await http.get(
          `/api/stats/requests-per-language?lang=en&articleId=${articleId}`,
          cookie,
        );
        const rows = (await res.json()) as Record<string, string | number>[];
        return rows.reduce((n, row) => n + Number(row['Français (French)'] ?? 0), 0);
      },
      (n) => n === 3,
      5000,
    );
    expect(counted).toBe(3);

    expect(app.child.exitCode).toBeNull();
    expect(app.output().match(/Legenda is running at/g)).toHaveLength(1);
  });
});
