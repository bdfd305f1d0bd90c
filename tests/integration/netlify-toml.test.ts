import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/app/app.ts';
import {
  ADMIN_CSP,
  API_CSP,
  PAGE_CSP,
  SERVICE_WORKER_CSP,
  securityHeaderValues,
  securityHeaders,
} from '../../src/server/http/security-headers.ts';
import { FUNCTIONS_BUILT } from '../../src/app/netlify/bundle.ts';
import { VISITOR_PAGE_REWRITE } from '../../src/app/netlify/handler.ts';
import { staticSite } from '../../src/app/static-site.ts';
import { OFFLINE_SCRIPTS } from '../../src/features/reader/render/document.ts';
import {
  functionFiles,
  headersFor,
  readNetlifyToml,
  route,
  siteFixture,
  type FunctionRoute,
  type NetlifyToml,
} from '../helpers/netlify.ts';
import { ROOT, tempDir } from '../helpers/server.ts';

/**
 * netlify.toml against the Node server: the same requests, put to the Node static server
 * (src/app/static-site.ts behind the same security middleware as main.ts) and to a model of
 * Netlify's documented routing over the same site, get the same page, status and security
 * headers. The functions' paths are read from their source (they are literals).
 */
const toml: NetlifyToml = readNetlifyToml();
let dir: string;
let files: Set<string>;
let node: Hono;

/** The functions' config, as written in their files (checked as literals in netlify-entry). */
const functions: FunctionRoute[] = functionFiles().map(({ name, file }) => {
  const literal = /export const config = (\{[\s\S]*?\n\});/.exec(fs.readFileSync(file, 'utf8'));
  const json = literal![1]!
    .replace(/(\w+):/g, '"$1":')
    .replace(/'/g, '"')
    .replace(/,(\s*[}\]])/g, '$1');
  return { name, ...(JSON.parse(json) as Omit<FunctionRoute, 'name'>) };
});

beforeAll(() => {
  dir = fs.realpathSync(tempDir('legenda-dist-'));
  files = siteFixture(dir);
  // What main.ts composes for a request no API route takes, over HTTPS (HSTS on).
  node = new Hono().use(securityHeaders({ hsts: true })).all('*', staticSite(dir));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function fromNode(target: string) {
  const res = await node.request(`https://legenda.example${target}`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

function fromNetlify(target: string, method = 'GET') {
  const answer = route(toml, functions, files, method, target);
  if (answer.kind !== 'file') return { status: 0, body: '', answer };
  const body = fs.readFileSync(path.join(dir, answer.file), 'utf8');
  return { status: answer.status, body, answer };
}

describe('netlify.toml', () => {
  it('builds the site and the functions, then migrates, on Node 24, publishing dist/', () => {
    expect(toml.build.command).toBe(
      'npm run build && npm run build:functions && npm run db:migrate',
    );
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
        engines: { node: string };
      }
    ).scripts;
    expect(scripts.build).toBeDefined();
    expect(scripts['build:functions']).toBe('node src/app/cli/build-functions.ts');
    expect(scripts['db:migrate']).toBe('node src/app/cli/migrate.ts');
    expect(toml.build.publish).toBe('dist');
    expect(toml.build.environment?.NODE_VERSION).toBe('24');
    const nodePackage = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules/node/package.json'), 'utf8'),
    ) as { version: string };
    expect(nodePackage.version.split('.')[0]).toBe(toml.build.environment?.NODE_VERSION);
    // Netlify deploys the one-file builds (netlify-bundle.test.ts), not the sources; it ignores
    // node_bundler and external_node_modules for such functions, so neither is written.
    expect(toml.functions.directory).toBe(FUNCTIONS_BUILT);
    expect(toml.functions.node_bundler).toBeUndefined();
    expect(toml.functions.external_node_modules).toBeUndefined();
    expect(fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8')).toContain(`${FUNCTIONS_BUILT}/`);
    expect(functionFiles().length).toBeGreaterThan(0);
  });

  it('answers every page, unknown post and unknown address as the Node server does', async () => {
    const targets = [
      '/',
      '/login',
      '/en',
      '/en/login',
      '/article',
      '/en/article',
      '/articles',
      '/articles/12',
      '/en/articles/5/7',
      '/qrcodes/print',
      '/blog',
      '/blog/guarani',
      '/en/blog/guarani',
      '/blog/no-such-post',
      '/en/blog/no-such-post',
      '/blog/not-found',
      '/blog/not-found.html',
      '/en/blog/not-found',
      '/blog/a/b',
      '/nowhere',
      '/en/nowhere',
      '/en/deep/nowhere',
      '/admin/',
      '/favicon.svg',
      '/robots.txt',
      '/_astro/Island.A1b2C3d4.js',
    ];
    for (const target of targets) {
      const expected = await fromNode(target);
      const got = fromNetlify(target);
      expect({ status: got.status, body: got.body }, target).toEqual({
        status: expected.status,
        body: expected.body,
      });
    }
  });

  it('sends the visitor page to the visitor function only when `name` is given', () => {
    for (const target of ['/article?name=salle-3', '/article?name=salle-3&lang=es&choose=1']) {
      const answer = route(toml, functions, files, 'GET', target);
      expect(answer, target).toMatchObject({ kind: 'function', name: 'visitor' });
      // The function gets every parameter (it also reads lang, q, choose, ignoreStats).
      const url = new URL((answer as { url: string }).url, 'https://x');
      expect(url.pathname).toBe(VISITOR_PAGE_REWRITE);
      expect(Object.fromEntries(url.searchParams)).toEqual(
        Object.fromEntries(new URL(target, 'https://x').searchParams),
      );
    }
    for (const target of ['/article', '/article?lang=es', '/article?name=']) {
      expect(route(toml, functions, files, 'GET', target), target).toEqual({
        kind: 'file',
        status: 200,
        file: 'article.html',
      });
    }
    const rule = toml.redirects.find((r) => r.from === '/article');
    // Forced: article.html exists and would otherwise shadow the rule; no query of its own in
    // `to`, so Netlify passes the request's on.
    expect(rule).toMatchObject({ status: 200, force: true, to: VISITOR_PAGE_REWRITE });
    expect(rule?.query).toEqual({ name: ':name' });
  });

  it('routes every API path to a function, none to a file', () => {
    for (const pattern of API_ROUTES) {
      const sample = pattern.replace('*', 'x');
      const method = pattern === '/login' || pattern === '/logout' ? 'POST' : 'GET';
      expect(route(toml, functions, files, method, sample), sample).toMatchObject({
        kind: 'function',
      });
    }
  });

  it('sends the security headers of the Node server with every file', async () => {
    const names = Object.keys(securityHeaderValues({ hsts: true }));
    const targets = [...files]
      .map((f) => `/${f}`)
      .concat(['/', '/login', '/admin', '/en/admin', '/nowhere']);
    for (const target of targets) {
      const { headers } = await fromNode(target);
      const netlify = headersFor(toml, target);
      for (const name of names) {
        expect(netlify[name], `${name} of ${target}`).toBe(headers.get(name) ?? undefined);
      }
    }
    // What they are, by name: pages, the CMS, and files that are not pages.
    expect(headersFor(toml, '/login')['Content-Security-Policy']).toBe(PAGE_CSP);
    expect(headersFor(toml, '/admin/')['Content-Security-Policy']).toBe(ADMIN_CSP);
    expect(headersFor(toml, '/en/admin/')['Content-Security-Policy']).toBe(ADMIN_CSP);
    expect(headersFor(toml, '/en/admin/config.yml')['Content-Security-Policy']).toBe(API_CSP);
    expect(headersFor(toml, '/images/og/home.png')['Content-Security-Policy']).toBe(API_CSP);
    expect(headersFor(toml, '/')['Strict-Transport-Security']).toBe(
      securityHeaderValues({ hsts: true })['Strict-Transport-Security'],
    );
  });

  it("keeps the page policy's directives in the CMS policy (a CDN sending both enforces both)", () => {
    const directives = (csp: string) => csp.split(';').map((d) => d.trim());
    for (const directive of directives(PAGE_CSP)) {
      expect(directives(ADMIN_CSP)).toContain(directive);
    }
  });

  it("caches Astro's hashed files for a year, as the Node server does", async () => {
    const target = '/_astro/Island.A1b2C3d4.js';
    const immutable = 'public, max-age=31536000, immutable';
    expect((await fromNode(target)).headers.get('cache-control')).toBe(immutable);
    expect(headersFor(toml, target)['Cache-Control']).toBe(immutable);
    expect(headersFor(toml, '/login')['Cache-Control']).toBeUndefined();
  });

  it('looks for the service worker again at every visit, under its own policy; reader.js kept a year', async () => {
    const worker = await fromNode('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-security-policy')).toBe(SERVICE_WORKER_CSP);
    expect(headersFor(toml, '/sw.js')).toMatchObject({
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': SERVICE_WORKER_CSP,
    });
    // Always named with its version (document.ts READER_SCRIPT).
    const script = await fromNode('/reader.js');
    const immutable = 'public, max-age=31536000, immutable';
    expect(script.headers.get('cache-control')).toBe(immutable);
    expect(script.headers.get('content-security-policy')).toBe(API_CSP);
    expect(headersFor(toml, '/reader.js')).toMatchObject({
      'Cache-Control': immutable,
      'Content-Security-Policy': API_CSP,
    });
    // Read aloud's, the same way (document.ts LISTEN_SCRIPT).
    const listen = await fromNode('/listen.js');
    expect(listen.headers.get('cache-control')).toBe(immutable);
    expect(headersFor(toml, '/listen.js')).toMatchObject({
      'Cache-Control': immutable,
      'Content-Security-Policy': API_CSP,
    });
    // A circuit's save for offline reading, its four scripts the same way (document.ts
    // OFFLINE_SCRIPTS).
    expect(OFFLINE_SCRIPTS).toHaveLength(4);
    for (const path of OFFLINE_SCRIPTS.map((script) => new URL(script, 'http://x').pathname)) {
      const offline = await fromNode(path);
      expect(offline.status, path).toBe(200);
      expect(offline.headers.get('cache-control'), path).toBe(immutable);
      expect(offline.headers.get('content-security-policy'), path).toBe(API_CSP);
      expect(headersFor(toml, path), path).toMatchObject({
        'Cache-Control': immutable,
        'Content-Security-Policy': API_CSP,
      });
    }
  });
});
