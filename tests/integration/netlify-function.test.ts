import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { accountsService } from '../../src/features/accounts/service.ts';
import { READER_SCRIPT } from '../../src/features/reader/render/document.ts';
import { loadNetlifyConfig, NETLIFY_POOL_MAX } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { DatabaseHandle } from '../../src/server/db/handle.ts';
import type { NetlifyContext, NetlifyHandler } from '../../src/app/netlify/handler.ts';
import { latestMigration } from '../../src/app/netlify/schema-status.ts';
import { FAST_SCRYPT } from '../helpers/app.ts';
import { PNG_1PX } from '../helpers/media.ts';
import { describeWithPg, openPgServer, sqlClient, type PgServer } from '../helpers/pg-server.ts';
import { runScript } from '../helpers/server.ts';

/**
 * The Netlify functions as Netlify calls them: the default export of each file in
 * netlify/functions/, given a Request and a Context ({ ip, waitUntil, … }), on a real PostgreSQL
 * database that `npm run db:migrate` prepared, as the Netlify build does. Every route family:
 * session, sign-in, logout, the staff API, uploads and media, the health check (api.mts and
 * login.mts), QR scans (counted) and the visitor page, as netlify.toml rewrites it and as first
 * requested (visitor.mts, which holds no staff route).
 */
const SITE = 'https://legenda.example';

const CURATOR = { email: 'curator@museum.example', password: 'a long enough passphrase' };
type Fn = (request: Request, context: NetlifyContext) => Promise<Response>;

describeWithPg('server', 'the Netlify functions', () => {
  let server: PgServer;
  let databaseUrl: string;
  let sql: pg.Client;
  let api: Fn;
  let login: Fn;
  let visitor: Fn;
  let shared: NetlifyHandler[] = [];
  /** Work the functions handed to waitUntil, awaited before the end. */
  const background: Promise<unknown>[] = [];
  const context = (ip = '203.0.113.7'): NetlifyContext & Record<string, unknown> => ({
    ip,
    waitUntil: (work: Promise<unknown>) => void background.push(work),
    requestId: 'test-request',
    geo: {},
    params: {},
  });
  let cookie = '';

  const call = (fn: Fn, path: string, init: RequestInit = {}, ip?: string) =>
    fn(new Request(`${SITE}${path}`, init), context(ip));
  const post = (fn: Fn, path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(fn, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await openPgServer('server');
    databaseUrl = await server.createDatabase();
    sql = await sqlClient(databaseUrl);
    vi.stubEnv('DATABASE_URL', databaseUrl);
    vi.stubEnv('PUBLIC_SITE_URL', SITE);
    vi.stubEnv('BLOB_STORE', 'memory');
    vi.stubEnv('LOG_LEVEL', 'error');
    vi.stubEnv('OPENAI_BASE_URL', '');
    vi.stubEnv('OPENAI_API_KEY', '');
  });

  afterAll(async () => {
    await Promise.allSettled(background);
    await Promise.all(shared.map((h) => h.close()));
    await sql?.end();
    await server?.close();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('answers 503 and says why while the schema is behind, and recovers once migrated', async () => {
    const { createNetlifyHandler } = await import('../../src/app/netlify/handler.ts');
    const { createApp } = await import('../../src/app/app.ts');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const early = await createNetlifyHandler(
      loadNetlifyConfig(),
      (deps) => ({ app: createApp(deps) }),
      {
        schemaRecheckMs: 0,
      },
    );
    try {
      const res = await early.fetch(new Request(`${SITE}/healthz`), context());
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('schema_behind');
      const logged = errors.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logged).toContain(`needs ${latestMigration.tag}`);
      expect(logged).toContain('npm run db:migrate');
      // The function never migrates by itself.
      const tables = await sql.query(`select to_regclass('public.users') as t`);
      expect(tables.rows[0].t).toBeNull();

      const migrated = await runScript('src/app/cli/migrate.ts', [], {
        DATABASE_URL: databaseUrl,
      });
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.stdout).toContain(`Migrated`);

      const after = await early.fetch(new Request(`${SITE}/healthz`), context());
      expect(after.status).toBe(200);
    } finally {
      errors.mockRestore();
      await early.close();
    }
  });

  it('loads the function files as Netlify does: default export, env read at load', async () => {
    await accountsService(await seedDb(), { scrypt: FAST_SCRYPT }).add({
      ...CURATOR,
      museum: 'Musée du port',
    });
    vi.resetModules();
    api = ((await import('../../netlify/functions/api.mts')) as { default: Fn }).default;
    login = ((await import('../../netlify/functions/login.mts')) as { default: Fn }).default;
    visitor = ((await import('../../netlify/functions/visitor.mts')) as { default: Fn }).default;
    shared = [
      await (await import('../../src/app/netlify/api.ts')).netlifyHandler(),
      await (await import('../../src/app/netlify/visitor.ts')).netlifyVisitorHandler(),
    ];
    expect(typeof api).toBe('function');
    expect(typeof login).toBe('function');
    expect(typeof visitor).toBe('function');
  });

  it('GET /session, POST /login (a real sign-in), then the session is known', async () => {
    const anonymous = await call(api, '/session');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({});

    const wrong = await post(login, '/login', { ...CURATOR, password: 'not the passphrase' });
    expect(wrong.status).toBe(401);

    const res = await post(login, '/login', CURATOR);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie()[0] ?? '';
    // HTTPS: the __Host- cookie, Secure, HttpOnly.
    expect(setCookie).toMatch(/^__Host-[^=]+=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    cookie = setCookie.split(';')[0]!;
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');

    const known = await call(api, '/session', { headers: { cookie } });
    expect(await known.json()).toEqual({ email: CURATOR.email, museum: 'Musée du port' });
  });

  it('takes the visitor address from the Context (sign-in throttling per address)', async () => {
    const failed = await call(
      login,
      '/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ ...CURATOR, password: 'wrong password' }),
      },
      '198.51.100.9',
    );
    expect(failed.status).toBe(401);
    const rows = await sql.query(
      `select key, failures from login_throttle where key like 'address:%'`,
    );
    expect(rows.rows).toContainEqual({ key: 'address:198.51.100.9', failures: 1 });
    expect(rows.rows.map((r: { key: string }) => r.key)).not.toContain('address:unknown');
  });

  let articleId = 0;

  it('/api/*: the tree with the session cookie, 401 without', async () => {
    expect((await call(api, '/api/tree')).status).toBe(401);
    const added = await post(api, '/api/manage/add_article', { pathArray: [] }, { cookie });
    expect(added.status).toBe(201);
    articleId = ((await added.json()) as { id: number }).id;
    const saved = await post(
      api,
      '/api/manage/update_article',
      {
        articleId,
        newContent: [
          { type: 'metadatas', url: 'salle-3-le-port' },
          { type: 'text', content: 'La lanterne du pilote' },
        ],
        unformatted_name: 'Le port',
        instructions: '',
      },
      { cookie },
    );
    expect(saved.status).toBe(200);
    const tree = await call(api, '/api/tree', { headers: { cookie } });
    expect(tree.status).toBe(200);
    expect(JSON.stringify(await tree.json())).toContain('Le port');
  });

  it('keeps a small pool however many requests come at once', async () => {
    await seeded?.close();
    seeded = undefined;
    // Client connections to this database but ours. A closed connection's server process
    // leaves a moment after its client (longer on a busy machine): wait for the seeding's to go.
    const clients = async () =>
      (
        await sql.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and backend_type = 'client backend'`,
        )
      ).rows[0].n as number;
    await expect.poll(clients, { timeout: 10_000 }).toBeLessThanOrEqual(NETLIFY_POOL_MAX);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(api, '/api/tree', { headers: { cookie } })),
    );
    for (const res of answers) expect(res.status).toBe(200);
    const open = await clients();
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(NETLIFY_POOL_MAX);
  });

  it('/media/*: an uploaded image is served back', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'a.png');
    const res = await call(api, '/api/upload/image', {
      method: 'POST',
      headers: { cookie, origin: SITE },
      body: form,
    });
    expect(res.status).toBe(200);
    const { mediaUrl } = (await res.json()) as { mediaUrl: string };
    // Processed by sharp inside the function: its 1 × 1 PNG, and the WebP beside it.
    expect(mediaUrl).toMatch(/-w1h1\.png$/);
    const served = await call(api, mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    const webp = await call(api, mediaUrl.replace(/\.png$/, '.1.webp'));
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses an image over 6 MB (a function takes no larger request) whatever the setting', async () => {
    const form = new FormData();
    const big = new Uint8Array(6 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    form.append('image', new Blob([big], { type: 'image/png' }), 'big.png');
    const res = await call(api, '/api/upload/image', {
      method: 'POST',
      headers: { cookie, origin: SITE },
      body: form,
    });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: { message: string; details: unknown } };
    expect(error.message).toBe('Image files may be at most 6 MB.');
    expect(error.details).toEqual({ maxBytes: 6 * 1024 * 1024 });
  });

  it('/article?name=: the visitor page, rewritten by netlify.toml or as first asked', async () => {
    for (const path of [
      '/_legenda/visitor-page?name=salle-3-le-port&lang=fr',
      '/article?name=salle-3-le-port&lang=fr',
    ]) {
      const res = await call(visitor, path, { headers: { 'accept-language': 'fr' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('La lanterne du pilote');
      // No script but the visitor pages' own (reader.js).
      expect(html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '')).not.toContain(
        '<script',
      );
    }
    // Without `name` it is the editor's static page, never the function's.
    const editor = await call(visitor, '/_legenda/visitor-page?lang=es');
    expect(editor.status).toBe(302);
    expect(editor.headers.get('location')).toBe('/article?lang=es');
  });

  it('visitor.mts answers no staff route, even with a session', async () => {
    const res = await call(visitor, '/api/tree', { headers: { cookie } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('/r/{code}: a scan redirects to the visitor page and is counted at once', async () => {
    const code = await call(api, '/api/manage/add_qrcode', {
      method: 'POST',
      headers: { cookie, origin: SITE },
    });
    expect(code.status).toBe(201);
    const { id, link: short } = (await code.json()) as { id: number; link: string };
    const linked = await post(
      api,
      '/api/manage/update_qrcode',
      { articleId, qrcodeId: id },
      { cookie },
    );
    expect(linked.status).toBe(200);

    const before = await scans();
    const scan = await call(visitor, `/r/${short}`, { headers: { 'accept-language': 'es' } });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toMatch(/^\/article\?name=salle-3-le-port/);
    // A function instance may be frozen after answering: the count is already written.
    expect(await scans()).toBe(before + 1);
  });

  it('/healthz: database and blob store reachable', async () => {
    const res = await call(api, '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ database: 'ok', blobs: 'ok' });
  });

  it('POST /logout ends the session', async () => {
    const res = await post(api, '/logout', {}, { cookie });
    expect(res.status).toBe(200);
    const after = await call(api, '/session', { headers: { cookie } });
    expect(await after.json()).toEqual({});
    expect((await call(api, '/api/tree', { headers: { cookie } })).status).toBe(401);
  });

  it('purge.mts (scheduled hourly): deletes ended sessions and stale sign-in counters', async () => {
    const purge = (
      (await import('../../netlify/functions/purge.mts')) as { default: () => Promise<Response> }
    ).default;
    await sql.query(
      `insert into sessions (token_hash, user_id, last_seen_at, expires_at)
       select v.hash, (select min(id) from users), v.seen::timestamptz, v.expires::timestamptz
       from (values ('ended-absolute', now(), now() - interval '1 minute'),
                 ('ended-idle', now() - interval '8 days', now() + interval '1 day'),
                 ('open', now(), now() + interval '1 day')) as v(hash, seen, expires)`,
    );
    await sql.query(
      `insert into login_throttle (key, failures, window_started_at, updated_at)
       values ('address:203.0.113.99', 3, now() - interval '2 hours', now() - interval '2 hours')`,
    );
    const res = await purge();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purged: { sessions: 2, throttles: 1, uploads: 0 } });
    const left = await sql.query(`select token_hash from sessions where token_hash like 'ended%'`);
    expect(left.rows).toEqual([]);
    const open = await sql.query(`select 1 from sessions where token_hash = 'open'`);
    expect(open.rows).toHaveLength(1);
    const keys = (await sql.query(`select key from login_throttle`)).rows.map(
      (r: { key: string }) => r.key,
    );
    expect(keys).not.toContain('address:203.0.113.99');
    // The recent failure of the address test stays.
    expect(keys).toContain('address:198.51.100.9');
  });

  async function scans(): Promise<number> {
    const rows = await sql.query(
      `select coalesce(sum(count), 0)::int as n from daily_counts where kind = 'scan'`,
    );
    return rows.rows[0].n as number;
  }

  let seeded: DatabaseHandle | undefined;
  async function seedDb() {
    seeded ??= openPostgres(databaseUrl, 1);
    return seeded.db;
  }
  afterAll(async () => {
    await seeded?.close();
  });
});
