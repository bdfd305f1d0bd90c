import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from './static-site.ts';

let app: Hono;
const big = `<!doctype html><html lang="fr"><body>${'Bonjour le musée. '.repeat(100)}</body></html>`;

beforeAll(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-dist-'));
  const put = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), body);
  };
  put('index.html', big);
  put('en.html', '<html lang="en">home</html>');
  put('login.html', '<html lang="fr">connexion</html>');
  put('en/login.html', '<html lang="en">sign in</html>');
  put('articles.html', '<html lang="fr">articles</html>');
  put('en/articles.html', '<html lang="en">articles</html>');
  put('404.html', '<html lang="fr">Il n’y a rien par ici...</html>');
  put('en/404.html', '<html lang="en">Nothing there...</html>');
  put('blog/guarani.html', '<html lang="fr">guarani en français</html>');
  put('en/blog/guarani.html', '<html lang="en">guarani in English</html>');
  put('blog/not-found.html', '<html lang="fr"><footer>par Camille</footer></html>');
  put('en/blog/not-found.html', '<html lang="en"><footer>by Camille</footer></html>');
  put('_astro/app.abc123.js', 'console.log(1)');
  put('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(os.tmpdir(), 'legenda-secret.txt'), 'secret');
  app = new Hono();
  app.all('*', staticSite(root));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost${url}`, { headers });

describe('the static site', () => {
  it('serves pages by clean URL, French at the root and English under /en', async () => {
    expect(await (await get('/login')).text()).toContain('connexion');
    expect(await (await get('/en/login')).text()).toContain('sign in');
    expect(await (await get('/en')).text()).toContain('home');
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown post with only the post footer and a 404, in its language', async () => {
    expect(await (await get('/blog/guarani')).text()).toContain('en français');
    expect(await (await get('/en/blog/guarani')).text()).toContain('in English');
    const fr = await get('/blog/klingon');
    expect(fr.status).toBe(404);
    expect(await fr.text()).toContain('par Camille');
    const en = await get('/en/blog/klingon');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('by Camille');
    // The footer page is never a 200, even at its own address.
    expect((await get('/blog/not-found')).status).toBe(404);
    expect((await get('/en/blog/not-found.html')).status).toBe(404);
    // Deeper paths are not posts: the ordinary not-found page.
    const deep = await get('/blog/x/y');
    expect(deep.status).toBe(404);
    expect(await deep.text()).toContain('rien par ici');
  });

  it('serves the articles screen for any folder path below it', async () => {
    expect(await (await get('/articles/3/17')).text()).toContain('articles');
    expect(await (await get('/en/articles/3')).text()).toContain('lang="en"');
  });

  it('answers unknown paths with the not-found page and a real 404', async () => {
    const fr = await get('/no/such/page');
    expect(fr.status).toBe(404);
    expect(await fr.text()).toContain('rien par ici');
    const en = await get('/en/nothing');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Nothing there');
  });

  it('sends a French route to its English page when the visitor chose English', async () => {
    const res = await get('/login?x=1', { cookie: 'lang=en' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/login?x=1');
    expect((await get('/', { cookie: 'lang=en' })).headers.get('location')).toBe('/en');
    // An explicit English or French address is never bounced around.
    expect((await get('/en/login', { cookie: 'lang=fr' })).status).toBe(200);
    expect((await get('/login', { cookie: 'lang=fr' })).status).toBe(200);
    // Assets are not pages.
    expect((await get('/favicon.svg', { cookie: 'lang=en' })).status).toBe(200);
    // The not-found page follows the choice too.
    expect(await (await get('/missing', { cookie: 'lang=en' })).text()).toContain('Nothing there');
  });

  it('never serves a file outside the site', async () => {
    for (const url of [
      '/../legenda-secret.txt',
      '/%2e%2e/legenda-secret.txt',
      '/..%2flegenda-secret.txt',
      '/%00',
    ]) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('compresses pages and caches hashed assets forever', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(big);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big);
    // q=0 refuses a coding; the highest q wins.
    const noBr = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers.get('content-encoding')).toBe('gzip');
    const preferGzip = await get('/', { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' });
    expect(preferGzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/login');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const second = await get('/login', { 'if-none-match': etag });
    expect(second.status).toBe(304);
    // A list of tags, the weak form a compressing proxy makes, or any.
    for (const ifNoneMatch of [`"old", ${etag}`, `W/${etag}`, '*']) {
      expect((await get('/login', { 'if-none-match': ifNoneMatch })).status, ifNoneMatch).toBe(304);
    }
    expect((await get('/login', { 'if-none-match': '"old", W/"older"' })).status).toBe(200);
  });

  it('refuses other methods than GET and HEAD', async () => {
    const res = await app.request('http://localhost/login', { method: 'POST' });
    expect(res.status).toBe(405);
    const head = await app.request('http://localhost/login', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('pages and the security headers', () => {
  it('gives pages their CSP and keeps the headers set before the handler', async () => {
    const { securityHeaders } = await import('../server/http/security-headers.ts');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-dist-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<html></html>');
    fs.writeFileSync(path.join(root, '404.html'), '<html>404</html>');
    const site = new Hono();
    site.use(securityHeaders({ hsts: true }));
    site.all('*', staticSite(root));
    for (const url of ['/', '/missing']) {
      const res = await site.request(`http://localhost${url}`);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain("base-uri 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toContain('max-age');
    }
  });

  it('gives the CMS at /admin its own CSP and every other page the usual one', async () => {
    const { ADMIN_CSP, PAGE_CSP, securityHeaders } =
      await import('../server/http/security-headers.ts');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-dist-'));
    fs.mkdirSync(path.join(root, 'admin'));
    fs.writeFileSync(path.join(root, 'admin', 'index.html'), '<html>cms</html>');
    fs.writeFileSync(path.join(root, 'admin', 'decap-cms.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'index.html'), '<html></html>');
    fs.writeFileSync(path.join(root, 'administration.html'), '<html></html>');
    fs.writeFileSync(path.join(root, '404.html'), '<html>404</html>');
    const site = new Hono();
    site.use(securityHeaders({ hsts: false }));
    site.all('*', staticSite(root));
    const csp = async (url: string) =>
      (await site.request(`http://localhost${url}`)).headers.get('content-security-policy');

    for (const url of ['/admin', '/admin/', '/admin/index.html']) {
      expect(await csp(url), url).toBe(ADMIN_CSP);
    }
    // Decap's emotion styles and its schema validator; never framed.
    expect(ADMIN_CSP).toContain("style-src 'self' 'unsafe-inline'");
    expect(ADMIN_CSP).toContain("script-src 'self' 'unsafe-eval'");
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
    expect((await site.request('http://localhost/admin')).headers.get('x-frame-options')).toBe(
      'DENY',
    );
    for (const url of ['/', '/administration', '/admin/missing', '/en/admin']) {
      expect(await csp(url), url).toBe(PAGE_CSP);
    }
  });

  it('gives the CMS in English, at /en/admin, the same CSP', async () => {
    const { ADMIN_CSP, PAGE_CSP } = await import('../server/http/security-headers.ts');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-dist-'));
    fs.mkdirSync(path.join(root, 'en', 'admin'), { recursive: true });
    fs.writeFileSync(path.join(root, 'en', 'admin', 'index.html'), '<html>cms</html>');
    fs.writeFileSync(path.join(root, 'en', 'administration.html'), '<html></html>');
    fs.writeFileSync(path.join(root, '404.html'), '<html>404</html>');
    const site = new Hono();
    site.all('*', staticSite(root));
    const get = (url: string) => site.request(`http://localhost${url}`);
    for (const url of ['/en/admin', '/en/admin/', '/en/admin/index.html']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(ADMIN_CSP);
    }
    expect((await get('/en/administration')).headers.get('content-security-policy')).toBe(PAGE_CSP);
  });
});
