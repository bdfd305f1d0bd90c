/*
 * A circuit page's 'Save this circuit for offline reading' (reader/offline.ts says how offline
 * reading works; reader/render/offline-block.ts writes the block and its words, which travel as
 * data attributes: this file carries none). Loaded by reader.js, only on a page with the block,
 * once the service worker (public/sw.js) controls it. A save fetches, through the worker which
 * keeps them:
 * - every page the block names (the circuit and its stops; a stop still being translated asked
 *   again every 2 s, 3 minutes at most in all), with their pictures;
 * - what each stop's page plays: its audio blocks' files, and the server's voice (/speech) where
 *   the page's Listen would use it on this phone (the museum's choice, or no voice of the phone's
 *   own for the language: reader.js's rule), block by block; a sound not made yet is made within
 *   the visitor's limits (a 429 waits its Retry-After while the save has time, else the sound is
 *   skipped and the block says so); the Listen script too;
 * - videos only when the visitor agrees after reading their size (a second step; sizes from
 *   HEAD's Content-Length). A video on another site (a link to YouTube or Vimeo: the pages embed
 *   none) cannot be saved: the block says how many.
 * It then says what was saved and how much room it takes, keeps that list (RECORD) so the page
 * says it again later, and offers to remove the saved circuit (what no other saved circuit uses).
 */
'use strict';

const LegendaOffline = (() => {
  /** Sent with every fetch made here: the server counts no visit, nor listening, for it. */
  const SAVE = { 'Legenda-Save': '1' };
  const PAGE_HEADER = 'X-Legenda-Page';
  /** A stop still being translated is asked again after this long, until the deadline. */
  const RETRY_MS = 2000;
  const DEADLINE_MS = 3 * 60 * 1000;
  const PARALLEL = 3;
  /** public/sw.js's caches (offline.test.ts checks they agree) and its header for QR codes. */
  const PAGES = 'legenda-pages-v1';
  const MEDIA = 'legenda-media-v1';
  const SAVED = 'legenda-saved-v1';
  const LEADS_TO = 'x-legenda-leads-to';
  /** Where a saved circuit's list is kept in SAVED, before the circuit's path: no page's address. */
  const RECORD = '/.saved';
  /** Video sites a museum may link to; their videos need the network. */
  const ELSEWHERE = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com)$/i;
  /** A sound's block number as /speech takes it: 0 is the public title (reader/speech/speech.ts). */
  const BLOCK = /^(0|[1-9]\d{0,4})$/;

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const unique = (list) => [...new Set(list)];
  const primary = (tag) =>
    String(tag || '')
      .toLowerCase()
      .split(/[-_]/)[0];

  /** A path of this site ('/article?…', no fragment), else undefined. */
  function local(href) {
    try {
      const url = new URL(String(href), location.href);
      return url.origin === location.origin ? url.pathname + url.search : undefined;
    } catch {
      return undefined;
    }
  }

  const upload = (href) => {
    const path = local(href);
    return path && path.startsWith('/media/') && !path.includes('..') ? path : undefined;
  };

  /**
   * What a stop's page plays, from what it shows (readPage): its audio files, the server's sounds
   * its Listen would fetch on this phone (`own(lang)`: the phone has a voice for it), its videos
   * and their subtitles, the Listen script, and how many videos it links to on other sites.
   * Only uploads and sounds of this site; anything else is left out.
   */
  function savesOf(found, own) {
    const listen = found.listen;
    let sounds = [];
    const scripts = [];
    if (listen) {
      const script = local(listen.script || '');
      if (script && script.startsWith('/listen.js?')) scripts.push(script);
      const server = listen.server ? local(listen.server) : undefined;
      const useServer = listen.voice === 'server' || !own(listen.lang);
      if (server && server.startsWith('/speech?') && server.endsWith('&block=') && useServer) {
        const blocks = String(listen.blocks || '').split(',');
        sounds = unique(blocks.filter((b) => BLOCK.test(b)).map((b) => server + b));
      }
    }
    const elsewhere = (found.links || []).filter((href) => {
      try {
        const url = new URL(String(href));
        return /^https?:$/.test(url.protocol) && ELSEWHERE.test(url.hostname);
      } catch {
        return false;
      }
    });
    return {
      audio: unique((found.audio || []).map(upload).filter(Boolean)),
      sounds,
      videos: unique((found.videos || []).map(upload).filter(Boolean)),
      tracks: unique((found.tracks || []).map(upload).filter(Boolean)),
      scripts,
      elsewhere: unique(elsewhere).length,
    };
  }

  /** The circuit's list: every stop's (savesOf), each file once; the videos apart. */
  function planOf(stops) {
    const all = (key) => unique(stops.flatMap((s) => s[key]));
    return {
      audio: all('audio'),
      sounds: all('sounds'),
      videos: all('videos'),
      tracks: all('tracks'),
      scripts: all('scripts'),
      elsewhere: stops.reduce((n, s) => n + s.elsewhere, 0),
    };
  }

  /** The videos' size from their HEAD answers' Content-Length (unknown ones count nothing). */
  function videoBytes(lengths) {
    return lengths.reduce((sum, value) => {
      const n = Number(value);
      return Number.isSafeInteger(n) && n > 0 ? sum + n : sum;
    }, 0);
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

  /**
   * What the block says of a saved circuit (its RECORD): what was saved and its size, or what is
   * missing; then, on a line of its own, the sounds not made yet and the videos on other sites.
   */
  function summary(words, record, lang) {
    const videos = record.videosSaved ? record.videos.length : 0;
    const values = {
      stops: record.stops,
      sounds: record.sounds.length,
      videos,
      size: size(record.bytes + (record.videosSaved ? record.videoBytes : 0), lang),
    };
    const notes = [];
    if (record.skipped > 0) notes.push(fill(words.soundsLater, { skipped: record.skipped }));
    if (record.elsewhere > 0) notes.push(fill(words.elsewhere, { count: record.elsewhere }));
    return {
      status:
        record.failed > 0
          ? fill(words.failed, { failed: record.failed, total: record.total })
          : fill(videos > 0 ? words.savedVideos : words.saved, values),
      notes: notes.join(' '),
    };
  }

  // --- In the page ------------------------------------------------------------------------------

  /** What a page shows that savesOf reads. */
  function readPage(doc) {
    const attr = (selector, name) =>
      [...doc.querySelectorAll(selector)].map((el) => el.getAttribute(name) || '');
    const listen = doc.querySelector('[data-listen]');
    return {
      audio: attr('.reader-audio audio[src]', 'src'),
      listen: listen && {
        server: listen.dataset.server,
        blocks: listen.dataset.blocks,
        voice: listen.dataset.voice,
        lang: listen.dataset.lang,
        script: listen.dataset.script,
      },
      videos: attr('video[src]', 'src'),
      tracks: attr('video track[src]', 'src'),
      links: attr('a[href]', 'href'),
    };
  }

  const ownVoice = (lang) => {
    const synth = window.speechSynthesis;
    return !!synth && synth.getVoices().some((v) => primary(v.lang) === primary(lang));
  };

  const isKept = (path) => caches.match(path, { ignoreVary: true }).then(Boolean, () => false);

  /** Fetches through the worker (which keeps it); the bytes kept, or -1. */
  async function fetched(path) {
    try {
      const response = await fetch(path, { headers: SAVE });
      if (!response.ok) return -1;
      const bytes = (await response.blob()).size;
      return (await isKept(path)) ? bytes : -1;
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

  /**
   * One server sound: its bytes, 0 when the page has nothing to read there (404), 'skip' when it
   * cannot be made now: past the visitor's limits (waited out while the save has time), the
   * museum's budget spent ('paused', then no other is asked), or the engine failing.
   */
  async function speech(path, deadline, state) {
    for (;;) {
      if (state.paused) return 'skip';
      let response;
      try {
        response = await fetch(path, { headers: SAVE });
      } catch {
        return 'skip';
      }
      if (response.status === 404) return 0;
      if (response.ok) {
        const bytes = (await response.blob()).size;
        return (await isKept(path)) ? bytes : 'skip';
      }
      const wait = Number(response.headers.get('retry-after')) * 1000;
      if (response.status === 429 && wait > 0 && Date.now() + wait < deadline) {
        await sleep(wait);
        continue;
      }
      // The museum's budget spent: no other sound is asked (listen.js reads the same code).
      const code = await response.json().then(
        (body) => body && body.error && body.error.code,
        () => undefined,
      );
      if (code === 'speech_paused') state.paused = true;
      return 'skip';
    }
  }

  /** Runs `work` on every item, PARALLEL at a time. */
  async function each(items, work) {
    const queue = [...items];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
      }),
    );
  }

  /** The `data-*` JSON of a list of paths, or of an object. */
  function parsed(json, fallback) {
    try {
      const value = JSON.parse(json || '');
      return value && typeof value === 'object' ? value : fallback;
    } catch {
      return fallback;
    }
  }

  /** Each QR code whose page is kept, remembered with it: scanned offline, it opens that page. */
  async function rememberCodes(codes) {
    const kept = [];
    await Promise.all(
      Object.keys(codes).map(async (code) => {
        const path = local(String(codes[code]));
        if (!path || !(await isKept(path))) return;
        try {
          const cache = await caches.open(PAGES);
          const key = `/r/${encodeURIComponent(code)}`;
          const headers = { [LEADS_TO]: path, 'x-legenda-kept-at': String(Date.now()) };
          await cache.put(key, new Response(null, { headers }));
          kept.push(key);
        } catch {
          // A full disk: that code needs the network, as before.
        }
      }),
    );
    return kept;
  }

  async function readRecord(circuit) {
    const kept = await caches.match(RECORD + circuit).catch(() => undefined);
    return kept ? parsed(await kept.text(), undefined) : undefined;
  }

  async function writeRecord(circuit, record) {
    try {
      const cache = await caches.open(SAVED);
      const headers = { 'content-type': 'application/json' };
      await cache.put(RECORD + circuit, new Response(JSON.stringify(record), { headers }));
    } catch {
      // A full disk: the circuit is saved, the page only forgets to say so later.
    }
  }

  /**
   * The pages (the circuit's, then its stops'), each as it is finally shown, and their pictures:
   * what the stops play (savesOf, one a stop), and how it went.
   */
  async function savePages(save) {
    const { pages, circuit, tally } = save;
    const pictures = new Set();
    const found = [];
    await each(pages, async (path) => {
      let ok = false;
      const page = await finalPage(path, save.deadline);
      if (page) {
        tally.bytes += page.bytes;
        ok = true;
        const doc = new DOMParser().parseFromString(page.html, 'text/html');
        if (path !== circuit) found.push(savesOf(readPage(doc), ownVoice));
        for (const src of await self.LegendaReader.imagesIn(doc)) {
          if (pictures.has(src)) continue;
          pictures.add(src);
          const got = await fetched(src);
          if (got < 0) ok = false;
          else tally.bytes += got;
        }
        ok = ok && (await isKept(path));
      }
      save.step(ok);
    });
    return { found, pictures: [...pictures] };
  }

  /** What the stops play: the recordings and the Listen script, then the voice's sounds stop by stop. */
  async function saveSounds(save, plan, found) {
    const { tally } = save;
    const sounds = [];
    await each([...plan.audio, ...plan.scripts], async (path) => {
      const got = await fetched(path);
      if (got >= 0) tally.bytes += got;
      if (got >= 0 && plan.audio.includes(path)) sounds.push(path);
      save.step(got >= 0);
    });
    const state = { paused: false };
    let skipped = 0;
    // A stop's blocks one after the other: the first lets the others through the limits.
    const byStop = found.map((s) => s.sounds).filter((list) => list.length > 0);
    await each(byStop, async (list) => {
      for (const path of list) {
        const got = await speech(path, save.deadline, state);
        if (got === 'skip') skipped += 1;
        else if (got > 0) {
          tally.bytes += got;
          sounds.push(path);
        }
        save.step(true);
      }
    });
    return { sounds, skipped };
  }

  /** The videos' size, from their HEAD answers (nothing fetched of them). */
  async function weighVideos(videos) {
    const lengths = await Promise.all(
      videos.map((path) =>
        fetch(path, { method: 'HEAD' }).then(
          (r) => (r.ok ? r.headers.get('content-length') : null),
          () => null,
        ),
      ),
    );
    return videoBytes(lengths);
  }

  /** Saves the circuit (all but its videos); its RECORD. `where`: the block's addresses. */
  async function saveCircuit(where, progress) {
    const { circuit, stops } = where;
    const pages = unique([circuit, ...stops]);
    const tally = { bytes: 0, failed: 0, done: 0, total: pages.length };
    const save = {
      circuit,
      pages,
      tally,
      deadline: Date.now() + DEADLINE_MS,
      step(ok) {
        tally.done += 1;
        if (!ok) tally.failed += 1;
        progress(tally.done, tally.total);
      },
    };
    progress(0, tally.total);
    const { found, pictures } = await savePages(save);
    const plan = planOf(found);
    tally.total += plan.audio.length + plan.scripts.length + plan.sounds.length;
    const { sounds, skipped } = await saveSounds(save, plan, found);
    return {
      stops: stops.length,
      pages,
      pictures,
      sounds,
      codes: await rememberCodes(where.codes),
      videos: plan.videos,
      tracks: plan.tracks,
      videoBytes: await weighVideos(plan.videos),
      videosSaved: false,
      elsewhere: plan.elsewhere,
      skipped,
      failed: tally.failed,
      total: pages.length + plan.audio.length + plan.scripts.length,
      bytes: tally.bytes,
    };
  }

  /** The videos and their subtitles, the second step; the RECORD with them, or null. */
  async function saveVideos(record, progress, failed) {
    const files = [...record.videos, ...record.tracks];
    let done = 0;
    let missing = 0;
    let bytes = 0;
    progress(done, files.length);
    await each(files, async (path) => {
      const got = await fetched(path);
      if (got < 0) missing += 1;
      else bytes += got;
      done += 1;
      progress(done, files.length);
    });
    if (missing > 0) {
      failed(missing, files.length);
      return null;
    }
    return { ...record, videosSaved: true, videoBytes: bytes };
  }

  /** Deletes what a saved circuit kept and no other saved circuit lists, then its RECORD. */
  async function removeCircuit(circuit, record) {
    const saved = await caches.open(SAVED);
    const others = new Set();
    for (const key of await saved.keys()) {
      const path = local(key.url);
      if (!path || !path.startsWith(RECORD) || path === RECORD + circuit) continue;
      const other = await readRecord(path.slice(RECORD.length));
      for (const name of ['pages', 'pictures', 'sounds', 'videos', 'tracks', 'codes']) {
        for (const p of (other && other[name]) || []) others.add(p);
      }
    }
    const drop = async (name, list) => {
      const cache = await caches.open(name);
      const gone = (list || []).filter((p) => !others.has(p));
      await Promise.all(gone.map((p) => cache.delete(p, { ignoreVary: true })));
    };
    await drop(PAGES, [...record.pages, ...record.codes]);
    await drop(MEDIA, record.pictures);
    await drop(SAVED, [...record.sounds, ...record.videos, ...record.tracks]);
    await saved.delete(RECORD + circuit);
  }

  /** The block's parts and words, read once. */
  function parts(block) {
    const data = block.dataset;
    return {
      save: block.querySelector('button'),
      status: block.querySelector('[role="status"]'),
      notes: block.querySelector('[data-notes]'),
      step: block.querySelector('[data-videos]'),
      remover: block.querySelector('[data-remove]'),
      lang: block.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang,
      words: {
        saved: data.saved,
        savedVideos: data.savedVideos,
        failed: data.failed,
        soundsLater: data.soundsLater,
        elsewhere: data.elsewhere,
      },
    };
  }

  /** Reveals the block and drives it: save, the videos' step, remove; what is saved, said again. */
  function start(doc) {
    const block = doc.querySelector('[data-offline-save]');
    if (!block || !block.querySelector('button') || block.dataset.ready) return;
    block.dataset.ready = '1';
    const data = block.dataset;
    const el = parts(block);
    const list = parsed(data.stops, []);
    const where = {
      circuit: local(data.circuit || '') || location.pathname + location.search,
      stops: (Array.isArray(list) ? list : []).map(local).filter(Boolean),
      codes: parsed(data.codes, {}),
    };
    let record;
    const say = (text, notes = '') => {
      if (el.status) el.status.textContent = text;
      if (el.notes) el.notes.textContent = notes;
    };
    const progress = (done, total) => say(fill(data.saving, { done, total }));
    const failed = (n, total) => say(fill(data.failed, { failed: n, total }));
    /** The block as the record says: the summary, Remove, and the videos' step when offered. */
    const show = () => {
      if (el.remover) el.remover.hidden = !record;
      if (el.step) el.step.hidden = true;
      if (!record) return;
      const said = summary(el.words, record, el.lang);
      say(said.status, said.notes);
      block.dataset.state = record.failed > 0 ? 'failed' : 'saved';
      const offer = !record.videosSaved && record.videos.length > 0 && record.failed === 0;
      if (el.step && offer) {
        el.step.hidden = false;
        const ask = fill(data.videosAsk, { size: size(record.videoBytes, el.lang) });
        el.step.querySelector('p').textContent = ask;
      }
    };
    /** One of the block's actions, its buttons off meanwhile. */
    const act = (work) => async () => {
      const buttons = [...block.querySelectorAll('button')];
      buttons.forEach((b) => (b.disabled = true));
      try {
        await work();
      } catch {
        failed(1, 1);
      }
      buttons.forEach((b) => (b.disabled = false));
    };
    const on = (button, work) => button && button.addEventListener('click', act(work));
    on(el.save, async () => {
      if (el.step) el.step.hidden = true;
      // Chosen by the visitor: asked to be kept when the phone runs short of room (the browser
      // decides, asking nothing or the visitor).
      navigator.storage?.persist?.().catch(() => undefined);
      record = await saveCircuit(where, progress);
      await writeRecord(where.circuit, record);
      show();
    });
    on(el.step && el.step.querySelector('button'), async () => {
      const withVideos = await saveVideos(record, progress, failed);
      if (!withVideos) return;
      record = withVideos;
      await writeRecord(where.circuit, record);
      show();
    });
    on(el.remover, async () => {
      await removeCircuit(where.circuit, record);
      record = undefined;
      show();
      say(data.removed);
      block.dataset.state = 'removed';
    });
    block.hidden = false;
    void readRecord(where.circuit).then((kept) => {
      if (kept && !record) {
        record = kept;
        show();
      }
    });
  }

  return { local, savesOf, planOf, videoBytes, fill, size, summary, start };
})();

if (typeof document !== 'undefined' && self.LegendaReader) LegendaOffline.start(document);
