/*
 * The visitor pages' one script: registers the service worker (/sw.js) and keeps the page and its
 * pictures. Nothing needs it. On a circuit page with the 'Save … for offline reading' block, it
 * loads offline.js, which drives it (reader/render/offline-block.ts says more), and hands it
 * imagesIn. Read aloud: it shows the Listen button where a voice can read the page and loads
 * listen.js on the first press (reader/speech/speech.ts). Statistics: once the page is first
 * hidden, how long it was visible, and a circuit's first and last stops opened
 * (stats/reading.ts); no cookie, nothing about the visitor, sessionStorage only remembers in this
 * tab that the circuit was started, and the steps waiting for the network.
 */
(() => {
  'use strict';
  const block = /** @type {HTMLElement | null} */ (document.querySelector('[data-listen]'));
  // A streamed page's Listen came with its last blocks: to its place at the top.
  const slot = document.querySelector('[data-listen-slot]');
  if (block && slot) slot.replaceWith(block);
  const button = block && block.querySelector('button');
  if (!button) return;
  const synth = window.speechSynthesis;
  /** @param {unknown} tag */
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
      script.src = block.dataset.script || '';
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

  const openedBefore = !worker.controller;

  /** A path of this site ('/article?…'), else undefined. @param {string} href */
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
   * @param {HTMLImageElement} img
   * @returns {Promise<string>}
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
      probe.src = img.getAttribute('src') || '';
    });
  }

  /**
   * The uploads a page shows as pictures (img, its chosen size, video poster), never a video.
   * @param {Document} doc
   */
  async function imagesIn(doc) {
    /** @type {Set<string>} */
    const found = new Set();
    /** @param {string | null} value */
    const add = (value) => {
      const path = value && local(value.trim());
      if (path && path.startsWith('/media/')) found.add(path);
    };
    doc.querySelectorAll('video[poster]').forEach((el) => add(el.getAttribute('poster')));
    const images = /** @type {NodeListOf<HTMLImageElement>} */ (doc.querySelectorAll('img[src]'));
    for (const img of images) {
      const sized = img.hasAttribute('srcset') || img.parentElement?.tagName === 'PICTURE';
      add(sized ? await chosenSize(img) : img.getAttribute('src'));
    }
    return [...found];
  }

  /** This page and its pictures kept, as the worker keeps what it sees go by. */
  async function keepThisPage() {
    // Opened before the worker was there (a first visit): asked again through it, which keeps
    // the page if it is complete. Not an error page (where browsers say its status).
    const entry = performance.getEntriesByType?.('navigation')[0];
    const status = /** @type {PerformanceNavigationTiming | undefined} */ (entry)?.responseStatus;
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
          const block = /** @type {HTMLElement | null} */ (
            document.querySelector('[data-offline-save]')
          );
          // The save's scripts (offline-block.ts), fetched together and run in their order.
          const scripts = ((block && block.dataset.scripts) || '').split(' ').filter(Boolean);
          if (scripts.length > 0) self.LegendaReader = { imagesIn };
          for (const script of scripts.map(local)) {
            if (!script) continue;
            const tag = document.createElement('script');
            tag.async = false;
            tag.src = script;
            document.head.append(tag);
          }
          void keepThisPage();
        }),
      () => undefined,
    );
  });
})();

(() => {
  'use strict';
  // Not while the phone knows it is offline (a saved circuit read with the network off): the
  // beacon could only fail.
  /** @param {string} url */
  const send = (url) =>
    navigator.onLine !== false && !!navigator.sendBeacon && navigator.sendBeacon(url);
  const main = /** @type {HTMLElement | null} */ (document.querySelector('[data-read]'));
  let since = document.visibilityState === 'visible' ? performance.now() : -1;
  const hidden = () => {
    if (document.visibilityState === 'visible') since = since < 0 ? performance.now() : since;
    else if (since >= 0 && main) {
      send(`${main.dataset.read}&seconds=${Math.round((performance.now() - since) / 1000)}`);
      removeEventListener('visibilitychange', hidden);
    }
  };
  addEventListener('visibilitychange', hidden);

  /**
   * A circuit's steps (its first stop opened, its last reached) wait in this tab while the phone
   * is offline, and go when it is back (the 'online' event, or the next page opened online):
   * never a request that could only fail, and no step read offline lost.
   */
  const QUEUE = 'legenda-circuit-steps';
  const flush = () => {
    try {
      const waiting = JSON.parse(sessionStorage.getItem(QUEUE) || '[]');
      const left = waiting.filter(
        (/** @type {unknown} */ url) => typeof url === 'string' && !send(url),
      );
      if (left.length > 0) sessionStorage.setItem(QUEUE, JSON.stringify(left));
      else sessionStorage.removeItem(QUEUE);
    } catch {
      // No storage (a private window's rules), or a list not ours: nothing waits.
    }
  };
  addEventListener('online', flush);
  flush();
  const nav = /** @type {HTMLElement | null} */ (document.querySelector('[data-progress]'));
  if (!nav) return;
  const key = `legenda-circuit ${nav.dataset.progress}`;
  /** @param {string} name */
  const step = (name) => {
    const waiting = JSON.parse(sessionStorage.getItem(QUEUE) || '[]');
    waiting.push(`${nav.dataset.progress}&step=${name}`);
    sessionStorage.setItem(QUEUE, JSON.stringify(waiting));
    sessionStorage.setItem(key, name);
    flush();
  };
  try {
    if (nav.dataset.stop === '1' && !sessionStorage.getItem(key)) step('start');
    if (nav.dataset.stop === nav.dataset.total && sessionStorage.getItem(key) === 'start') {
      step('end');
    }
  } catch {
    // No storage (a private window's rules): the circuit is not counted.
  }
})();
