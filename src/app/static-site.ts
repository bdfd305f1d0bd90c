import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANG_COOKIE } from '../i18n/paths.ts';
import { cacheBody, sendCached, type CachedBody } from '../server/http/cached-body.ts';
import { ADMIN_CSP, PAGE_CSP, SERVICE_WORKER_CSP } from '../server/http/security-headers.ts';

/**
 * Serves the built site (dist/) for the Node entry: pages by clean URL, the English page when the
 * `lang` cookie asks for it, the not-found page with a real 404, compression and caching. Files
 * are read once and kept with their compressed forms (a cache: dist/ never changes while running).
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/;

/** A post's address, /blog/{title} or /en/blog/{title}. */
const BLOG_POST = /^(\/en)?\/blog\/[^/]+$/;

/** The blog's CMS (public/admin/, in English public/en/admin/): its own policy (ADMIN_CSP). */
const ADMIN = /^(\/en)?\/admin(\/|$)/;

/**
 * The visitor pages' service worker (offline reading): looked for again at every visit (never from the
 * HTTP cache), under its own policy, which the worker obeys (SERVICE_WORKER_CSP).
 */
const SERVICE_WORKER = '/sw.js';
/**
 * Their scripts: always named with their version (document.ts READER_SCRIPT, LISTEN_SCRIPT for
 * read aloud, ADR 0019, and OFFLINE_SCRIPTS for a circuit's save, ADR 0046), kept a year.
 */
const READER_SCRIPTS = new Set([
  '/reader.js',
  '/listen.js',
  '/offline-plan.js',
  '/offline-keep.js',
  '/offline-save.js',
  '/offline.js',
]);

/** Screens whose URL continues with data the page reads itself (/articles/*: the rest is a folder path). */
const PAGE_PREFIXES = ['articles'];

interface Entry extends CachedBody {
  type: string;
}

/** A file of the built site, read and compressed; undefined when there is none at `relative`. */
async function loadEntry(root: string, relative: string): Promise<Entry | undefined> {
  const file = path.join(root, relative);
  if (!file.startsWith(root + path.sep)) return undefined;
  let body: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return undefined;
    body = await fs.readFile(file);
  } catch {
    return undefined;
  }
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return {
    ...cacheBody(body, {
      compressAbove: COMPRESSIBLE.test(type) ? 512 : Infinity,
      brotli: true,
      gzipLevel: 9,
    }),
    type,
  };
}

/** dist-relative candidates for a clean URL path, most specific first. */
function candidates(urlPath: string): string[] {
  const clean = urlPath.replace(/^\/+|\/+$/g, '');
  if (clean === '') return ['index.html'];
  const list = [clean, `${clean}.html`, `${clean}/index.html`];
  const parts = clean.split('/');
  const lang = parts[0] === 'en' ? 'en/' : '';
  const first = lang ? parts[1] : parts[0];
  if (first && PAGE_PREFIXES.includes(first)) list.push(`${lang}${first}.html`);
  return list;
}

/**
 * How long a found file may be kept: pages and the service worker are asked again every time,
 * files named with their version a year, the rest an hour.
 */
function cacheControlOf(urlPath: string, isPage: boolean): string {
  if (isPage || urlPath === SERVICE_WORKER) return 'no-cache';
  const immutable = urlPath.startsWith('/_astro/') || READER_SCRIPTS.has(urlPath);
  return immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

function send(
  c: Context,
  entry: Entry,
  status: 200 | 404,
  cacheControl: string,
  csp = PAGE_CSP,
): Response {
  c.header('Content-Type', entry.type);
  c.header('Cache-Control', cacheControl);
  c.header('Vary', 'Accept-Encoding');
  if (entry.type.startsWith('text/html')) c.header('Content-Security-Policy', csp);
  return sendCached(c, entry, status);
}

export function staticSite(root: string) {
  const cache = new Map<string, Promise<Entry | undefined>>();

  const get = (relative: string) => {
    let hit = cache.get(relative);
    if (!hit) {
      hit = loadEntry(root, relative);
      cache.set(relative, hit);
    }
    return hit;
  };

  async function find(urlPath: string) {
    for (const candidate of candidates(urlPath)) {
      const entry = await get(candidate);
      if (entry) return entry;
    }
    return undefined;
  }

  return async function handle(c: Context): Promise<Response> {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      urlPath = '/\0';
    }
    const english = urlPath === '/en' || urlPath.startsWith('/en/');
    const wantsEnglish = getCookie(c, LANG_COOKIE) === 'en';
    const bad = urlPath.includes('\0') || urlPath.split('/').includes('..');

    if (!bad && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ error: { code: 'method_not_allowed', message: 'Method not allowed.' } }, 405);
    }

    // The footer-only page answers 404 even at its own address.
    const footerPage = /\/blog\/not-found(\.html)?$/.test(urlPath);
    const entry = bad || footerPage ? undefined : await find(urlPath);
    if (entry) {
      const isPage = entry.type.startsWith('text/html');
      if (isPage && !english && wantsEnglish) {
        const target = urlPath === '/' ? '/en' : `/en${urlPath}`;
        if (await find(target)) {
          const search = new URL(c.req.url).search;
          c.header('Cache-Control', 'no-store');
          c.header('Vary', 'Cookie');
          return c.redirect(`${target}${search}`, 302);
        }
      }
      const cacheControl = cacheControlOf(urlPath, isPage);
      if (urlPath === SERVICE_WORKER) c.header('Content-Security-Policy', SERVICE_WORKER_CSP);
      return send(c, entry, 200, cacheControl, ADMIN.test(urlPath) ? ADMIN_CSP : PAGE_CSP);
    }

    // An unknown post shows only the post footer, in the language of its address.
    if (!bad && (BLOG_POST.test(urlPath) || footerPage)) {
      const footerOnly = await get(
        english || wantsEnglish ? 'en/blog/not-found.html' : 'blog/not-found.html',
      );
      if (footerOnly) return send(c, footerOnly, 404, 'no-cache');
    }
    const notFoundPage =
      (english || wantsEnglish ? await get('en/404.html') : undefined) ?? (await get('404.html'));
    if (notFoundPage) return send(c, notFoundPage, 404, 'no-cache');
    return c.text('Not found', 404);
  };
}
