/*
 * Legenda's service worker (offline reading on poor museum Wi-Fi; ADR 0024). Plain script, no
 * dependency, served from the root (/sw.js, never cached by HTTP: static-site.ts, netlify.toml)
 * so its scope covers /article, /circuit and /media/. What it keeps:
 * - visitor pages (/article?name=…, /circuit?name=…): network first; after PAGE_WAIT_MS without
 *   an answer, the kept copy if there is one (the network's answer still updates it). Only a
 *   page the server marks complete (header X-Legenda-Page) is kept: never a progress page, the
 *   picker, a 404 or the outage page. Staff previews (ignoreStats) are left alone.
 * - uploads (/media/*): cache first (their names never change), images only: no video, no
 *   byte range; and the pages' script (/reader.js?v=…), named by its version.
 * Kept pages past MAX_PAGES and media past MAX_MEDIA_BYTES go, oldest first. A full disk
 * (quota) only means a copy is not kept: the answer is the network's, as without us.
 * A request carrying `Legenda-Save` (the circuit page's 'Save for offline reading', reader.js)
 * waits until its copy is kept; the server counts no visit for it (a fetch asks no image).
 * - a page's count request (/seen, its first image: docs/adr/0031-visitor-pages-behind-a-cdn.md):
 *   the network's answer; without one (a page read offline), an empty 204 as the server's, so a
 *   page shown from its kept copy fails no request. A view offline is not counted, as before.
 * - QR scans (/r/{code}, a navigation): network first, as pages; without an answer, a code the
 *   save remembered (offline.js keeps an entry whose X-Legenda-Leads-To names the saved page it
 *   opens) is sent to that page, which opens from its kept copy. A scan made offline is not
 *   counted (docs/visitors.md, Offline reading).
 * - a saved circuit's sounds and videos (public/offline.js): the audio and video uploads and the
 *   server's voice (/speech) fetched by a save are kept in SAVED, with no limit but the phone's
 *   (the visitor chose them and removes them with the circuit). Players ask for byte ranges,
 *   answered from the kept copy (206); uploads never change, so their copy comes first; a sound
 *   of /speech may be made again after an edit, so the network comes first, as pages.
 */
'use strict';

/** This script's global scope: a service worker's (registered as a classic script, reader.js). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {WorkerGlobalScope} */ (self));

const VERSION = 1;
const PAGES = `legenda-pages-v${VERSION}`;
const MEDIA = `legenda-media-v${VERSION}`;
const SAVED = `legenda-saved-v${VERSION}`;
const MAX_PAGES = 200;
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
/** How long a page may take before the kept copy is shown instead (poor Wi-Fi). */
const PAGE_WAIT_MS = 3000;
const PAGE_HEADER = 'x-legenda-page';
const SAVE_HEADER = 'legenda-save';
/** Written on every kept copy: when it was kept and its size, for the eviction. */
const KEPT_AT = 'x-legenda-kept-at';
const KEPT_BYTES = 'x-legenda-kept-bytes';
/** On a kept QR code (reader.js rememberCodes): the saved page it opens. */
const LEADS_TO = 'x-legenda-leads-to';

/** @typedef {{ maxCount: number, maxBytes: number }} Limits */

/**
 * The entries to delete so that at most `maxCount` remain, weighing at most `maxBytes` in all:
 * the oldest kept first. `entries`: { key, at, bytes }.
 * @template K
 * @param {{ key: K, at: number, bytes: number }[]} entries
 * @param {Limits} limits
 */
function evictions(entries, limits) {
  const oldestFirst = [...entries].sort((a, b) => a.at - b.at);
  let count = oldestFirst.length;
  let bytes = oldestFirst.reduce((sum, e) => sum + e.bytes, 0);
  const gone = [];
  for (const entry of oldestFirst) {
    if (count <= limits.maxCount && bytes <= limits.maxBytes) break;
    gone.push(entry.key);
    count -= 1;
    bytes -= entry.bytes;
  }
  return gone;
}

/**
 * 'page', 'media', 'scan', 'seen' or undefined (not ours to handle).
 * @param {Request} request
 */
function kindOf(request) {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return undefined;
  if (url.pathname === '/article' || url.pathname === '/circuit') {
    return url.searchParams.has('name') && !url.searchParams.has('ignoreStats')
      ? 'page'
      : undefined;
  }
  if (url.pathname.startsWith('/r/')) return request.mode === 'navigate' ? 'scan' : undefined;
  if (url.pathname === '/seen') return 'seen';
  // The pages' scripts, named by their version (document.ts): kept like a picture.
  if (SCRIPTS.includes(url.pathname)) return url.searchParams.has('v') ? 'media' : undefined;
  if (url.pathname.startsWith('/media/')) {
    const video = request.destination === 'video' || request.destination === 'audio';
    return video || request.headers.has('range') ? undefined : 'media';
  }
  return undefined;
}

/**
 * The visitor pages' scripts: reader.js on every page, listen.js for Listen, offline.js and its
 * two parts for a save (document.ts OFFLINE_SCRIPTS).
 */
const SCRIPTS = [
  '/reader.js',
  '/listen.js',
  '/offline-plan.js',
  '/offline-keep.js',
  '/offline-save.js',
  '/offline.js',
];

/**
 * 'sound' for what a saved circuit plays (the server's voice, an audio or video upload asked by a
 * player: by its destination or a byte range), else undefined. kindOf leaves these alone.
 * @param {Request} request
 */
function soundOf(request) {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return undefined;
  if (url.pathname === '/speech') return url.searchParams.has('ignoreStats') ? undefined : 'sound';
  if (!url.pathname.startsWith('/media/')) return undefined;
  const player = request.destination === 'video' || request.destination === 'audio';
  return player || request.headers.has('range') ? 'sound' : undefined;
}

/** Types a save keeps in SAVED: sounds, videos and their subtitles. @param {string} type */
const isPlayed = (type) => /^(audio|video)\//.test(type) || type.startsWith('text/vtt');

/**
 * A kept copy answered as a byte range asks (RFC 9110, one range: 206; none, several or one we
 * do not read: the whole copy; past its end: 416), as the server answers uploads.
 * @param {Response} copy
 * @param {string | null} range
 */
async function ranged(copy, range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec((range || '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return copy;
  const body = await copy.blob();
  const size = body.size;
  let start = Number(match[1]);
  let end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  }
  const headers = new Headers(copy.headers);
  if (start >= size || start > end) {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers });
}

/** @type {{ [cache: string]: Limits | undefined }} */
const LIMITS = {
  [PAGES]: { maxCount: MAX_PAGES, maxBytes: Infinity },
  [MEDIA]: { maxCount: Infinity, maxBytes: MAX_MEDIA_BYTES },
};

/**
 * Drops what is over the cache's limits, oldest first.
 * @param {Cache} cache
 * @param {string} name
 */
async function trim(cache, name) {
  const limits = LIMITS[name];
  if (!limits) return;
  const keys = await cache.keys();
  const entries = await Promise.all(
    keys.map(async (key) => {
      const kept = await cache.match(key);
      return {
        key,
        at: Number(kept && kept.headers.get(KEPT_AT)) || 0,
        bytes: Number(kept && kept.headers.get(KEPT_BYTES)) || 0,
      };
    }),
  );
  await Promise.all(evictions(entries, limits).map((key) => cache.delete(key)));
}

/**
 * Media bytes kept, known after the first look (a worker may be stopped and started).
 * @type {number | undefined}
 */
let mediaBytes;

/**
 * Keeps a copy of `response` (already cloned) under the request's URL; false when it could not.
 * @param {string} name
 * @param {string} url
 * @param {Response} response
 */
async function keep(name, url, response) {
  try {
    const body = await response.blob();
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT, String(Date.now()));
    headers.set(KEPT_BYTES, String(body.size));
    // Kept for this address whatever the language or cookie it was asked with.
    headers.delete('vary');
    const cache = await caches.open(name);
    await cache.put(url, new Response(body, { status: response.status, headers }));
    if (name === PAGES) {
      if ((await cache.keys()).length > MAX_PAGES) await trim(cache, name);
    } else if (name === MEDIA) {
      mediaBytes = mediaBytes === undefined ? await weigh(cache) : mediaBytes + body.size;
      if (mediaBytes > MAX_MEDIA_BYTES) {
        await trim(cache, name);
        mediaBytes = undefined;
      }
    }
    return true;
  } catch {
    // Quota exceeded or storage unavailable: the visitor still gets the network's answer.
    return false;
  }
}

/** @param {Cache} cache */
async function weigh(cache) {
  const kept = await cache.matchAll();
  return kept.reduce((sum, r) => sum + (Number(r.headers.get(KEPT_BYTES)) || 0), 0);
}

/** @param {string} name @param {string} url */
const kept = (name, url) =>
  caches
    .open(name)
    .then((cache) => cache.match(url, { ignoreVary: true }))
    .catch(() => undefined);

/** @param {number} ms @returns {Promise<undefined>} */
const later = (ms) => new Promise((resolve) => setTimeout(() => resolve(undefined), ms));

/**
 * Lets the worker live until `work` (given later) is done: waitUntil must be called while the
 * fetch event is dispatched, before the network has answered.
 * @param {FetchEvent} event
 * @returns {(work?: Promise<unknown>) => void}
 */
function background(event) {
  /** @type {(value: unknown) => void} */
  let done = () => undefined;
  event.waitUntil(new Promise((resolve) => (done = resolve)));
  return (work) => done(work && work.catch(() => undefined));
}

/** @param {FetchEvent} event */
async function page(event) {
  const request = event.request;
  const url = request.url;
  const saving = request.headers.has(SAVE_HEADER);
  const after = background(event);
  const network = Promise.resolve(event.preloadResponse)
    .then((preloaded) => preloaded || fetch(request))
    .then(
      async (response) => {
        let work;
        if (response.status === 200 && response.headers.has(PAGE_HEADER)) {
          work = keep(PAGES, url, response.clone());
        } else if (response.status === 404) {
          // Gone from the site: gone from the phone too.
          work = caches.open(PAGES).then((cache) => cache.delete(url, { ignoreVary: true }));
        }
        after(work);
        if (saving) await work;
        return response;
      },
      (error) => {
        after();
        throw error;
      },
    );
  // A save waits for the network: it is there to fetch the page as it is now.
  if (saving) return network;
  const answer = await Promise.race([network.catch(() => undefined), later(PAGE_WAIT_MS)]);
  if (answer && answer.status < 500) return answer;
  // No answer yet, none at all, or a server in trouble (the outage page): the kept copy.
  const copy = await kept(PAGES, url);
  if (copy) {
    network.catch(() => undefined);
    return copy;
  }
  return answer || network;
}

/**
 * A QR scan: the network's answer (its redirect); without one, the saved page it opens.
 * @param {FetchEvent} event
 */
async function scan(event) {
  const after = background(event);
  after();
  const network = Promise.resolve(event.preloadResponse).then(
    (preloaded) => preloaded || fetch(event.request),
  );
  const answer = await Promise.race([network.catch(() => undefined), later(PAGE_WAIT_MS)]);
  if (answer && answer.status < 500) return answer;
  const where = await kept(PAGES, event.request.url);
  const to = where && where.headers.get(LEADS_TO);
  if (to && to.startsWith('/') && !to.startsWith('//')) {
    network.catch(() => undefined);
    return Response.redirect(new URL(to, worker.location.origin).href, 302);
  }
  return answer || network;
}

/** @param {FetchEvent} event */
async function media(event) {
  const request = event.request;
  const url = request.url;
  const after = background(event);
  // A saved circuit's subtitles (or a sound asked without a range) are in SAVED.
  const copy = (await kept(MEDIA, url)) || (await kept(SAVED, url));
  if (copy) {
    after();
    return copy;
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    after();
    throw error;
  }
  const type = response.headers.get('content-type') || '';
  let work;
  const script = SCRIPTS.includes(new URL(url).pathname);
  const saving = request.headers.has(SAVE_HEADER);
  if (response.status === 200 && (type.startsWith('image/') || script)) {
    work = keep(MEDIA, url, response.clone());
  } else if (response.status === 200 && saving && isPlayed(type)) {
    work = keep(SAVED, url, response.clone());
  }
  after(work);
  if (work && saving) await work;
  return response;
}

/**
 * A saved circuit's sound or video (soundOf): the copy a save kept, else the network's answer; a
 * save's request (SAVE_HEADER) is kept once answered. Uploads: the copy first, their names never
 * change. /speech: the network first while it answers within PAGE_WAIT_MS, as pages.
 * @param {FetchEvent} event
 */
async function sound(event) {
  const request = event.request;
  const url = request.url;
  const saving = request.headers.has(SAVE_HEADER);
  const range = request.headers.get('range');
  const after = background(event);
  const copy = saving ? undefined : await kept(SAVED, url);
  const speech = new URL(url).pathname === '/speech';
  if (copy && !speech) {
    after();
    return ranged(copy, range);
  }
  const network = fetch(request).then((response) => {
    let work;
    const type = response.headers.get('content-type') || '';
    if (saving && response.status === 200 && !range && isPlayed(type)) {
      work = keep(SAVED, url, response.clone());
    }
    after(work);
    return work ? work.then(() => response) : response;
  });
  network.catch(() => after());
  if (!copy) return network;
  const answer = await Promise.race([network.catch(() => undefined), later(PAGE_WAIT_MS)]);
  if (answer && answer.status < 500) return answer;
  network.catch(() => undefined);
  return ranged(copy, range);
}

worker.addEventListener('install', () => {
  worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('legenda-') && ![PAGES, MEDIA, SAVED].includes(name))
          .map((name) => caches.delete(name)),
      );
      // The page request starts while the worker wakes up, not after.
      if (worker.registration.navigationPreload)
        await worker.registration.navigationPreload.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  if (soundOf(event.request)) return event.respondWith(sound(event));
  const kind = kindOf(event.request);
  if (kind === 'page') event.respondWith(page(event));
  else if (kind === 'scan') event.respondWith(scan(event));
  else if (kind === 'media') event.respondWith(media(event));
  else if (kind === 'seen') {
    event.respondWith(fetch(event.request).catch(() => new Response(null, { status: 204 })));
  }
});
