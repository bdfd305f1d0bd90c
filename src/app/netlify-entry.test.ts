import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  functionFiles,
  readNetlifyToml,
  route,
  siteFixture,
  staticConfigSource,
  type FunctionRoute,
} from '../../tests/helpers/netlify.ts';
import { tempDir } from '../../tests/helpers/server.ts';
import { API_ROUTES } from './app.ts';
import type { NetlifyHandler } from './netlify/handler.ts';
import { VISITOR_PAGE_REWRITE } from './netlify/handler.ts';
import { VISITOR_ROUTES } from './visitor-app.ts';

/**
 * The functions' `config`: Netlify reads it from the source, so it is written out as a literal
 * in each file of netlify/functions/. Together they must claim every route of API_ROUTES and the
 * visitor page's rewrite target, and no page of the static site. Loading a function module
 * opens no connection (the pool connects at the first query), so no database is needed here.
 */
const functions: FunctionRoute[] = [];
let files: Set<string>;
let site: string;
let close: () => Promise<void>;

beforeAll(async () => {
  vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:9/unused');
  vi.stubEnv('PUBLIC_SITE_URL', 'https://legenda.example');
  vi.stubEnv('BLOB_STORE', 'memory');
  vi.resetModules();
  for (const { name, file } of functionFiles()) {
    const mod = (await import(file)) as { config: Omit<FunctionRoute, 'name'>; default: unknown };
    expect(typeof mod.default, `${name}: default export`).toBe('function');
    functions.push({ name, ...mod.config });
  }
  const { netlifyHandler } = await import('./netlify/api.ts');
  const { netlifyVisitorHandler } = await import('./netlify/visitor.ts');
  const handlers: NetlifyHandler[] = [await netlifyHandler(), await netlifyVisitorHandler()];
  close = async () => void (await Promise.all(handlers.map((h) => h.close())));
  site = tempDir('legenda-site-');
  files = siteFixture(site);
});

afterAll(async () => {
  await close?.();
  vi.unstubAllEnvs();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

describe('netlify/functions', () => {
  it('write config as a literal Netlify can read without running the file', () => {
    for (const { file } of functionFiles()) expect(() => staticConfigSource(file)).not.toThrow();
  });

  it('claim exactly the routes the app owns, and the visitor page rewrite', () => {
    const claimed = functions.flatMap((f) => f.path ?? []).sort();
    expect(claimed).toEqual([...API_ROUTES, VISITOR_PAGE_REWRITE].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("give visitors' routes to the visitor function alone, the staff's to the others", () => {
    const visitor = functions.find((f) => f.name === 'visitor');
    expect([...(visitor?.path ?? [])].sort()).toEqual(
      [...VISITOR_ROUTES, VISITOR_PAGE_REWRITE].sort(),
    );
    const toml = readNetlifyToml();
    const samples: [string, string][] = [
      ['GET', '/article?name=salle-3&lang=es'],
      ['GET', '/circuit?id=4&lang=es'],
      ['GET', '/visit/musee-du-port'],
      ['GET', '/r/AbCdEfGh12'],
      ['HEAD', '/r/AbCdEfGh12'],
      ['GET', '/speech?name=salle-3&lang=es&block=2'],
      ['POST', '/listened?name=salle-3&lang=es'],
      ['POST', '/feedback'],
      ['POST', '/reading'],
      ['POST', '/circuit-progress'],
    ];
    for (const [method, url] of samples) {
      expect(route(toml, functions, files, method, url), `${method} ${url}`).toMatchObject({
        kind: 'function',
        name: 'visitor',
      });
    }
    for (const [method, url] of [
      ['GET', '/session'],
      ['GET', '/api/tree'],
      ['GET', '/media/images/abc.webp'],
      ['GET', '/healthz'],
    ] as const) {
      expect(route(toml, functions, files, method, url), `${method} ${url}`).toMatchObject({
        kind: 'function',
        name: 'api',
      });
    }
  });

  it('take POST /login and leave GET /login to the static sign-in page', () => {
    const login = functions.find((f) => f.path?.includes('/login'));
    expect(login?.method).toEqual(['POST']);
    expect(route(readNetlifyToml(), functions, files, 'POST', '/login')).toMatchObject({
      kind: 'function',
      name: login?.name,
    });
    expect(route(readNetlifyToml(), functions, files, 'GET', '/login')).toEqual({
      kind: 'file',
      status: 200,
      file: 'login.html',
    });
  });

  it('route every API path, with the methods the app answers, to a function', () => {
    const toml = readNetlifyToml();
    const samples: [string, string][] = [
      ['GET', '/session'],
      ['POST', '/login'],
      ['POST', '/logout'],
      ['GET', '/api/tree'],
      ['POST', '/api/manage/add_article'],
      ['GET', '/media/images/abc.webp'],
      ['HEAD', '/media/videos/abc.mp4'],
      ['GET', '/r/AbCdEfGh12'],
      ['HEAD', '/r/AbCdEfGh12'],
      ['GET', '/visit/musee-du-port'],
      ['GET', '/healthz'],
    ];
    for (const [method, url] of samples) {
      expect(route(toml, functions, files, method, url), `${method} ${url}`).toMatchObject({
        kind: 'function',
      });
    }
  });

  it('claim no file of the static site', () => {
    for (const file of files) {
      const clean = `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
      for (const urlPath of new Set([`/${file}`, clean])) {
        for (const method of ['GET', 'HEAD']) {
          const claimed = functions.filter(
            (f) =>
              f.path?.some((p) => new URLPattern({ pathname: p }).test({ pathname: urlPath })) &&
              (!f.method || f.method.includes(method)),
          );
          expect(
            claimed.map((f) => f.name),
            `${method} ${urlPath}`,
          ).toEqual([]);
        }
      }
    }
  });

  it('purge hourly and take up Translate now every minute, from functions with no path', () => {
    const scheduled = functions.filter((f) => f.schedule);
    expect(scheduled).toEqual([
      { name: 'prepare', schedule: '* * * * *' },
      { name: 'purge', schedule: '@hourly' },
    ]);
  });

  it('are the only functions: no stray file in netlify/functions', () => {
    const names = fs.readdirSync(new URL('../../netlify/functions', import.meta.url)).sort();
    expect(names).toEqual(functionFiles().map((f) => f.file.split('/').pop()));
  });
});
