/*
 * A circuit's save for offline reading, its second part (offline.js says what a save does): the
 * service worker's caches (public/sw.js) as a save uses them: what is kept, the QR codes that
 * lead to a kept page, the saved circuit's list (RECORD) and its removal. Needs offline-plan.js.
 */
'use strict';
/* global LegendaOfflinePlan */

const LegendaOfflineKeep = (() => {
  const { local, parsed } = LegendaOfflinePlan;
  /** public/sw.js's caches (offline.test.ts checks they agree) and its header for QR codes. */
  const PAGES = 'legenda-pages-v1';
  const MEDIA = 'legenda-media-v1';
  const SAVED = 'legenda-saved-v1';
  const LEADS_TO = 'x-legenda-leads-to';
  /** Where a saved circuit's list is kept in SAVED, before the circuit's path: no page's address. */
  const RECORD = '/.saved';

  /** @param {string} path */
  const isKept = (path) => caches.match(path, { ignoreVary: true }).then(Boolean, () => false);

  /**
   * Each QR code whose page is kept, remembered with it: scanned offline, it opens that page.
   * @param {OfflineWhere['codes']} codes
   */
  async function rememberCodes(codes) {
    /** @type {string[]} */
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

  /** A saved circuit's RECORD, if it was saved. @param {string} circuit */
  async function readRecord(circuit) {
    const kept = await caches.match(RECORD + circuit).catch(() => undefined);
    /** @type {OfflineRecord | undefined} */
    const none = undefined;
    return kept ? parsed(await kept.text(), none) : none;
  }

  /** @param {string} circuit @param {OfflineRecord} record */
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
   * Deletes what a saved circuit kept and no other saved circuit lists, then its RECORD.
   * @param {string} circuit
   * @param {OfflineRecord} record
   */
  async function removeCircuit(circuit, record) {
    const saved = await caches.open(SAVED);
    /** @type {Set<string>} */
    const others = new Set();
    for (const key of await saved.keys()) {
      const path = local(key.url);
      if (!path || !path.startsWith(RECORD) || path === RECORD + circuit) continue;
      const other = await readRecord(path.slice(RECORD.length));
      const lists = /** @type {const} */ ([
        'pages',
        'pictures',
        'sounds',
        'videos',
        'tracks',
        'codes',
      ]);
      for (const name of lists) {
        for (const p of (other && other[name]) || []) others.add(p);
      }
    }
    /** @param {string} name @param {string[]} list */
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

  return { isKept, rememberCodes, readRecord, writeRecord, removeCircuit };
})();
