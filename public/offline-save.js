/*
 * A circuit's save for offline reading, its third part (offline.js says what a save does): the
 * fetches through the service worker (public/sw.js), which keeps what they bring. Needs
 * offline-plan.js and offline-keep.js.
 */
'use strict';
/* global LegendaOfflinePlan, LegendaOfflineKeep */

const LegendaOfflineSave = (() => {
  const { unique, savesOf, planOf, videoBytes } = LegendaOfflinePlan;
  const { isKept, rememberCodes } = LegendaOfflineKeep;
  /** Sent with every fetch made here: the server counts no visit, nor listening, for it. */
  const SAVE = { 'Legenda-Save': '1' };
  const PAGE_HEADER = 'X-Legenda-Page';
  /** A stop still being translated is asked again after this long, until the deadline. */
  const RETRY_MS = 2000;
  const DEADLINE_MS = 3 * 60 * 1000;
  const PARALLEL = 3;

  /** @param {number} ms */
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  /** @param {unknown} tag */
  const primary = (tag) =>
    String(tag || '')
      .toLowerCase()
      .split(/[-_]/)[0];

  /** What a page shows that savesOf reads. @param {Document} doc @returns {OfflineFound} */
  function readPage(doc) {
    /** @param {string} selector @param {string} name */
    const attr = (selector, name) =>
      [...doc.querySelectorAll(selector)].map((el) => el.getAttribute(name) || '');
    const listen = /** @type {HTMLElement | null} */ (doc.querySelector('[data-listen]'));
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

  /** @param {string | undefined} lang */
  const ownVoice = (lang) => {
    const synth = window.speechSynthesis;
    return !!synth && synth.getVoices().some((v) => primary(v.lang) === primary(lang));
  };

  /** Fetches through the worker (which keeps it); the bytes kept, or -1. @param {string} path */
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

  /**
   * A page as the server finally shows it (not its progress page): { html, bytes } or null.
   * @param {string} path
   * @param {number} deadline
   */
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
   * @param {string} path
   * @param {number} deadline
   * @param {{ paused: boolean }} state
   * @returns {Promise<number | 'skip'>}
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

  /**
   * Runs `work` on every item, PARALLEL at a time.
   * @template T
   * @param {T[]} items
   * @param {(item: T) => Promise<void>} work
   */
  async function each(items, work) {
    const queue = [...items];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
      }),
    );
  }

  /**
   * The pages (the circuit's, then its stops'), each as it is finally shown, and their pictures:
   * what the stops play (savesOf, one a stop), and how it went.
   * @param {OfflineSaving} save
   */
  async function savePages(save) {
    const { pages, circuit, tally } = save;
    const reader = self.LegendaReader;
    /** @type {Set<string>} */
    const pictures = new Set();
    /** @type {OfflineSaves[]} */
    const found = [];
    await each(pages, async (path) => {
      let ok = false;
      const page = await finalPage(path, save.deadline);
      if (page) {
        tally.bytes += page.bytes;
        ok = true;
        const doc = new DOMParser().parseFromString(page.html, 'text/html');
        if (path !== circuit) found.push(savesOf(readPage(doc), ownVoice));
        for (const src of reader ? await reader.imagesIn(doc) : []) {
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

  /**
   * What the stops play: the recordings and the Listen script, then the voice's sounds stop by stop.
   * @param {OfflineSaving} save
   * @param {OfflineSaves} plan
   * @param {OfflineSaves[]} found
   */
  async function saveSounds(save, plan, found) {
    const { tally } = save;
    /** @type {string[]} */
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

  /** The videos' size, from their HEAD answers (nothing fetched of them). @param {string[]} videos */
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

  /**
   * Saves the circuit (all but its videos); its RECORD. `where`: the block's addresses.
   * @param {OfflineWhere} where
   * @param {OfflineProgress} progress
   * @returns {Promise<OfflineRecord>}
   */
  async function saveCircuit(where, progress) {
    const { circuit, stops } = where;
    const pages = unique([circuit, ...stops]);
    const tally = { bytes: 0, failed: 0, done: 0, total: pages.length };
    /** @type {OfflineSaving} */
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

  /**
   * The videos and their subtitles, the second step; the RECORD with them, or null.
   * @param {OfflineRecord} record
   * @param {OfflineProgress} progress
   * @param {OfflineProgress} failed
   * @returns {Promise<OfflineRecord | null>}
   */
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

  return { saveCircuit, saveVideos };
})();
