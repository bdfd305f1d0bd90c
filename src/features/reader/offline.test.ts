import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_SCRIPT_VERSIONS,
  OFFLINE_SCRIPTS,
  READER_SCRIPT,
  READER_SCRIPT_VERSION,
} from './render/document.ts';
import { isSaveRequest } from './offline.ts';
import { offlineSaveBlock } from './render/offline-block.ts';
import { UI_STRINGS } from './render/strings.ts';
import { crossCheckPages } from '../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

describe('reader.js', () => {
  it('is named with the version of its content (cached a year under that name)', () => {
    const hash = createHash('sha256')
      .update(fs.readFileSync(path.join(PUBLIC, 'reader.js')))
      .digest('hex')
      .slice(0, READER_SCRIPT_VERSION.length);
    expect(READER_SCRIPT_VERSION, 'set READER_SCRIPT_VERSION in document.ts to this').toBe(hash);
    expect(READER_SCRIPT).toBe(`/reader.js?v=${hash}`);
  });
});

describe('offline.js and its three parts', () => {
  it('are each named with the version of their content (cached a year under that name)', () => {
    for (const [file, version] of Object.entries(OFFLINE_SCRIPT_VERSIONS)) {
      const hash = createHash('sha256')
        .update(fs.readFileSync(path.join(PUBLIC, file)))
        .digest('hex')
        .slice(0, version.length);
      expect(version, `set ${file}'s version in document.ts OFFLINE_SCRIPT_VERSIONS to this`).toBe(
        hash,
      );
    }
    // In the order they run: the plan, the save, then the block that uses both.
    expect(OFFLINE_SCRIPTS).toEqual([
      `/offline-plan.js?v=${OFFLINE_SCRIPT_VERSIONS['offline-plan.js']}`,
      `/offline-keep.js?v=${OFFLINE_SCRIPT_VERSIONS['offline-keep.js']}`,
      `/offline-save.js?v=${OFFLINE_SCRIPT_VERSIONS['offline-save.js']}`,
      `/offline.js?v=${OFFLINE_SCRIPT_VERSIONS['offline.js']}`,
    ]);
  });
});

describe('isSaveRequest', () => {
  it('takes only 1', () => {
    expect(isSaveRequest('1')).toBe(true);
    for (const value of [undefined, '', '0', 'yes', 'true'])
      expect(isSaveRequest(value)).toBe(false);
  });
});

describe('offlineSaveBlock', () => {
  const html = (options: Partial<Parameters<typeof offlineSaveBlock>[0]> = {}) =>
    renderToStaticMarkup(
      offlineSaveBlock({
        uiLang: 'es',
        stops: ['/article?name=a&circuit=c&lang=es', '/article?name=b&circuit=c&lang=es'],
        circuitUrl: '/circuit?name=c&lang=es',
        ...options,
      }),
    );

  it('is hidden without a script, and carries its words in the visitor’s language', () => {
    const es = UI_STRINGS.es!;
    const block = html();
    expect(block).toMatch(/^<section class="reader-offline" hidden=""/);
    expect(block).toContain(`<button type="button">${es.offlineSave}</button>`);
    expect(block).toContain('<p role="status" aria-live="polite"></p>');
    expect(block).toContain(`data-saving="${es.offlineSaving}"`);
    expect(block).toContain(`data-saved="${es.offlineSaved}"`);
    expect(block).toContain(`data-failed="${es.offlineFailed}"`);
    expect(block).toContain(`data-scripts="${OFFLINE_SCRIPTS.join(' ')}"`);
    expect(block).toContain(`data-saved-videos="${es.offlineSavedVideos}"`);
    expect(block).toContain(`data-sounds-later="${es.offlineSoundsLater}"`);
    expect(block).toContain(`data-elsewhere="${es.offlineVideosElsewhere}"`);
    expect(block).toContain(`data-videos-ask="${es.offlineVideosAsk}"`);
    expect(block).toContain(`data-removed="${es.offlineRemoved}"`);
    // The videos' step and Remove: hidden until a circuit is saved.
    expect(block).toContain('<p data-notes="" aria-live="polite"></p>');
    expect(block).toContain(
      `<div data-videos="" hidden=""><p></p><button type="button">${es.offlineVideosSave}</button></div>`,
    );
    expect(block).toContain(
      `<button type="button" data-remove="" hidden="">${es.offlineRemove}</button></section>`,
    );
    expect(block).toContain('data-circuit="/circuit?name=c&amp;lang=es"');
    expect(block).toContain(
      'data-stops="[&quot;/article?name=a&amp;circuit=c&amp;lang=es&quot;,&quot;/article?name=b&amp;circuit=c&amp;lang=es&quot;]"',
    );
    // Words in the page's language carry no lang of their own; in another, they do.
    expect(block).not.toContain(' lang=');
    expect(html({ uiLang: 'ar', pageLang: 'fr' })).toContain('lang="ar" dir="rtl"');
    // A language without words of its own: English.
    expect(html({ uiLang: 'sw' })).toContain(UI_STRINGS.en!.offlineSave);
  });

  it('names only addresses on this site, escaped', () => {
    const block = html({
      stops: ['https://evil.example/x', '//evil.example/x', '/article?name="><script>'],
      circuitUrl: 'javascript:alert(1)',
    });
    expect(block).toContain('data-circuit=""');
    expect(block).toContain('data-stops="[&quot;/article?name=\\&quot;&gt;&lt;script&gt;&quot;]"');
    expect(block).not.toContain('<script');
  });
});

// --- The service worker, run in a model of its global scope -------------------------------------

type Listener = (event: unknown) => void;

/** The Cache API's part sw.js uses, in memory; `full` makes every put fail as a full disk would. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const state = { full: false };
  const keyOf = (key: Request | string) => new URL(typeof key === 'string' ? key : key.url).href;
  const cache = (entries: Map<string, Response>) => ({
    async put(key: Request | string, response: Response) {
      if (state.full) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      // Stored after its body is read, as the real one does.
      const body = await response.arrayBuffer();
      entries.delete(keyOf(key));
      entries.set(keyOf(key), new Response(body, response));
    },
    match: async (key: Request | string) => entries.get(keyOf(key))?.clone(),
    matchAll: async () => [...entries.values()].map((r) => r.clone()),
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (key: Request | string) => entries.delete(keyOf(key)),
  });
  return {
    state,
    stores,
    api: {
      async open(name: string) {
        if (!stores.has(name)) stores.set(name, new Map());
        return cache(stores.get(name)!);
      },
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
    urls: (name: string) => [...(stores.get(name)?.keys() ?? [])],
  };
}

const ORIGIN = 'https://museum.example';

function serviceWorker(network: (request: Request) => Promise<Response>) {
  const listeners: Record<string, Listener> = {};
  const caches = memoryCaches();
  const timers: (() => void)[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    registration: { navigationPreload: { enable: async () => undefined } },
    clients: { claim: async () => undefined },
    skipWaiting: () => undefined,
  };
  const calls: string[] = [];
  const context = vm.createContext({
    self,
    caches: caches.api,
    fetch: (request: Request) => {
      calls.push(request.url);
      return network(request);
    },
    // The page's wait: run when the test says the network is slow (`slow()`).
    setTimeout: (run: () => void) => timers.push(run),
    Request,
    Response,
    Headers,
    URL,
    DOMException,
    // This realm's clock, so a test can move it.
    Date,
  });
  vm.runInContext(fs.readFileSync(path.join(PUBLIC, 'sw.js'), 'utf8'), context, {
    filename: 'sw.js',
  });
  const global = context as {
    evictions: (
      entries: { key: string; at: number; bytes: number }[],
      limits: { maxCount: number; maxBytes: number },
    ) => string[];
    kindOf: (request: Request) => string | undefined;
    soundOf: (request: Request) => string | undefined;
  };

  /** One fetch event: the answer given, and `done` once the work it kept running is over. */
  function dispatch(url: string, init: RequestInit = {}) {
    // A navigation (a QR code scanned): a Request cannot be made with that mode here.
    const request =
      init.mode === 'navigate'
        ? ({
            method: 'GET',
            url: new URL(url, ORIGIN).href,
            mode: 'navigate',
            headers: new Headers(),
          } as unknown as Request)
        : new Request(new URL(url, ORIGIN), init);
    let answer: Promise<Response> | undefined;
    const work: Promise<unknown>[] = [];
    listeners.fetch!({
      request,
      preloadResponse: Promise.resolve(undefined),
      respondWith: (response: Promise<Response>) => (answer = Promise.resolve(response)),
      waitUntil: (promise: Promise<unknown>) => work.push(promise),
    });
    const unanswered = Promise.reject(new Error('not answered'));
    unanswered.catch(() => undefined);
    return {
      answered: answer !== undefined,
      answer: answer ?? unanswered,
      done: async () => {
        await answer?.catch(() => undefined);
        // Work may add work: until there is none left.
        for (let seen = 0; seen < work.length; seen = work.length) await Promise.all(work);
      },
    };
  }

  return {
    ...global,
    caches,
    calls,
    dispatch,
    slow: () => timers.splice(0).forEach((run) => run()),
    pages: () => caches.urls('legenda-pages-v1'),
    media: () => caches.urls('legenda-media-v1'),
    saved: () => caches.urls('legenda-saved-v1'),
  };
}

const page = (text: string, final = true, status = 200) =>
  new Response(`<p>${text}</p>`, {
    status,
    headers: {
      'content-type': 'text/html; charset=UTF-8',
      vary: 'Accept-Language, Accept-Encoding, Cookie',
      ...(final ? { 'x-legenda-page': 'article' } : {}),
    },
  });

const image = (bytes = 10) =>
  new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/webp' } });

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('sw.js: what it handles', () => {
  const sw = serviceWorker(offline);

  it('takes visitor pages and pictures of this site, nothing else', () => {
    const kind = (url: string, init?: RequestInit) => sw.kindOf(new Request(url, init));
    expect(kind(`${ORIGIN}/article?name=a&lang=es`)).toBe('page');
    expect(kind(`${ORIGIN}/circuit?name=c&lang=es`)).toBe('page');
    expect(kind(`${ORIGIN}/media/1/photo.webp`)).toBe('media');
    expect(kind(`${ORIGIN}/reader.js?v=1a2b`)).toBe('media');
    expect(kind(`${ORIGIN}/reader.js`)).toBeUndefined();
    // Every script a circuit's save loads, kept for the page read offline.
    for (const script of OFFLINE_SCRIPTS) expect(kind(`${ORIGIN}${script}`), script).toBe('media');
    // The editor's page, a staff preview, a POST, another site, the API, a byte range.
    expect(kind(`${ORIGIN}/article?id=3`)).toBeUndefined();
    expect(kind(`${ORIGIN}/article?name=a&ignoreStats=true`)).toBeUndefined();
    expect(kind(`${ORIGIN}/article?name=a`, { method: 'POST' })).toBeUndefined();
    expect(kind('https://elsewhere.example/article?name=a')).toBeUndefined();
    expect(kind(`${ORIGIN}/api/tree`)).toBeUndefined();
    expect(kind(`${ORIGIN}/media/1/film.mp4`, { headers: { range: 'bytes=0-' } })).toBeUndefined();
    expect(sw.dispatch('/api/tree').answered).toBe(false);
  });
});

describe('sw.js: QR scans', () => {
  const navigate = { mode: 'navigate' } as RequestInit;
  /** What offline.js keeps for a code of a saved circuit (rememberCodes). */
  const remember = async (sw: ReturnType<typeof serviceWorker>, code: string, to: string) => {
    const cache = await sw.caches.api.open('legenda-pages-v1');
    await cache.put(
      `${ORIGIN}/r/${code}`,
      new Response(null, { headers: { 'x-legenda-leads-to': to } }),
    );
  };

  it('is remembered by offline.js in the worker’s own cache of pages', () => {
    // offline-keep.js names the caches itself: a new VERSION of sw.js must be written there too.
    const offline = fs.readFileSync(path.join(PUBLIC, 'offline-keep.js'), 'utf8');
    const sw = fs.readFileSync(path.join(PUBLIC, 'sw.js'), 'utf8');
    const version = /const VERSION = (\d+);/.exec(sw)?.[1];
    expect(version).toBeDefined();
    expect(sw).toContain('const PAGES = `legenda-pages-v${VERSION}`;');
    expect(offline).toContain(`const PAGES = 'legenda-pages-v${version}';`);
    expect(sw).toContain('const MEDIA = `legenda-media-v${VERSION}`;');
    expect(offline).toContain(`const MEDIA = 'legenda-media-v${version}';`);
    expect(sw).toContain('const SAVED = `legenda-saved-v${VERSION}`;');
    expect(offline).toContain(`const SAVED = 'legenda-saved-v${version}';`);
  });

  it('asks a page’s count request of the network, and answers it empty without one', async () => {
    const online = serviceWorker(async () => new Response(null, { status: 204 }));
    expect(online.kindOf(new Request(`${ORIGIN}/seen?a=1&l=fr`))).toBe('seen');
    expect((await online.dispatch('/seen?a=1&l=fr').answer).status).toBe(204);
    expect(online.calls).toEqual([`${ORIGIN}/seen?a=1&l=fr`]);
    // A page read offline from its kept copy: counted nowhere, and no failed request.
    const answer = await serviceWorker(offline).dispatch('/seen?a=1&l=fr').answer;
    expect(answer.status).toBe(204);
  });

  it('passes a scan on to the network while there is one: the server redirects and counts', async () => {
    const sw = serviceWorker(
      async () =>
        new Response(null, { status: 302, headers: { location: '/article?name=a&lang=ja' } }),
    );
    await remember(sw, 'abc', '/article?name=a&circuit=c&lang=ja');
    const answer = await sw.dispatch('/r/abc', navigate).answer;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/article?name=a&lang=ja');
    expect(sw.calls).toEqual([`${ORIGIN}/r/abc`]);
    // Not a navigation (a script's fetch): not the worker's.
    expect(sw.dispatch('/r/abc').answered).toBe(false);
  });

  it('sends a code the save remembered to its saved page without network, no other', async () => {
    const sw = serviceWorker(offline);
    await remember(sw, 'abc', '/article?name=a&circuit=c&lang=ja');
    await remember(sw, 'evil', '//evil.example/x');
    const answer = await sw.dispatch('/r/abc', navigate).answer;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${ORIGIN}/article?name=a&circuit=c&lang=ja`);
    // A code never saved, or one leading off the site: the browser's own offline error.
    await expect(sw.dispatch('/r/other', navigate).answer).rejects.toThrow('Failed to fetch');
    await expect(sw.dispatch('/r/evil', navigate).answer).rejects.toThrow('Failed to fetch');
  });
});

describe('sw.js: evictions', () => {
  const { evictions } = serviceWorker(offline);
  const entry = (key: string, at: number, bytes = 0) => ({ key, at, bytes });

  it('drops the oldest kept until both limits hold', () => {
    const entries = [entry('c', 30, 5), entry('a', 10, 5), entry('b', 20, 5), entry('d', 40, 5)];
    expect(evictions(entries, { maxCount: 10, maxBytes: 100 })).toEqual([]);
    expect(evictions(entries, { maxCount: 2, maxBytes: 100 })).toEqual(['a', 'b']);
    expect(evictions(entries, { maxCount: 10, maxBytes: 12 })).toEqual(['a', 'b']);
    expect(evictions(entries, { maxCount: 3, maxBytes: 6 })).toEqual(['a', 'b', 'c']);
    // An entry of unknown age (kept by an older worker) goes first.
    expect(evictions([...entries, entry('x', 0)], { maxCount: 4, maxBytes: 100 })).toEqual(['x']);
  });
});

describe('sw.js: pages', () => {
  it('answers from the network and keeps only a complete page', async () => {
    let answer = page('progress', false);
    const sw = serviceWorker(async () => answer.clone());
    const first = sw.dispatch('/article?name=a&lang=es');
    expect(await (await first.answer).text()).toBe('<p>progress</p>');
    await first.done();
    expect(sw.pages()).toEqual([]);

    answer = page('article');
    const second = sw.dispatch('/article?name=a&lang=es');
    expect(await (await second.answer).text()).toBe('<p>article</p>');
    await second.done();
    expect(sw.pages()).toEqual([`${ORIGIN}/article?name=a&lang=es`]);
  });

  it('shows the kept page without network, or after a while on a slow one, then updates it', async () => {
    let network: (request: Request) => Promise<Response> = async () => page('v1');
    const sw = serviceWorker((request) => network(request));
    await sw.dispatch('/article?name=a&lang=es').done();

    network = offline;
    const cut = sw.dispatch('/article?name=a&lang=es');
    expect(await (await cut.answer).text()).toBe('<p>v1</p>');

    // Poor Wi-Fi: no answer within the wait; the kept copy is shown, and kept up to date.
    let arrive: (response: Response) => void = () => undefined;
    network = () => new Promise((resolve) => (arrive = resolve));
    const slow = sw.dispatch('/article?name=a&lang=es');
    await new Promise((resolve) => setTimeout(resolve, 10));
    sw.slow();
    expect(await (await slow.answer).text()).toBe('<p>v1</p>');
    arrive(page('v2'));
    await slow.done();
    const again = sw.dispatch('/article?name=a&lang=es');
    network = offline;
    expect(await (await again.answer).text()).toBe('<p>v2</p>');

    // A page never kept, without network: the network's failure, as without a worker.
    await expect(sw.dispatch('/article?name=b&lang=es').answer).rejects.toThrow();
  });

  it('matches a kept page whatever it varied on, and forgets one the site no longer has', async () => {
    let answer = page('kept');
    const sw = serviceWorker(async () => answer.clone());
    await sw.dispatch('/article?name=a&lang=es').done();
    const stored = await (
      await sw.caches.api.open('legenda-pages-v1')
    ).match(`${ORIGIN}/article?name=a&lang=es`);
    expect(stored?.headers.get('vary')).toBeNull();
    expect(Number(stored?.headers.get('x-legenda-kept-at'))).toBeGreaterThan(0);

    // The outage page (503): the kept copy instead.
    answer = page('outage', false, 503);
    expect(await (await sw.dispatch('/article?name=a&lang=es').answer).text()).toBe('<p>kept</p>');
    // Unpublished (404): the 404 shown, the copy forgotten.
    answer = page('not found', false, 404);
    const gone = sw.dispatch('/article?name=a&lang=es');
    expect((await gone.answer).status).toBe(404);
    await gone.done();
    expect(sw.pages()).toEqual([]);
  });

  it('answers a save only once the page is kept', async () => {
    const sw = serviceWorker(async () => page('saved'));
    const save = sw.dispatch('/article?name=a&lang=es', { headers: { 'legenda-save': '1' } });
    await save.answer;
    expect(sw.pages()).toEqual([`${ORIGIN}/article?name=a&lang=es`]);
  });

  it('keeps at most 200 pages, the oldest going first', async () => {
    const sw = serviceWorker(async () => page('p'));
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => (now += 1);
    try {
      for (let i = 0; i < 203; i++) await sw.dispatch(`/article?name=p${i}&lang=es`).done();
    } finally {
      Date.now = realNow;
    }
    const kept = sw.pages();
    expect(kept).toHaveLength(200);
    expect(kept).not.toContain(`${ORIGIN}/article?name=p0&lang=es`);
    expect(kept).not.toContain(`${ORIGIN}/article?name=p2&lang=es`);
    expect(kept).toContain(`${ORIGIN}/article?name=p3&lang=es`);
    expect(kept).toContain(`${ORIGIN}/article?name=p202&lang=es`);
  });

  it('still answers when the phone has no room left', async () => {
    const sw = serviceWorker(async () => page('fresh'));
    sw.caches.state.full = true;
    const visit = sw.dispatch('/article?name=a&lang=es');
    expect(await (await visit.answer).text()).toBe('<p>fresh</p>');
    await visit.done();
    const save = sw.dispatch('/article?name=a&lang=es', { headers: { 'legenda-save': '1' } });
    expect((await save.answer).status).toBe(200);
    expect(sw.pages()).toEqual([]);
  });
});

describe('sw.js: media', () => {
  it('keeps pictures and answers them from the phone after, never videos', async () => {
    const sw = serviceWorker(async (request) =>
      request.url.endsWith('.mp4')
        ? new Response('video', { headers: { 'content-type': 'video/mp4' } })
        : image(),
    );
    const first = sw.dispatch('/media/1/photo.webp');
    expect((await (await first.answer).arrayBuffer()).byteLength).toBe(10);
    await first.done();
    await sw.dispatch('/media/1/photo.webp').done();
    expect(sw.calls).toEqual([`${ORIGIN}/media/1/photo.webp`]);
    await sw.dispatch('/media/1/film.mp4').done();
    expect(sw.media()).toEqual([`${ORIGIN}/media/1/photo.webp`]);
  });

  it('keeps about 100 MB of pictures, the oldest going first', async () => {
    const sw = serviceWorker(async () => image(30 * 1024 * 1024));
    for (const name of ['a', 'b', 'c', 'd']) await sw.dispatch(`/media/1/${name}.webp`).done();
    expect(sw.media()).toEqual(['b', 'c', 'd'].map((name) => `${ORIGIN}/media/1/${name}.webp`));
  });
});

describe('sw.js: a saved circuit’s sounds and videos', () => {
  const SAVING = { headers: { 'legenda-save': '1' } };
  /** A sound of `bytes` bytes, 0, 1, 2… */
  const soundOf = (bytes: number, type = 'audio/wav') =>
    new Response(
      Uint8Array.from({ length: bytes }, (_, i) => i % 256),
      {
        headers: { 'content-type': type },
      },
    );
  const bytesOf = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];

  it('takes the server’s voice and what players ask of uploads; kindOf keeps leaving them', () => {
    const sw = serviceWorker(offline);
    const sound = (url: string, init?: RequestInit) => sw.soundOf(new Request(url, init));
    const range = { headers: { range: 'bytes=0-' } };
    expect(sound(`${ORIGIN}/speech?name=a&lang=ar&block=1`)).toBe('sound');
    expect(sound(`${ORIGIN}/media/1/audio/a.wav`, range)).toBe('sound');
    expect(sound(`${ORIGIN}/media/1/film.mp4`, range)).toBe('sound');
    expect(sw.kindOf(new Request(`${ORIGIN}/media/1/film.mp4`, range))).toBeUndefined();
    // A staff preview, a POST, another site, a plain fetch of an upload (kindOf's), a page.
    expect(sound(`${ORIGIN}/speech?name=a&lang=ar&block=1&ignoreStats=true`)).toBeUndefined();
    expect(sound(`${ORIGIN}/listened?name=a&lang=ar`, { method: 'POST' })).toBeUndefined();
    expect(sound('https://elsewhere.example/speech?name=a&lang=ar&block=1')).toBeUndefined();
    expect(sound(`${ORIGIN}/media/1/audio/a.wav`)).toBeUndefined();
    expect(sound(`${ORIGIN}/article?name=a&lang=ar`)).toBeUndefined();
    // The pages' three scripts, by their version, are kept like pictures.
    for (const script of ['reader', 'listen', 'offline']) {
      expect(sw.kindOf(new Request(`${ORIGIN}/${script}.js?v=1a2b`))).toBe('media');
      expect(sw.kindOf(new Request(`${ORIGIN}/${script}.js`))).toBeUndefined();
    }
  });

  it('keeps what a save fetches, and plays it back without network, by byte ranges', async () => {
    let network: (request: Request) => Promise<Response> = async (request) =>
      request.url.includes('/speech') ? soundOf(100, 'audio/mpeg') : soundOf(1000);
    const sw = serviceWorker((request) => network(request));
    const audio = '/media/1/audio/a.wav';
    const voice = '/speech?name=a&lang=ar&block=1';
    // Not a save: nothing kept (a player online streams from the network, as without us).
    await sw.dispatch(audio, { headers: { range: 'bytes=0-' } }).done();
    await sw.dispatch(voice).done();
    expect(sw.saved()).toEqual([]);
    // A save's fetches answer once kept.
    expect((await sw.dispatch(audio, SAVING).answer).status).toBe(200);
    expect((await sw.dispatch(voice, SAVING).answer).status).toBe(200);
    expect(sw.saved()).toEqual([`${ORIGIN}${audio}`, `${ORIGIN}${voice}`]);
    // Neither kept among the pictures, which the 100 MB of media may push out.
    expect(sw.media()).toEqual([]);

    network = offline;
    const start = await sw.dispatch(audio, { headers: { range: 'bytes=0-' } }).answer;
    expect(start.status).toBe(206);
    expect(start.headers.get('content-range')).toBe('bytes 0-999/1000');
    expect(start.headers.get('content-type')).toBe('audio/wav');
    expect((await bytesOf(start)).length).toBe(1000);
    const part = await sw.dispatch(audio, { headers: { range: 'bytes=10-12' } }).answer;
    expect(part.headers.get('content-range')).toBe('bytes 10-12/1000');
    expect(part.headers.get('content-length')).toBe('3');
    expect(await bytesOf(part)).toEqual([10, 11, 12]);
    const tail = await sw.dispatch(audio, { headers: { range: 'bytes=-2' } }).answer;
    expect(await bytesOf(tail)).toEqual([998 % 256, 999 % 256]);
    const past = await sw.dispatch(audio, { headers: { range: 'bytes=1000-' } }).answer;
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    // Several ranges, or one not in bytes: the whole copy.
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=x-']) {
      const whole = await sw.dispatch(audio, { headers: { range } }).answer;
      expect(whole.status, range).toBe(200);
    }
    const spoken = await sw.dispatch(voice, { headers: { range: 'bytes=0-' } }).answer;
    expect(spoken.status).toBe(206);
    expect(spoken.headers.get('content-range')).toBe('bytes 0-99/100');
    // A sound never saved: the network's failure, as without a worker.
    await expect(
      sw.dispatch('/speech?name=b&lang=ar&block=1', { headers: { range: 'bytes=0-' } }).answer,
    ).rejects.toThrow();
  });

  it('plays an upload from its copy first, a /speech sound from the network while it answers', async () => {
    let calls = 0;
    const sw = serviceWorker(async (request) => {
      calls += 1;
      return request.url.includes('/speech') ? soundOf(calls + 1, 'audio/mpeg') : soundOf(4);
    });
    await sw.dispatch('/media/1/audio/a.wav', SAVING).done();
    await sw.dispatch('/speech?name=a&lang=ar&block=1', SAVING).done();
    calls = 10;
    const upload = await sw.dispatch('/media/1/audio/a.wav', { headers: { range: 'bytes=0-' } })
      .answer;
    expect(upload.headers.get('content-range')).toBe('bytes 0-3/4');
    expect(calls).toBe(10);
    // Made again after an edit: the network's sound, the copy only without one.
    const spoken = await sw.dispatch('/speech?name=a&lang=ar&block=1').answer;
    expect((await bytesOf(spoken)).length).toBe(12);
  });

  it('keeps only sounds, videos and subtitles for a save; refusals and errors are not kept', async () => {
    const answers: Record<string, Response> = {
      '/speech?name=a&lang=ar&block=1': new Response('{"error":{}}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '60' },
      }),
      '/speech?name=a&lang=ar&block=2': new Response(null, { status: 404 }),
      '/media/1/film.mp4': soundOf(8, 'video/mp4'),
      '/media/1/film.vtt': new Response('WEBVTT\n', { headers: { 'content-type': 'text/vtt' } }),
      '/media/1/page.html': new Response('<p>', { headers: { 'content-type': 'text/html' } }),
    };
    const sw = serviceWorker(async (request) => {
      const url = new URL(request.url);
      return answers[url.pathname + url.search]!.clone();
    });
    const held = await sw.dispatch('/speech?name=a&lang=ar&block=1', SAVING).answer;
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('60');
    expect((await sw.dispatch('/speech?name=a&lang=ar&block=2', SAVING).answer).status).toBe(404);
    for (const path of ['/media/1/film.mp4', '/media/1/film.vtt', '/media/1/page.html']) {
      await sw.dispatch(path, SAVING).done();
    }
    expect(sw.saved()).toEqual([`${ORIGIN}/media/1/film.mp4`, `${ORIGIN}/media/1/film.vtt`]);
  });
});
