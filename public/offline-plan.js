/*
 * A circuit's save for offline reading, its first part (offline.js says what a save does; the
 * four scripts load in this order: offline-plan.js, offline-keep.js, offline-save.js, offline.js): what a save
 * keeps, read from what each stop's page shows, and what the block then says. Nothing here
 * fetches or touches the page (offline-save.test.ts runs it as it is).
 */
'use strict';

const LegendaOfflinePlan = (() => {
  /** Video sites a museum may link to; their videos need the network. */
  const ELSEWHERE = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com)$/i;
  /** A sound's block number as /speech takes it: 0 is the public title (reader/speech/speech.ts). */
  const BLOCK = /^(0|[1-9]\d{0,4})$/;

  /** @type {(list: string[]) => string[]} */
  const unique = (list) => [...new Set(list)];
  /** The paths found, each once. @type {(list: (string | undefined)[]) => string[]} */
  const paths = (list) => unique(/** @type {string[]} */ (list.filter(Boolean)));

  /** A path of this site ('/article?…', no fragment), else undefined. @param {unknown} href */
  function local(href) {
    try {
      const url = new URL(String(href), location.href);
      return url.origin === location.origin ? url.pathname + url.search : undefined;
    } catch {
      return undefined;
    }
  }

  /** @param {string} href */
  const upload = (href) => {
    const path = local(href);
    return path && path.startsWith('/media/') && !path.includes('..') ? path : undefined;
  };

  /**
   * What a stop's page plays, from what it shows (readPage): its audio files, the server's sounds
   * its Listen would fetch on this phone (`own(lang)`: the phone has a voice for it), its videos
   * and their subtitles, the Listen script, and how many videos it links to on other sites.
   * Only uploads and sounds of this site; anything else is left out.
   * @param {OfflineFound} found
   * @param {(lang: string | undefined) => boolean} own
   * @returns {OfflineSaves}
   */
  function savesOf(found, own) {
    const listen = found.listen;
    /** @type {string[]} */
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
      audio: paths((found.audio || []).map(upload)),
      sounds,
      videos: paths((found.videos || []).map(upload)),
      tracks: paths((found.tracks || []).map(upload)),
      scripts,
      elsewhere: unique(elsewhere).length,
    };
  }

  /**
   * The circuit's list: every stop's (savesOf), each file once; the videos apart.
   * @param {OfflineSaves[]} stops
   * @returns {OfflineSaves}
   */
  function planOf(stops) {
    /** @param {'audio' | 'sounds' | 'videos' | 'tracks' | 'scripts'} key */
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

  /**
   * The videos' size from their HEAD answers' Content-Length (unknown ones count nothing).
   * @param {(string | null)[]} lengths
   */
  function videoBytes(lengths) {
    return lengths.reduce((sum, value) => {
      const n = Number(value);
      return Number.isSafeInteger(n) && n > 0 ? sum + n : sum;
    }, 0);
  }

  /**
   * @param {string | undefined} template
   * @param {{ [name: string]: unknown }} values
   */
  function fill(template, values) {
    return (template || '').replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
    );
  }

  /** @param {number} bytes @param {string} lang */
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
   * @param {OfflineWords} words
   * @param {OfflineRecord} record
   * @param {string} lang
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

  /**
   * The `data-*` JSON of a list of paths, or of an object.
   * @template T
   * @param {string | undefined} json
   * @param {T} fallback
   * @returns {T}
   */
  function parsed(json, fallback) {
    try {
      const value = JSON.parse(json || '');
      return value && typeof value === 'object' ? value : fallback;
    } catch {
      return fallback;
    }
  }

  return { unique, local, savesOf, planOf, videoBytes, fill, size, summary, parsed };
})();
