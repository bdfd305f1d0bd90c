/*
 * Read aloud (ADR 0019; reader/speech/speech.ts says more). Loaded by reader.js when a visitor first
 * presses Listen, and starts at once; the button then pauses and goes on. Its words and
 * addresses come from the Listen block's data attributes.
 * - The browser's voice (data-use="browser"): the title and the blocks' texts, taken from the
 *   page in order, spoken in short pieces (Chromium stops long utterances), nothing sent anywhere.
 * - The server's (data-use="server"): each block's sound from /speech, in order, the next one
 *   asked for while one plays; a failure says 'not available right now', or why: too many new
 *   pages at once (429), or reading aloud paused (503 speech_paused).
 */
(() => {
  'use strict';
  const found = /** @type {HTMLElement | null} */ (document.querySelector('[data-listen]'));
  const button = found && found.querySelector('button');
  if (!found || !button || found.dataset.ready) return;
  const block = found;
  block.dataset.ready = '1';
  const status = block.querySelector('[role="status"]');
  const synth = window.speechSynthesis;
  const label = button.textContent;
  const lang = block.dataset.lang || '';
  /** The texts a page shows as words (block-views.ts), not a sound's transcript (the sound says it). */
  const WORDS =
    '.reader-text,.reader-link-text,.reader-legend-text,.reader-summary,.reader-audio-caption';
  const MAX = 200;
  /** @type {string[]} */
  let items = [];
  let at = 0;
  let playing = false;
  let run = 0;
  /** @type {HTMLAudioElement | undefined} */
  let audio;
  let told = false;

  /** @param {string | undefined} text */
  const say = (text) => {
    if (status) status.textContent = text || '';
  };
  /** @param {boolean} on */
  const set = (on) => {
    playing = on;
    button.textContent = on ? block.dataset.pause || '' : label;
    button.setAttribute('aria-pressed', String(on));
  };
  const fail = () => {
    stop();
    say(block.dataset.unavailable);
  };
  /**
   * A server sound that did not come: asked again to learn why (an <audio> cannot tell), so the
   * visitor reads 'too many at once' (429) or 'paused' (503 speech_paused) instead.
   * @param {number} i
   */
  const failed = (i) => {
    fail();
    fetch(src(i))
      .then(async (res) => {
        if (res.status === 429) return say(block.dataset.busy);
        const code = res.status === 503 && (await res.json()).error.code;
        if (code === 'speech_paused') say(block.dataset.paused);
      })
      .catch(() => undefined);
  };

  /** A text in pieces of at most MAX characters, cut after a sentence where one ends. @param {string} text */
  function pieces(text) {
    const out = [];
    let rest = text.replace(/\s+/g, ' ').trim();
    while (rest.length > MAX) {
      const head = rest.slice(0, MAX);
      let cut = Math.max(
        ...['. ', '! ', '? ', '; ', '。', '！', '？', '、', ', '].map((m) => head.lastIndexOf(m)),
      );
      cut = cut > MAX / 3 ? cut + 1 : head.lastIndexOf(' ');
      if (cut <= 0) cut = MAX;
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
    return out;
  }

  /** The title the page shows above the blocks (the museum's own), then the blocks' words. */
  function texts() {
    const title = document.querySelector('.reader-title');
    const blocks = [...document.querySelectorAll('.reader-blocks :is(' + WORDS + ')')].filter(
      (el) => !el.closest('.reader-audio details'),
    );
    return (title ? [title, ...blocks] : blocks).flatMap((el) => pieces(el.textContent || ''));
  }

  /** @param {number} i @param {number} mine */
  function speakFrom(i, mine) {
    if (mine !== run) return;
    if (i >= items.length) return done();
    at = i;
    const utterance = new SpeechSynthesisUtterance(items[i]);
    utterance.lang = lang;
    const primary = lang.toLowerCase().split('-')[0];
    const voice = synth
      .getVoices()
      .find((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === primary);
    if (voice) utterance.voice = voice;
    utterance.onend = () => speakFrom(i + 1, mine);
    utterance.onerror = (event) => {
      if (mine !== run || event.error === 'interrupted' || event.error === 'canceled') return;
      fail();
    };
    synth.speak(utterance);
  }

  /** @param {number} i */
  const src = (i) => `${block.dataset.server}${items[i]}`;

  /** @param {number} i @param {number} mine */
  function playFrom(i, mine) {
    if (mine !== run) return;
    if (i >= items.length) return done();
    at = i;
    audio = new Audio(src(i));
    audio.onended = () => playFrom(i + 1, mine);
    audio.onerror = () => mine === run && failed(i);
    audio.play().then(
      // Made while this one plays: no silence between blocks on a first listening.
      () => void (i + 1 < items.length && fetch(src(i + 1)).catch(() => undefined)),
      () => mine === run && failed(i),
    );
  }

  function done() {
    stop();
    at = 0;
  }

  function stop() {
    run += 1;
    set(false);
    if (synth && block.dataset.use === 'browser') synth.cancel();
    if (audio) audio.pause();
  }

  function start() {
    say('');
    const server = block.dataset.use === 'server';
    if (!told && block.dataset.listened && !server && navigator.sendBeacon) {
      // The server's voice is counted where its first block is asked for (speech-service.ts).
      navigator.sendBeacon(block.dataset.listened);
    }
    told = true;
    if (items.length === 0) {
      items = server ? (block.dataset.blocks || '').split(',').filter(Boolean) : texts();
    }
    if (items.length === 0) return;
    set(true);
    const mine = ++run;
    if (!server) {
      synth.cancel();
      speakFrom(at, mine);
    } else if (audio && audio.src.endsWith(src(at)) && !audio.ended && !audio.error) {
      audio.onended = () => playFrom(at + 1, mine);
      audio.onerror = () => mine === run && failed(at);
      audio.play().catch(() => mine === run && failed(at));
    } else {
      playFrom(at, mine);
    }
  }

  button.addEventListener('click', () => (playing ? stop() : start()));
  addEventListener('pagehide', () => synth && block.dataset.use === 'browser' && synth.cancel());
  start();
})();
