import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ARTICLE_NAME, DEMO_SCAN_PATH } from '../../src/features/demo/demo.ts';
import { openPglite } from '../../src/server/db/index.ts';
import { articles, dailyCounts, qrcodes } from '../../src/server/db/schema.ts';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { runScript, tempDir } from '../helpers/server.ts';
import { cookieOf, staffHttp, until } from '../helpers/staff-http.ts';
import { useServers } from '../helpers/use-servers.ts';

const cli = 'src/app/cli/users.ts';

// As a shell that exports a real install's settings would: the servers started here must not
// inherit them (tests/helpers/settings-free-env.ts), or the first account below is this one.
vi.stubEnv('ADMIN_EMAIL', 'someone@real-museum.example');

// Each start of the Node entry costs seconds of processor time: these journeys share three
// servers (a first start, then a first start on a data directory that is started again).
const start = useServers();

const login = (url: string, email: string, password: string) =>
  staffHttp(url, url).login(email, password);

/**
 * A POST whose body is held back until `send()`. The server answers `100 Continue` once it has
 * read the request's head and handed the request to the app (Node does so for `Expect:
 * 100-continue` when no checkContinue listener is set): from `accepted` on, the request is in
 * flight on the server, whatever the machine's load.
 */
function heldPost(url: string, path: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = http.request(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': payload.length,
      origin: url,
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve) => request.once('continue', resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
  });
  request.flushHeaders();
  return { accepted, response, send: () => request.end(payload) };
}

describe('npm start (the Node entry)', () => {
  it('creates the first account with a generated password, printed once; answers scans of /r/{code} on its fast path, counts them (a rescan once) and writes them at SIGTERM', async () => {
    const dataDir = migratedDataDir();
    const server = await start({ DATA_DIR: dataDir });
    const output = server.output();
    expect(output).toContain('First account created');
    expect(/email:\s+(\S+)/.exec(output)?.[1]).toBe('admin@legenda.local');
    const password = /password:\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await login(server.url, 'admin@legenda.local', password)).status).toBe(200);
    // Pooled connections are kept longer than clients' pools wait (a reset otherwise).
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      const agent = new http.Agent({ keepAlive: true });
      http
        .get(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          agent.destroy();
          resolve(res.headers['keep-alive']?.toString());
        })
        .on('error', reject);
    });
    expect(keepAlive).toBe('timeout=65');

    // The scans' journey, on the same server.
    const staff = staffHttp(server.url, server.url);
    const cookie = cookieOf(await staff.login('admin@legenda.local', password));
    const post = (path: string, body: unknown) => staff.post(`/api/manage/${path}`, body, cookie);
    const { id: articleId } = (await (await post('add_article', { pathArray: [] })).json()) as {
      id: number;
    };
    const saved = await post('update_article', {
      articleId,
      newContent: [{ type: 'metadatas', url: 'salle-1' }],
      unformatted_name: 'Salle 1',
      instructions: '',
    });
    expect(saved.status).toBe(200);
    const code = (await (await post('add_qrcode', {})).json()) as { id: number; link: string };
    expect((await post('update_qrcode', { articleId, qrcodeId: code.id })).status).toBe(200);

    const scan = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { 'accept-language': 'es', ...init.headers },
      });
    // Three phones, the first scanning twice: its rescan within half an hour counts nothing.
    for (const phone of ['phone 1', 'phone 2', 'phone 3', 'phone 1']) {
      const res = await scan(`/r/${code.link}`, { headers: { 'user-agent': phone } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/article?name=salle-1');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const head = await scan(`/r/${code.link}?utm=poster`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([302, '']);
    const unknown = await scan('/r/ZZZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Artículo no encontrado');
    // Not for the fast path (a bad escape, a deeper path): the app answers them the same way.
    expect((await scan('/r/%E0%A4%A')).status).toBe(404);
    expect((await scan(`/r/${code.link}/more`)).status).toBe(404);

    expect(await server.stop('SIGTERM')).toBe(0);
    const database = await openPglite(dataDir);
    try {
      const rows = await database.db.select().from(dailyCounts);
      expect(rows.map((r) => [r.articleId, r.language, r.kind, r.count])).toEqual([
        [articleId, 'es', 'scan', 3],
      ]);
    } finally {
      await database.close();
    }
  });

  it('runs one process per data directory, makes the demo article at the first start only, finishes requests in flight on SIGTERM, keeps the data', async () => {
    const dataDir = migratedDataDir();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'director@museum.example',
      ADMIN_PASSWORD: 'the director passphrase',
    };
    const server = await start(env);
    expect(server.output()).toContain('director@museum.example');
    expect(server.output()).not.toContain('the director passphrase');
    // The address bound (HOST=127.0.0.1), and what an unset PUBLIC_SITE_URL means for QR codes.
    const port = new URL(server.url).port;
    expect(server.output()).toContain(`Legenda is running at http://127.0.0.1:${port}\n`);
    expect(server.output()).toContain(
      `PUBLIC_SITE_URL is not set: QR codes and links lead to this computer (http://localhost:${port})`,
    );

    // The first start makes the demo article, and /r/DemoLegend leads to it.
    expect(server.output()).toContain(`Demo article created: /article?name=${DEMO_ARTICLE_NAME}`);
    const scan = await fetch(`${server.url}${DEMO_SCAN_PATH}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe(`/article?name=${DEMO_ARTICLE_NAME}`);
    const page = await fetch(`${server.url}/article?name=${DEMO_ARTICLE_NAME}&lang=fr`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('La lanterne du pilote');

    // A second server and the accounts command, both refused while the server runs (started
    // together: each spends seconds loading the app before it finds the lock).
    const [second, users] = await Promise.all([
      runScript('src/app/main.ts', [], { DATA_DIR: dataDir, PORT: '0' }),
      runScript(cli, ['list'], { DATA_DIR: dataDir }),
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('is in use by another Legenda process');
    expect(second.stderr).toContain(String(server.child.pid));

    expect(users.code).toBe(1);
    expect(users.stderr).toContain('manage accounts while Legenda is stopped');

    // A sign-in the server has accepted (100 Continue) but whose body comes only once the
    // server has said it is stopping: it must still be answered.
    const inFlight = heldPost(server.url, '/login', {
      email: 'director@museum.example',
      password: 'the director passphrase',
    });
    await inFlight.accepted;
    const exit = server.stop('SIGTERM');
    const said = await until(
      async () => server.output(),
      (output) => output.includes('SIGTERM received'),
    );
    expect(said).toContain('SIGTERM received: finishing requests in flight');
    inFlight.send();
    expect((await inFlight.response).status).toBe(200);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('Stopped cleanly');

    const again = await start(env);
    expect(again.output()).not.toContain('First account created');
    // The demo is made at the first start only.
    expect(again.output()).not.toContain('Demo article');
    const rescan = await fetch(`${again.url}${DEMO_SCAN_PATH}`, { redirect: 'manual' });
    expect(rescan.headers.get('location')).toBe(`/article?name=${DEMO_ARTICLE_NAME}`);
    expect(
      (await login(again.url, 'director@museum.example', 'the director passphrase')).status,
    ).toBe(200);
    expect(await again.stop()).toBe(0);

    const handle = await openPglite(dataDir);
    try {
      expect(await handle.db.select().from(articles)).toHaveLength(1);
      expect(await handle.db.select().from(qrcodes)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('stops at once with a message naming a wrong setting', async () => {
    const result = await runScript('src/app/main.ts', [], {
      DATA_DIR: tempDir(),
      PORT: 'eighty',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('.env.example');
  });
});
