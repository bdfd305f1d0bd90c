/*
 * A circuit page's 'Save this circuit for offline reading' (reader/offline.ts says how offline
 * reading works; reader/render/offline-block.ts writes the block and its words, which travel as
 * data attributes: these files carry none). Loaded by reader.js, only on a page with the block,
 * once the service worker (public/sw.js) controls it, after its three parts: offline-plan.js (what
 * a save keeps, what the block says), offline-keep.js (the worker's caches as a save uses them)
 * and offline-save.js (the fetches).
 * This file drives the block. A save fetches, through the worker which keeps them:
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
/* global LegendaOfflinePlan, LegendaOfflineKeep, LegendaOfflineSave */

const LegendaOffline = (() => {
  const { local, fill, size, summary, parsed } = LegendaOfflinePlan;
  const { saveCircuit, saveVideos } = LegendaOfflineSave;
  const { removeCircuit, readRecord, writeRecord } = LegendaOfflineKeep;

  /** The block's parts and words, read once. @param {HTMLElement} block */
  function parts(block) {
    const data = block.dataset;
    /** @param {string} selector */
    const find = (selector) => /** @type {HTMLElement | null} */ (block.querySelector(selector));
    /** @type {OfflineWords} */
    const words = {
      saved: data.saved,
      savedVideos: data.savedVideos,
      failed: data.failed,
      soundsLater: data.soundsLater,
      elsewhere: data.elsewhere,
    };
    return {
      save: block.querySelector('button'),
      status: find('[role="status"]'),
      notes: find('[data-notes]'),
      step: find('[data-videos]'),
      remover: find('[data-remove]'),
      lang: block.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang,
      words,
    };
  }

  /**
   * Reveals the block and drives it: save, the videos' step, remove; what is saved, said again.
   * @param {Document} doc
   */
  function start(doc) {
    const block = /** @type {HTMLElement | null} */ (doc.querySelector('[data-offline-save]'));
    if (!block || !block.querySelector('button') || block.dataset.ready) return;
    block.dataset.ready = '1';
    const data = block.dataset;
    const el = parts(block);
    /** @type {unknown[]} */
    const none = [];
    const list = parsed(data.stops, none);
    /** @type {OfflineWhere} */
    const where = {
      circuit: local(data.circuit || '') || location.pathname + location.search,
      stops: /** @type {string[]} */ ((Array.isArray(list) ? list : []).map(local).filter(Boolean)),
      codes: parsed(data.codes, {}),
    };
    /** @type {OfflineRecord | undefined} */
    let record;
    /** @param {string} text */
    const say = (text, notes = '') => {
      if (el.status) el.status.textContent = text;
      if (el.notes) el.notes.textContent = notes;
    };
    /** @type {OfflineProgress} */
    const progress = (done, total) => say(fill(data.saving, { done, total }));
    /** @type {OfflineProgress} */
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
        const line = el.step.querySelector('p');
        if (line) line.textContent = ask;
      }
    };
    /** One of the block's actions, its buttons off meanwhile. @param {() => Promise<void>} work */
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
    /** @param {Element | null} button @param {() => Promise<void>} work */
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
      if (!record) return;
      const withVideos = await saveVideos(record, progress, failed);
      if (!withVideos) return;
      record = withVideos;
      await writeRecord(where.circuit, record);
      show();
    });
    on(el.remover, async () => {
      if (!record) return;
      await removeCircuit(where.circuit, record);
      record = undefined;
      show();
      say(data.removed || '');
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

  return { start };
})();

if (typeof document !== 'undefined' && self.LegendaReader) LegendaOffline.start(document);
