import { randomUUID } from 'node:crypto';
import { devices, type Browser, type Page } from '@playwright/test';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import { expect, expectNoViolations, MUSEUM_SETTINGS, post, test } from './fixtures.ts';
import { FAKE_ENGINE_URL } from './settings.ts';

/**
 * Read aloud (ADR 0019): a visitor reading in Japanese presses Listen and hears the
 * article, in order. The browser's voice is tested with speechSynthesis stubbed in the page
 * (headless Chromium has no voices): the utterances' texts and language, nothing asked of the
 * speech engine. The server's voice (the museum's setting) plays each block's sound from the
 * fake engine's stand-in speech engine, one call per block and language and then none; the sound
 * is served as audio/mpeg and decodes; without JavaScript the sounds are plain players; a hung
 * engine leaves the page as it is and the button says it is not available right now, and a
 * refused sound (too many pages at once, or paused) says why. Holds
 * MUSEUM_SETTINGS: it changes the museum's voice setting.
 */

const PIXEL = devices['Pixel 7'];
const ja = uiStrings('ja');
const ko = uiStrings('ko');

interface SpeechCall {
  input: string;
  model: string;
  voice: string;
  responseFormat: string;
}

async function speechCalls(page: Page, tag: string): Promise<SpeechCall[]> {
  const answer = await page.request.get(`${FAKE_ENGINE_URL}/_speech`);
  const { calls } = (await answer.json()) as { calls: SpeechCall[] };
  return calls.filter((call) => call.input.includes(tag));
}

const speechBehaviour = (page: Page, type: 'ok' | 'hang') =>
  page.request.post(`${FAKE_ENGINE_URL}/_speech`, { data: { type } });

/**
 * An article with a public title and three blocks with words (and a picture-less space between),
 * its name and id.
 */
async function publish(page: Page, tag: string) {
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  const name = `ecoute-${tag}`;
  await post(page, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name, backgroundColor: '#341539', publicTitle: `Le phare ${tag}` },
      { type: 'text', content: `Bienvenue au musée ${tag}.` },
      { type: 'space', size: 20 },
      {
        type: 'accordion',
        header: { content: `Le port ${tag}` },
        details: [{ type: 'text', content: `Les navires ${tag}.` }],
      },
      { type: 'text', content: `Bonne visite ${tag} !` },
    ],
    unformatted_name: `Écoute ${tag}`,
    instructions: '',
  });
  return { id, name };
}

/** A phone reading the article in a language, once its translation is whole (no progress page). */
async function phone(browser: Browser, baseURL: string, path: string, stub = false) {
  const context = await browser.newContext({ ...PIXEL, baseURL });
  const page = await context.newPage();
  if (stub) {
    await page.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = [];
      (window as unknown as { spoken: typeof spoken }).spoken = spoken;
      const voices = [{ lang: 'ja-JP', name: 'Kyoko', default: true, localService: true }];
      const events = new EventTarget();
      class Utterance {
        text: string;
        lang = '';
        voice: unknown = null;
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(text: string) {
          this.text = text;
        }
      }
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          getVoices: () => voices,
          speak(u: Utterance) {
            spoken.push({ text: u.text, lang: u.lang });
            setTimeout(() => u.onend?.(), 20);
          },
          cancel() {},
          addEventListener: events.addEventListener.bind(events),
        },
      });
    });
  }
  // Until the translation is whole, the page is the progress page: opened again until it is not.
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.locator('[data-listen]').count();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(1);
  return { context, page };
}

test.describe('read aloud', MUSEUM_SETTINGS, () => {
  test.describe.configure({ mode: 'serial' });

  test('a Japanese visitor listens with the phone’s own voice: the texts in order, in Japanese, nothing sent', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id, name } = await publish(page, tag);
    const visitor = await phone(browser, baseURL!, `/article?name=${name}&lang=ja`, true);
    const listen = visitor.page.getByRole('button', { name: ja.listen, exact: true });
    await expect(listen).toBeVisible();
    await expectNoViolations(visitor.page);
    const beacon = visitor.page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/listened?'),
    );
    await listen.click();
    await beacon;
    await expect
      .poll(() => visitor.page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken))
      .toEqual([
        // The title first, as the page shows it above the blocks.
        { text: `[ja] Le phare ${tag}`, lang: 'ja' },
        { text: `[ja] Bienvenue au musée ${tag}.`, lang: 'ja' },
        { text: `[ja] Le port ${tag}`, lang: 'ja' },
        { text: `[ja] Les navires ${tag}.`, lang: 'ja' },
        { text: `[ja] Bonne visite ${tag} !`, lang: 'ja' },
      ]);
    // Read to the end: the button is Listen again; the speech engine was never asked.
    await expect(listen).toHaveAttribute('aria-pressed', 'false');
    expect(await speechCalls(page, tag)).toEqual([]);
    // Counted once, for the article in Japanese (counts are written every second).
    await expect
      .poll(async () => {
        const csv = await page.request.get(
          `/api/stats/listened-per-language?articleId=${id}&lang=en&format=csv`,
        );
        return (await csv.text()).trim().split('\r\n').at(-1);
      })
      .toMatch(/,1$/);
    await visitor.context.close();
  });

  test('with the server’s voice, each block’s sound is made once, served as audio/mpeg and decoded; without JavaScript, plain players; a hung engine says not available', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn();
    const before = await (await page.request.get('/api/read/settings')).json();
    const tag = randomUUID().slice(0, 8);
    const { name } = await publish(page, tag);
    try {
      await post(page, 'update_settings', {
        sourceLanguage: before.sourceLanguage,
        timeZone: before.timeZone,
        speech: { voice: 'browser', otherLanguages: ['ja', 'ko'] },
      });
      const visitor = await phone(browser, baseURL!, `/article?name=${name}&lang=ja`);
      const listen = visitor.page.getByRole('button', { name: ja.listen, exact: true });
      await expect(listen).toBeVisible();
      const first = visitor.page.waitForResponse((r) => r.url().includes('/speech?'));
      await listen.click();
      const sound = await first;
      // The player asks for a byte range (Chromium sends bytes=0-): answered with one.
      const range = sound.request().headers()['range'];
      expect(sound.status()).toBe(range ? 206 : 200);
      if (range) expect(sound.headers()['content-range']).toMatch(/^bytes 0-\d+\/\d+$/);
      expect(sound.headers()['accept-ranges']).toBe('bytes');
      expect(sound.headers()['content-type']).toBe('audio/mpeg');
      await expect(visitor.page.getByRole('button', { name: ja.pause })).toBeVisible();
      // Played to the end, block after block: the button is Listen again.
      await expect(listen).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
      const made = await speechCalls(page, tag);
      expect(made.map((c) => c.input)).toEqual([
        `[ja] Le phare ${tag}`,
        `[ja] Bienvenue au musée ${tag}.`,
        `[ja] Le port ${tag}\n[ja] Les navires ${tag}.`,
        `[ja] Bonne visite ${tag} !`,
      ]);
      expect(made[0]).toMatchObject({ model: 'tts-fake', voice: 'nova', responseFormat: 'mp3' });
      // It decodes: a real sound, not just bytes with a type.
      const duration = await visitor.page.evaluate(
        async (src) => {
          const bytes = await (await fetch(src)).arrayBuffer();
          return (await new AudioContext().decodeAudioData(bytes)).duration;
        },
        new URL(sound.url()).pathname + new URL(sound.url()).search,
      );
      expect(duration).toBeGreaterThan(0.5);
      // A second listening, another visitor: no engine call.
      await visitor.page.reload();
      await visitor.page.getByRole('button', { name: ja.listen, exact: true }).click();
      await expect(listen).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
      expect(await speechCalls(page, tag)).toHaveLength(4);
      await visitor.context.close();

      // Without JavaScript: one player per block, each a sound of this site.
      const plain = await browser.newContext({ ...PIXEL, baseURL, javaScriptEnabled: false });
      const noScript = await plain.newPage();
      await noScript.goto(`/article?name=${name}&lang=ja`);
      const players = noScript.locator('.reader-listen audio');
      await expect(players).toHaveCount(4);
      await expect(noScript.getByRole('button', { name: ja.listen })).toHaveCount(0);
      const src = await players.first().getAttribute('src');
      const direct = await noScript.request.get(src!);
      expect(direct.headers()['content-type']).toBe('audio/mpeg');
      await plain.close();

      // A hung speech engine: the page reads as ever, the button says it is not available.
      await speechBehaviour(page, 'hang');
      const korean = await phone(browser, baseURL!, `/article?name=${name}&lang=ko`);
      await korean.page.getByRole('button', { name: ko.listen, exact: true }).click();
      await expect(
        korean.page.getByRole('status').filter({ hasText: ko.listenUnavailable }),
      ).toBeVisible({
        timeout: 15_000,
      });
      await expect(korean.page.locator('.reader-text').first()).toHaveText(
        `[ko] Bienvenue au musée ${tag}.`,
      );
      await expectNoViolations(korean.page);
      // Too many new pages read aloud at once (429), or reading aloud paused by the museum's
      // budget (503 speech_paused): the button says which, in the visitor's language.
      // On the context: the sounds are asked through the service worker (public/sw.js keeps
      // a saved circuit's), whose requests the page's routes do not see.
      const refuse = (status: number, code: string) =>
        korean.context.route('**/speech?**', (route) =>
          route.fulfill({
            status,
            headers: { 'Retry-After': '60' },
            contentType: 'application/json',
            body: JSON.stringify({ error: { code, message: code } }),
          }),
        );
      for (const [status, code, said] of [
        [429, 'too_many_sounds', ko.listenBusy],
        [503, 'speech_paused', ko.listenPaused],
      ] as const) {
        await korean.context.unrouteAll();
        await refuse(status, code);
        await korean.page.getByRole('button', { name: ko.listen, exact: true }).click();
        await expect(korean.page.getByRole('status').filter({ hasText: said })).toBeVisible();
      }
      await korean.context.close();
    } finally {
      await speechBehaviour(page, 'ok');
      await post(page, 'update_settings', {
        sourceLanguage: before.sourceLanguage,
        timeZone: before.timeZone,
        speech: before.speech,
      });
    }
  });
});
