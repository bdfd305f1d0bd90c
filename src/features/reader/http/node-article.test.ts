import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { dailyCounts } from '../../../server/db/schema.ts';
import { silentLogger } from '../../../server/log.ts';
import { nodeListener } from '../../../app/node-listener.ts';
import { articleRequest } from './request.ts';

// Each reading of a visitor page's address counted: the busy path and the app read it once.
vi.mock('./request.ts', async (original) => {
  const real = await original<typeof import('./request.ts')>();
  return { ...real, articleRequest: vi.fn(real.articleRequest) };
});

/**
 * The Node entry's busy path for kept visitor pages (node-article.ts, node-listener.ts): the
 * same bytes as the app sends through the Hono adapter, counted the same, and never a page
 * older than the app's.
 */
const state = useTestApp({ env: { COUNTS_FLUSH_MS: '0' } });

interface Raw {
  status: number;
  /** Every header line but Date, in order, as sent. */
  headers: string[];
  body: Buffer;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app alone (as before the busy path), and the Node entry's listener over the same app. */
async function twoServers() {
  const { t } = state;
  let appAnswers = 0;
  const app = {
    // As the Hono adapter calls it: with Node's request and response (c.env).
    fetch: (request: Request, env?: unknown) => {
      appAnswers++;
      return t.app.fetch(request, env);
    },
  };
  const address = (req: IncomingMessage) => {
    const header = req.headers['x-test-address'];
    return typeof header === 'string' ? header : '192.0.2.1';
  };
  return {
    viaApp: await listen(getRequestListener(t.app.fetch)),
    viaNode: await listen(
      nodeListener(app, t.services, { hsts: false, clientAddress: address, log: silentLogger }),
    ),
    /** How many requests the Node entry's listener left to the app. */
    appAnswers: () => appAnswers,
  };
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() === 'date') continue;
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}

/** A page shown as a browser shows it: the page, then its count request, with the same headers. */
async function shown(url: string, headers: Record<string, string> = {}) {
  const page = await get(url, headers);
  const src = /<img src="([^"]+)"/.exec(page.body.toString())?.[1]?.replaceAll('&amp;', '&');
  const seen = src === undefined ? undefined : await get(new URL(src, url).href, headers);
  expect(seen?.status).toBe(204);
  return { page, seen: seen! };
}

async function publish(url: string, text: string): Promise<number> {
  const { t, cookie } = state;
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  await save(id, url, text);
  return id;
}

async function save(id: number, url: string, text: string): Promise<void> {
  const { t, cookie } = state;
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [
        { type: 'metadatas', url },
        { type: 'text', content: text },
      ],
      unformatted_name: 'Panneau',
      instructions: '',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
}

async function requestCounts(): Promise<number> {
  const rows = await state.database.db.select().from(dailyCounts);
  return rows.filter((r) => r.kind === 'request').reduce((n, r) => n + r.count, 0);
}

describe('a kept visitor page on the Node entry', () => {
  it('sends what the app sends, header for header and byte for byte', async () => {
    await publish('salle-1', 'Bienvenue au musée du port.');
    const { viaApp, viaNode, appAnswers } = await twoServers();
    const page = '/article?name=salle-1&lang=fr';
    const etag = (await get(`${viaApp}${page}`)).headers
      .find((h) => h.startsWith('ETag: '))
      ?.slice('ETag: '.length);
    expect(etag).toBeDefined();
    // Each one kept by the app first (a first showing is the app's), then asked of both.
    const cases: [string, Record<string, string>][] = [
      [page, { 'accept-encoding': 'gzip, deflate, br' }],
      [page, {}],
      // The language remembered: the same page, and nothing to set.
      ['/article?name=salle-1', { cookie: 'legenda_lang=fr', 'accept-encoding': 'gzip' }],
      [page, { 'if-none-match': etag! }],
      [page, { 'if-none-match': `"old", W/${etag!}` }],
      [page, { 'accept-encoding': 'gzip;q=0, br' }],
      // A staff preview: framed by this site, counted nowhere.
      [`${page}&ignoreStats=true`, { 'accept-encoding': 'gzip' }],
      // A text size remembered; a circuit named.
      [page, { cookie: 'legenda_size=3; legenda_lang=es' }],
      [`${page}&circuit=tour`, {}],
      [page, { 'legenda-save': '1', 'user-agent': ' phone ' }],
    ];
    for (const [path, headers] of cases) {
      await get(`${viaApp}${path}`, headers);
      const before = appAnswers();
      const expected = await get(`${viaApp}${path}`, headers);
      const sent = await get(`${viaNode}${path}`, headers);
      expect(sent, path).toEqual(expected);
      expect(appAnswers(), `${path} answered on the busy path`).toBe(before);
    }
    const gzip = await get(`${viaNode}${page}`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toContain('Bienvenue au musée du port.');
    expect(gzip.headers).toContain('X-Legenda-Page: article');
    // The language the address chose is remembered by the page's count request, which the
    // busy path answers too, as the app does (header names aside).
    const before = appAnswers();
    const { seen } = await shown(`${viaNode}${page}`);
    expect(appAnswers()).toBe(before);
    const lower = (answer: Raw) => answer.headers.map((line) => line.toLowerCase());
    expect(lower(seen)).toContain(
      'set-cookie: legenda_lang=fr; max-age=31536000; path=/; httponly; samesite=lax',
    );
    const src = /<img src="([^"]+)"/.exec(
      gzip.body.length ? gunzipSync(gzip.body).toString() : '',
    )![1]!;
    const asked = { cookie: 'legenda_lang=es; legenda_size=2' };
    const fromApp = await get(`${viaApp}${src.replaceAll('&amp;', '&')}`, asked);
    const fromNode = await get(`${viaNode}${src.replaceAll('&amp;', '&')}`, asked);
    expect([fromNode.status, lower(fromNode)]).toEqual([fromApp.status, lower(fromApp)]);
  });

  it('reads a page it leaves to the app once: the app takes what it read', async () => {
    await publish('salle-2', 'Bonjour.');
    const { viaNode, appAnswers } = await twoServers();
    vi.mocked(articleRequest).mockClear();
    // A first showing is not kept yet: the app answers it.
    const sent = await get(`${viaNode}/article?name=salle-2&lang=fr`);
    expect(sent.status).toBe(200);
    expect(sent.body.toString()).toContain('Bonjour.');
    expect(appAnswers()).toBe(1);
    expect(articleRequest).toHaveBeenCalledTimes(1);
  });

  it('never sends a kept page in a language the museum stopped offering', async () => {
    await publish('salle-1', 'Bienvenue.');
    const { viaNode, appAnswers } = await twoServers();
    const page = '/article?name=salle-1&lang=es';
    // Without an engine: the original, kept for a second like any page in a language.
    await get(`${viaNode}${page}`);
    const before = appAnswers();
    expect((await get(`${viaNode}${page}`)).body.toString()).toContain('Bienvenue.');
    expect(appAnswers()).toBe(before);
    const { t, cookie } = state;
    const offered = await t.postJson(
      '/api/manage/update_settings',
      { sourceLanguage: 'fr', timeZone: 'Europe/Paris', visitorLanguages: ['en'] },
      { cookie },
    );
    expect(offered.status).toBe(200);
    // The change dropped the kept pages: the app answers, with the picker.
    const counted = await requestCounts();
    const sent = await get(`${viaNode}${page}`);
    expect(appAnswers()).toBe(before + 1);
    // The picker (the article's first words above it), in the visitor's words.
    expect(sent.body.toString()).toContain('Elija su idioma');
    expect(sent.headers).not.toContain('X-Legenda-Page: article');
    expect(await requestCounts()).toBe(counted);
  });

  it('leaves to the app what it does not keep: a first showing, HEAD, a text size chosen', async () => {
    await publish('salle-1', 'Bienvenue.');
    const { viaApp, viaNode, appAnswers } = await twoServers();
    const cases: [string, Record<string, string>, string][] = [
      ['/article?name=salle-1&lang=fr', {}, 'GET'],
      ['/article?name=salle-1&lang=fr', {}, 'HEAD'],
      ['/article?name=salle-1&lang=fr&size=2', {}, 'GET'],
      ['/article?name=salle-1&choose=1', {}, 'GET'],
      ['/article?name=nowhere&lang=fr', {}, 'GET'],
      ['/article?name=salle-1&lang=fr&q=%E0', {}, 'GET'],
      // Anything encoded: the adapter makes its URL (a URL object), not the busy path.
      ['/article?name=salle%2D1&lang=f%72', {}, 'GET'],
      // A host the adapter rewrites (upper case): its URL is the adapter's to make.
      ['/article?name=salle-1&lang=fr', { host: 'Example.org' }, 'GET'],
    ];
    for (const [path, headers, method] of cases) {
      const before = appAnswers();
      const sent = await get(`${viaNode}${path}`, headers, method);
      expect(appAnswers(), `${method} ${path} left to the app`).toBe(before + 1);
      expect(sent).toEqual(await get(`${viaApp}${path}`, headers, method));
    }
  });

  it('leaves the thank-you after a report to the app, never the kept page', async () => {
    await publish('salle-1', 'Bienvenue.');
    const { viaNode, appAnswers } = await twoServers();
    // Kept by a first showing: the next plain request is the busy path's.
    await get(`${viaNode}/article?name=salle-1&lang=fr`);
    const before = appAnswers();
    const thanked = await get(`${viaNode}/article?name=salle-1&lang=fr&reported=1`);
    expect(appAnswers()).toBe(before + 1);
    expect(thanked.body.toString()).toContain('votre message a été transmis au musée');
    expect(thanked.headers.map((line) => line.toLowerCase())).toContain('cache-control: no-store');
    const next = await get(`${viaNode}/article?name=salle-1&lang=fr`);
    expect(appAnswers()).toBe(before + 1);
    expect(next.body.toString()).not.toContain('votre message a été transmis au musée');
  });

  it('counts each showing once per visitor, and never a save', async () => {
    await publish('salle-1', 'Bienvenue.');
    const { viaNode, appAnswers } = await twoServers();
    const page = `${viaNode}/article?name=salle-1&lang=fr`;
    await shown(page, { 'x-test-address': '198.51.100.1' });
    expect(await requestCounts()).toBe(1);
    const before = appAnswers();
    await shown(page, { 'x-test-address': '198.51.100.2' });
    await shown(page, { 'x-test-address': '198.51.100.3' });
    // A reload, and a save for offline reading (a fetch: no image asked): nothing more.
    await shown(page, { 'x-test-address': '198.51.100.3' });
    await get(page, { 'x-test-address': '198.51.100.4', 'legenda-save': '1' });
    expect(appAnswers()).toBe(before);
    expect(await requestCounts()).toBe(3);
  });

  it('leaves a scan to its own busy path, and the rest to the app', async () => {
    const id = await publish('salle-1', 'Bienvenue.');
    const { t, cookie } = state;
    const headers = { cookie, origin: t.config.publicSiteUrl };
    const code = (await (await t.postJson('/api/manage/add_qrcode', {}, headers)).json()) as {
      id: number;
      link: string;
    };
    await t.postJson('/api/manage/update_qrcode', { qrcodeId: code.id, articleId: id }, headers);
    const { viaApp, viaNode, appAnswers } = await twoServers();
    const scan = await get(`${viaNode}/r/${code.link}`, { cookie: 'legenda_lang=fr' });
    expect(scan.status).toBe(302);
    expect(scan.headers).toContain('Location: /article?name=salle-1&lang=fr');
    expect(appAnswers()).toBe(0);
    const other = await get(`${viaNode}/article`);
    expect(appAnswers()).toBe(1);
    expect(other).toEqual(await get(`${viaApp}/article`));
  });

  it('sends an article saved since as saved, never the page kept before', async () => {
    const id = await publish('salle-1', 'Première version.');
    const { viaNode } = await twoServers();
    const page = `${viaNode}/article?name=salle-1&lang=fr`;
    expect((await get(page)).body.toString()).toContain('Première version.');
    expect((await get(page)).body.toString()).toContain('Première version.');
    await save(id, 'salle-1', 'Seconde version.');
    const after = (await get(page)).body.toString();
    expect(after).toContain('Seconde version.');
    expect(after).not.toContain('Première version.');
  });
});
