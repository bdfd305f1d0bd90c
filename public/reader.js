/*
 * The visitor pages' one script: registers the service worker (/sw.js), keeps the page and its
 * pictures, and drives the 'Save … for offline reading' block. Nothing needs it; its words come
 * from the block (reader/render/offline-block.ts, which says more). Read aloud: it shows the
 * Listen button where a voice can read the page and loads listen.js on the first press
 * (reader/speech/speech.ts). Statistics: once the page is first hidden, how long it was visible,
 * and a circuit's first and last stops opened (stats/reading.ts); no cookie, nothing about the
 * visitor, sessionStorage only remembers in this tab that the circuit was started.
 */
(() => {
  'use strict';
  const block = document.querySelector('[data-listen]');
  // A streamed page's Listen came with its last blocks: to its place at the top.
  const slot = document.querySelector('[data-listen-slot]');
  if (block && slot) slot.replaceWith(block);
  const button = block && block.querySelector('button');
  if (!button) return;
  const synth = window.speechSynthesis;
  const primary = (tag) => String(tag).toLowerCase().split(/[-_]/)[0];
  const lang = primary(block.dataset.lang);
  /** 'browser', 'server' or '': which voice reads, the museum's choice first (data-voice). */
  const voice = () => {
    const own = !!synth && synth.getVoices().some((v) => primary(v.lang) === lang);
    const server = !!block.dataset.server;
    if (block.dataset.voice === 'server' && server) return 'server';
    return own ? 'browser' : server ? 'server' : '';
  };
  const show = () => {
    if (block.dataset.state) return;
    block.dataset.use = voice();
    button.hidden = !block.dataset.use;
  };
  show();
  // Chromium lists its voices a moment after the page loads.
  synth?.addEventListener?.('voiceschanged', show);
  button.addEventListener(
    'click',
    () => {
      block.dataset.state = 'loading';
      const script = document.createElement('script');
      script.src = block.dataset.script;
      document.head.append(script);
    },
    { once: true },
  );
})();

(() => {
  'use strict';
  const worker = navigator.serviceWorker;
  if (!worker || !window.caches || !window.fetch) return;

  /** Sent with every fetch made here: the server counts no visit for it (reader/visit/pages.ts). */
  const SAVE = { 'Legenda-Save': '1' };
  const PAGE_HEADER = 'X-Legenda-Page';
  /** A stop still being translated is asked again after this long, until the deadline. */
  const RETRY_MS = 2000;
  const DEADLINE_MS = 3 * 60 * 1000;
  const PARALLEL = 3;

  const openedBefore = !worker.controller;

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A path of this site ('/article?…'), else undefined. */
  function local(href) {
    try {
      const url = new URL(href, location.href);
      return url.origin === location.origin ? url.pathname + url.search : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The picture this browser shows for an image offered in several sizes (srcset, <picture>): a
   * copy that is never put in the page (nothing a reader or a script could meet) chooses as the
   * page does, at this screen's width and density, and the one file it takes is the one kept.
   * Keeping every size would make a phone fetch each photo eight times over.
   */
  function chosenSize(img) {
    const probe = document.createElement('img');
    const held = img.parentElement;
    if (held && held.tagName === 'PICTURE') {
      const copy = document.createElement('picture');
      held.querySelectorAll('source').forEach((source) => copy.append(source.cloneNode()));
      copy.append(probe);
    }
    return new Promise((resolve) => {
      const done = () => resolve(probe.currentSrc);
      probe.addEventListener('load', done, { once: true });
      probe.addEventListener('error', done, { once: true });
      probe.sizes = img.getAttribute('sizes') || '';
      probe.srcset = img.getAttribute('srcset') || '';
      probe.src = img.getAttribute('src');
    });
  }

  /** The uploads a page shows as pictures (img, its chosen size, video poster), never a video. */
  async function imagesIn(doc) {
    const found = new Set();
    const add = (value) => {
      const path = value && local(value.trim());
      if (path && path.startsWith('/media/')) found.add(path);
    };
    doc.querySelectorAll('video[poster]').forEach((el) => add(el.getAttribute('poster')));
    for (const img of doc.querySelectorAll('img[src]')) {
      const sized = img.hasAttribute('srcset') || img.parentElement?.tagName === 'PICTURE';
      add(sized ? await chosenSize(img) : img.getAttribute('src'));
    }
    return [...found];
  }

  /** Fetches a picture through the worker (which keeps it); its size, or -1. */
  async function picture(path) {
    try {
      const response = await fetch(path, { headers: SAVE });
      return response.ok ? (await response.blob()).size : -1;
    } catch {
      return -1;
    }
  }

  /** A page as the server finally shows it (not its progress page): { html, bytes } or null. */
  async function finalPage(path, deadline) {
    for (;;) {
      try {
        const response = await fetch(path, { headers: SAVE });
        if (response.status === 404) return null;
        if (response.ok && response.headers.has(PAGE_HEADER)) {
          const body = await response.blob();
          return { html: await body.text(), bytes: body.size };
        }
      } catch {
        // Offline for a moment: tried again below.
      }
      if (Date.now() + RETRY_MS > deadline) return null;
      await sleep(RETRY_MS);
    }
  }

  /** The `data-stops` JSON: the stops' paths on this site. */
  function listed(json) {
    try {
      const list = JSON.parse(json || '[]');
      return Array.isArray(list) ? list.map(local).filter(Boolean) : [];
    } catch {
      return [];
    }
  }

  const isKept = (path) => caches.match(path, { ignoreVary: true }).then(Boolean, () => false);

  /** public/sw.js's cache of pages, and the header that says where a kept QR code leads. */
  const PAGES = 'legenda-pages-v1';
  const LEADS_TO = 'x-legenda-leads-to';

  /**
   * The `data-codes` JSON ({ code: path }): each QR code whose page is kept is remembered with
   * it, so that scanning the code without network opens that page (public/sw.js).
   */
  async function rememberCodes(json) {
    let codes = {};
    try {
      codes = JSON.parse(json || '{}') || {};
    } catch {
      return;
    }
    await Promise.all(
      Object.keys(codes).map(async (code) => {
        const path = local(String(codes[code]));
        if (!path || !(await isKept(path))) return;
        try {
          const cache = await caches.open(PAGES);
          const headers = { [LEADS_TO]: path, 'x-legenda-kept-at': String(Date.now()) };
          await cache.put(`/r/${encodeURIComponent(code)}`, new Response(null, { headers }));
        } catch {
          // A full disk: that code needs the network, as before.
        }
      }),
    );
  }

  function fill(template, values) {
    return (template || '').replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
    );
  }

  function size(bytes, lang) {
    const big = bytes >= 1000 * 1000;
    try {
      return new Intl.NumberFormat(lang, {
        style: 'unit',
        unit: big ? 'megabyte' : 'kilobyte',
        maximumFractionDigits: 1,
      }).format(bytes / (big ? 1000 * 1000 : 1000));
    } catch {
      return `${Math.round(bytes / 1000)} kB`;
    }
  }

  /** Saves what the block names; resolves when the block says how it went. */
  async function save(block) {
    const button = block.querySelector('button');
    const status = block.querySelector('[role="status"]');
    const lang = block.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
    const stops = listed(block.dataset.stops);
    const circuit = local(block.dataset.circuit || '');
    const pages = [...new Set(circuit ? [circuit, ...stops] : stops)];
    const deadline = Date.now() + DEADLINE_MS;
    const pictures = new Set();
    let done = 0;
    let failed = 0;
    let bytes = 0;
    const say = (text) => {
      if (status) status.textContent = text;
    };
    const progress = () => say(fill(block.dataset.saving, { done, total: pages.length }));

    if (button) button.disabled = true;
    progress();
    const one = async (path) => {
      let ok = false;
      const page = await finalPage(path, deadline);
      if (page) {
        bytes += page.bytes;
        ok = true;
        const doc = new DOMParser().parseFromString(page.html, 'text/html');
        for (const src of await imagesIn(doc)) {
          if (pictures.has(src)) continue;
          pictures.add(src);
          const got = await picture(src);
          if (got < 0 || !(await isKept(src))) ok = false;
          else bytes += got;
        }
        ok = ok && (await isKept(path));
      }
      done += 1;
      if (!ok) failed += 1;
      progress();
    };
    const queue = [...pages];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let path = queue.shift(); path; path = queue.shift()) await one(path);
      }),
    );
    await rememberCodes(block.dataset.codes);
    say(
      failed === 0
        ? fill(block.dataset.saved, { stops: stops.length, size: size(bytes, lang) })
        : fill(block.dataset.failed, { failed, total: pages.length }),
    );
    block.dataset.state = failed === 0 ? 'saved' : 'failed';
    if (button) button.disabled = false;
  }

  /** This page and its pictures kept, as the worker keeps what it sees go by. */
  async function keepThisPage() {
    // Opened before the worker was there (a first visit): asked again through it, which keeps
    // the page if it is complete. Not an error page (where browsers say its status).
    const status = performance.getEntriesByType?.('navigation')[0]?.responseStatus;
    if (openedBefore && (!status || status === 200)) {
      await fetch(location.href, { headers: SAVE }).catch(() => undefined);
    }
    if (navigator.connection && navigator.connection.saveData) return;
    for (const src of await imagesIn(document)) await fetch(src).catch(() => undefined);
  }

  const controlled = () =>
    worker.controller
      ? Promise.resolve()
      : new Promise((resolve) =>
          worker.addEventListener('controllerchange', resolve, { once: true }),
        );

  addEventListener('load', () => {
    worker.register('/sw.js').then(
      () =>
        controlled().then(() => {
          const block = document.querySelector('[data-offline-save]');
          if (block) {
            block.hidden = false;
            block.querySelector('button')?.addEventListener('click', () => void save(block));
          }
          void keepThisPage();
        }),
      () => undefined,
    );
  });
})();

(() => {
  'use strict';
  const send = (url) => navigator.sendBeacon && navigator.sendBeacon(url);
  const main = document.querySelector('[data-read]');
  let since = document.visibilityState === 'visible' ? performance.now() : -1;
  const hidden = () => {
    if (document.visibilityState === 'visible') since = since < 0 ? performance.now() : since;
    else if (since >= 0 && main) {
      send(`${main.dataset.read}&seconds=${Math.round((performance.now() - since) / 1000)}`);
      removeEventListener('visibilitychange', hidden);
    }
  };
  addEventListener('visibilitychange', hidden);
  const nav = document.querySelector('[data-progress]');
  if (!nav) return;
  const key = `legenda-circuit ${nav.dataset.progress}`;
  try {
    if (nav.dataset.stop === '1' && !sessionStorage.getItem(key)) {
      sessionStorage.setItem(key, 'start');
      send(`${nav.dataset.progress}&step=start`);
    }
    if (nav.dataset.stop === nav.dataset.total && sessionStorage.getItem(key) === 'start') {
      sessionStorage.setItem(key, 'end');
      send(`${nav.dataset.progress}&step=end`);
    }
  } catch {
    // No storage (a private window's rules): the circuit is not counted.
  }
})();
