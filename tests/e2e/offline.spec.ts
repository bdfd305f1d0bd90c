import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { newBlock } from '../../src/features/articles/content.ts';
import { READER_SCRIPT, renderDocument } from '../../src/features/reader/render/document.ts';
import { PAGE_HEADER } from '../../src/features/reader/offline.ts';
import { OFFLINE_CSS, offlineSaveBlock } from '../../src/features/reader/render/offline-block.ts';
import { VISITOR_PAGE_CSP } from '../../src/features/reader/render/document.ts';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import { mp4, pngOfSize, wav } from '../helpers/media.ts';
import { escapeRegExp, expect, MUSEUM_SETTINGS, post, test } from './fixtures.ts';
import { E2E_ORIGIN, FAKE_ENGINE_URL } from './settings.ts';

/**
 * Offline on poor museum Wi-Fi, in Chromium with the network cut (Playwright's
 * offline mode, which reaches the service worker's own fetches too). An article read once opens
 * again without network, with its image; a circuit saved with 'Save this circuit for offline
 * reading' opens, every stop readable, with the network off; without JavaScript nothing shows of
 * the save and the pages work as ever. Saved with its sounds: the recordings and the server's
 * voice play with the network cut, the videos are saved once the visitor agrees after reading
 * their size, and the saved circuit can be removed.
 *
 * The circuit is a real one, made through the API, its page and stops real visitor pages.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Publishes an article: a text holding `tag` and, with `image`, an uploaded picture after it. */
async function publish(
  context: BrowserContext,
  name: string,
  text: string,
  image = false,
): Promise<number> {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const blocks: unknown[] = [{ ...newBlock('text'), content: text }];
  if (image) {
    const upload = await context.request.post('/api/upload/image', {
      headers: { origin: E2E_ORIGIN },
      multipart: {
        image: { name: 'photo.png', mimeType: 'image/png', buffer: pngOfSize(120_000) },
        articleId: String(id),
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { mediaUrl } = (await upload.json()) as { mediaUrl: string };
    blocks.push({ ...newBlock('image'), src: mediaUrl, alt: `Photo ${name}` });
  }
  await post(context, 'update_article', {
    articleId: id,
    newContent: [{ type: 'metadatas', url: name, backgroundColor: '#341539' }, ...blocks],
    unformatted_name: `Offline ${name}`,
    instructions: '',
  });
  return id;
}

/** The article's text (its first words are also the screen readers' heading). */
const paragraph = (page: Page, text: string) =>
  page.locator('p.reader-text').filter({ hasText: text });

/** Console errors and failed scripts of a page, and CSP violations. */
function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 15_000,
  });

const kept = (page: Page, url: string) =>
  page.evaluate(
    async (address) => (await caches.match(address, { ignoreVary: true })) !== undefined,
    url,
  );

/** Every picture of the page shown (decoded, not a broken image). */
async function expectPicturesShown(page: Page, count: number) {
  const pictures = page.locator('img.reader-image');
  await expect(pictures).toHaveCount(count);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** A sentence of the visitor's words with its placeholders matching anything. */
function sentence(template: string, values: Record<string, string | number> = {}) {
  const parts = template.split(/(\{\w+\})/);
  return new RegExp(
    `^${parts
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return escapeRegExp(part);
        return name in values ? escapeRegExp(String(values[name])) : '.+';
      })
      .join('')}$`,
  );
}

test('an article read once opens again without network, with its picture', async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  await signIn();
  const tag = randomUUID().slice(0, 8);
  const name = `hors-ligne-${tag}`;
  await publish(page.context(), name, `Phare ${tag} : allumé en 1836.`, true);

  const visitor = await browser.newContext({ ...PHONE, baseURL, locale: 'cs-CZ' });
  try {
    const phone = await visitor.newPage();
    const errors = watch(phone);
    const address = `/article?name=${name}&lang=cs`;
    // Translated before the visitor comes: on a loaded machine the first translation can outlast
    // the first screen's wait, and the page would come as it is made rather than whole.
    await expect
      .poll(async () => (await page.request.get(address)).headers()[PAGE_HEADER.toLowerCase()], {
        timeout: 30_000,
      })
      .toBe('article');
    const response = await phone.goto(address);
    expect(response?.headers()[PAGE_HEADER.toLowerCase()]).toBe('article');
    await expect(paragraph(phone, `[cs] Phare ${tag} : allumé en 1836.`)).toBeVisible();
    // The page's one script, from this site, registers the worker, which takes the page over
    // and keeps it, with its picture (lazy, below the fold or not).
    await expect(phone.locator('script')).toHaveCount(1);
    await expect(phone.locator('script')).toHaveAttribute('src', READER_SCRIPT);
    await controlled(phone);
    // The file the browser chose among the picture's sizes and formats.
    const image = phone.locator('img.reader-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe('');
    const picture = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc))
      .pathname;
    await expect.poll(() => kept(phone, address)).toBe(true);
    await expect.poll(() => kept(phone, picture!)).toBe(true);

    await visitor.setOffline(true);
    await phone.reload();
    await expect(paragraph(phone, `[cs] Phare ${tag} : allumé en 1836.`)).toBeVisible();
    await expectPicturesShown(phone, 1);
    // An article never read is not there: the browser's own offline error.
    await expect(phone.goto(`/article?name=nulle-part-${tag}&lang=cs`)).rejects.toThrow();
    expect(errors.filter((e) => !e.includes('nulle-part'))).toEqual([]);
  } finally {
    await visitor.close();
  }
});

// Once in CI (the headless shell, a loaded machine) the circuit's first step was not seen going
// out after the network came back, though its last was; four runs here and every run before
// passed. Until its cause is found, a failure is tried once more and shows as flaky in the report.
test.describe.configure({ retries: 1 });

for (const lang of ['ja', 'ar'] as const) {
  test(`a circuit saved for offline reading, in ${lang}: network off, every stop readable`, async ({
    page,
    browser,
    baseURL,
    signIn,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn();
    const tag = randomUUID().slice(0, 8);
    // Every stop of this test's is translated while the save waits (over 2 s a call: more than the
    // server's first wait of 1 s, so unfinished pages come first); other tests' calls in the
    // language are not slowed (`only`).
    const words = uiStrings(lang);
    const stops = [
      { name: `etape-a-${tag}`, text: `Quai ${tag} : les navires accostaient ici.`, image: true },
      { name: `etape-b-${tag}`, text: `Grue ${tag} : elle levait dix tonnes.`, image: false },
      { name: `etape-c-${tag}`, text: `Entrepôt ${tag} : sucre et café.`, image: true },
    ];
    const ids: number[] = [];
    for (const stop of stops)
      ids.push(await publish(page.context(), stop.name, stop.text, stop.image));
    const circuit = `port-${tag}`;
    const title = `Circuit ${tag}`;
    const saved = await post<{ id: number }>(
      page.context(),
      'save_circuit',
      { name: circuit, title, articleIds: ids },
      201,
    );
    // The panels' QR codes: one on stop B, one on the circuit's own sign.
    const codeOf = async (link: { articleId: number } | { circuitId: number }) => {
      const code = await post<{ id: number; link: string }>(page.context(), 'add_qrcode', {}, 201);
      await post(page.context(), 'update_qrcode', { qrcodeId: code.id, ...link });
      return code.link;
    };
    const stopCode = await codeOf({ articleId: ids[1]! });
    const circuitCode = await codeOf({ circuitId: saved.id });
    const circuitUrl = `/circuit?name=${circuit}&lang=${lang}`;
    const stopLink = (phone: Page, stop: { text: string }) =>
      phone.getByRole('link', { name: new RegExp(escapeRegExp(stop.text)) });
    const heading = (phone: Page) => phone.getByRole('heading', { level: 1 });

    try {
      // Without JavaScript: nothing of the save shows, the circuit and its stops work.
      const plain = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false });
      try {
        const phone = await plain.newPage();
        await phone.goto(circuitUrl);
        await expect(heading(phone)).toHaveText(`[${lang}] ${title}`);
        // The circuit's texts are translated; its stops will take over 2 s a call.
        const behaviour = await request.post(`${FAKE_ENGINE_URL}/_behaviour`, {
          data: { lang, only: tag, delayPerTokenMs: 100 },
        });
        expect(behaviour.status()).toBe(200);
        await expect(phone.getByRole('button', { name: words.offlineSave })).toBeHidden();
        await expect(phone.locator('[data-offline-save]')).toBeHidden();
        await stopLink(phone, stops[1]!).click();
        // The first translation runs: the page is sent as it is translated.
        await expect(paragraph(phone, `[${lang}] ${stops[1]!.text}`)).toBeVisible({
          timeout: 20_000,
        });
      } finally {
        await plain.close();
      }

      const visitor = await browser.newContext({
        ...PHONE,
        baseURL,
        locale: lang === 'ja' ? 'ja-JP' : 'ar-EG',
      });
      try {
        const phone = await visitor.newPage();
        const errors = watch(phone);
        // What the save's fetches got: a stop's progress page first, then the stop.
        const answers: { url: string; final: boolean }[] = [];
        phone.on('response', (response) => {
          const url = new URL(response.url());
          if (url.pathname === '/article' && response.request().resourceType() === 'fetch') {
            answers.push({
              url: url.pathname + url.search,
              final: !!response.headers()['x-legenda-page'],
            });
          }
        });
        await phone.goto(circuitUrl);
        // Shown once the worker runs the page.
        const save = phone.getByRole('button', { name: words.offlineSave });
        await expect(save).toBeVisible({ timeout: 15_000 });
        await save.click();
        const status = phone.locator('[data-offline-save] [role="status"]');
        await expect(status).toHaveText(sentence(words.offlineSaving, { total: stops.length + 1 }));
        await expect(status).toHaveText(sentence(words.offlineSaved, { stops: stops.length }), {
          timeout: 60_000,
        });
        // The size is the pages' and the two pictures' (120 kB each), in the visitor's units.
        expect(await status.textContent()).toMatch(/\d/);
        // Stops A and C were still to translate: asked again until they were final.
        const first = `/article?name=${stops[0]!.name}&circuit=${circuit}&lang=${lang}`;
        expect(answers.filter((a) => a.url === first).map((a) => a.final)).toEqual(
          expect.arrayContaining([false, true]),
        );
        expect(answers.filter((a) => a.url === first).at(-1)?.final).toBe(true);

        // Online, a scan through the worker is the server's redirect, as ever.
        await phone.goto(`/r/${stopCode}`);
        await expect(paragraph(phone, `[${lang}] ${stops[1]!.text}`)).toBeVisible();
        await expect(phone).toHaveURL(
          new RegExp(`/article\\?name=${stops[1]!.name}&lang=${lang}$`),
        );

        // The circuit's steps (first stop opened, last reached): none asked while offline, none
        // failed, each sent once the network is back.
        const steps: string[] = [];
        const failed: string[] = [];
        const isStep = (url: string) => new URL(url).pathname === '/circuit-progress';
        visitor.on('request', (r) => void (isStep(r.url()) && steps.push(new URL(r.url()).search)));
        visitor.on('requestfailed', (r) => void (isStep(r.url()) && failed.push(r.url())));

        // Network off: the panels' codes open their saved pages.
        await visitor.setOffline(true);
        await phone.goto(`/r/${stopCode}`);
        await expect(paragraph(phone, `[${lang}] ${stops[1]!.text}`)).toBeVisible();
        await expect(phone).toHaveURL(new RegExp(`circuit=${circuit}&lang=${lang}$`));
        await phone.goto(`/r/${circuitCode}`);
        await expect(heading(phone)).toHaveText(`[${lang}] ${title}`);
        // The circuit and every stop, with their pictures.
        await phone.goto(circuitUrl);
        await expect(heading(phone)).toHaveText(`[${lang}] ${title}`);
        for (const stop of stops) {
          await stopLink(phone, stop).click();
          await expect(paragraph(phone, `[${lang}] ${stop.text}`)).toBeVisible();
          await expectPicturesShown(phone, stop.image ? 1 : 0);
          await phone.goBack();
        }
        expect(errors).toEqual([]);
        expect(steps).toEqual([]);
        await visitor.setOffline(false);
        await expect
          .poll(() => steps)
          .toEqual([`?name=${circuit}&step=start`, `?name=${circuit}&step=end`]);
        expect(failed).toEqual([]);
      } finally {
        await visitor.close();
      }
    } finally {
      await request.post(`${FAKE_ENGINE_URL}/_behaviour`, {
        data: { lang, only: tag, delayPerTokenMs: 0 },
      });
    }
  });
}

test('a save that cannot fetch every page says how many are missing', async ({
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const lang = 'de';
  const words = uiStrings(lang);
  const circuitUrl = `/circuit?name=vide-${tag}&lang=${lang}`;
  const page = renderDocument(
    { lang, title: `Circuit ${tag}`, background: '#341539', noindex: true, css: OFFLINE_CSS },
    offlineSaveBlock({
      uiLang: lang,
      stops: [`/article?name=introuvable-${tag}&lang=${lang}`],
      circuitUrl,
    }),
  );
  const visitor = await browser.newContext({ ...PHONE, baseURL });
  try {
    await visitor.route(`**/circuit?name=vide-${tag}*`, (route) =>
      route.fulfill({
        body: page,
        headers: {
          'content-type': 'text/html; charset=UTF-8',
          'content-security-policy': VISITOR_PAGE_CSP,
          [PAGE_HEADER]: 'circuit',
        },
      }),
    );
    const phone = await visitor.newPage();
    await phone.goto(circuitUrl);
    await phone.getByRole('button', { name: words.offlineSave }).click();
    // The stop is unknown (404): one page of two missing; the button can be pressed again.
    await expect(phone.getByRole('status')).toHaveText(
      sentence(words.offlineFailed, { failed: 1, total: 2 }),
    );
    await expect(phone.getByRole('button', { name: words.offlineSave })).toBeEnabled();
  } finally {
    await visitor.close();
  }
});

/** Uploads a file for an article: its address on this site (and the video's id, for a video). */
async function uploaded(
  context: BrowserContext,
  kind: 'audio' | 'video',
  articleId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const upload = await context.request.post(`/api/upload/${kind}`, {
    headers: { origin: E2E_ORIGIN },
    multipart: { [kind]: file, articleId: String(articleId) },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return (await upload.json()) as { mediaUrl: string; videoId: string | null };
}

test.describe('a circuit saved with its sounds', MUSEUM_SETTINGS, () => {
  test('in Arabic on a phone: its recording and the museum’s voice play with the network cut, its video saved on consent, then removed', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn();
    const lang = 'ar';
    const words = uiStrings(lang);
    const tag = randomUUID().slice(0, 8);
    const context = page.context();
    const before = await (await page.request.get('/api/read/settings')).json();
    // Three stops: words only; words and a recording; words, a video and a film on YouTube.
    const stops = [
      { name: `son-a-${tag}`, text: `Quai ${tag} : les navires accostaient ici.` },
      { name: `son-b-${tag}`, text: `Grue ${tag} : elle levait dix tonnes.` },
      { name: `son-c-${tag}`, text: `Entrepôt ${tag} : sucre et café.` },
    ];
    const ids: number[] = [];
    const media: Record<string, string> = {};
    for (const [i, stop] of stops.entries()) {
      const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
      const blocks: unknown[] = [{ ...newBlock('text'), content: stop.text }];
      if (i === 1) {
        const file = { name: 'gardien.wav', mimeType: 'audio/wav', buffer: wav(1) };
        media.audio = (await uploaded(context, 'audio', id, file)).mediaUrl;
        blocks.push({ ...newBlock('audio'), src: media.audio });
      }
      if (i === 2) {
        const file = { name: 'port.mp4', mimeType: 'video/mp4', buffer: mp4(300_000) };
        const video = await uploaded(context, 'video', id, file);
        media.video = video.mediaUrl;
        blocks.push({ ...newBlock('video'), src: video.mediaUrl, videoId: video.videoId ?? '' });
        blocks.push({
          ...newBlock('link'),
          content: `Le film ${tag}`,
          link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        });
      }
      await post(context, 'update_article', {
        articleId: id,
        newContent: [{ type: 'metadatas', url: stop.name, backgroundColor: '#341539' }, ...blocks],
        unformatted_name: `Son ${stop.name}`,
        instructions: '',
      });
      ids.push(id);
    }
    const circuit = `sons-${tag}`;
    await post(
      context,
      'save_circuit',
      { name: circuit, title: `Sons ${tag}`, articleIds: ids },
      201,
    );
    const circuitUrl = `/circuit?name=${circuit}&lang=${lang}`;
    const visitor = await browser.newContext({ ...PHONE, baseURL, locale: 'ar-EG' });
    try {
      // Arabic is read by the museum's voice (the server's), whatever the phone has.
      await post(context, 'update_settings', {
        sourceLanguage: before.sourceLanguage,
        timeZone: before.timeZone,
        speech: { voice: 'browser', otherLanguages: [lang] },
      });
      const phone = await visitor.newPage();
      const errors = watch(phone);
      await phone.goto(circuitUrl);
      const block = phone.locator('[data-offline-save]');
      const status = block.locator('[role="status"]');
      await block.getByRole('button', { name: words.offlineSave }).click();
      // Every stop's words (4 blocks with words: 4 sounds of the voice) and the recording: 5
      // sounds; the video is not saved yet, the film on YouTube cannot be.
      const notes = block.locator('[data-notes]');
      await expect(status).toHaveText(sentence(words.offlineSaved, { stops: 3, sounds: 5 }), {
        timeout: 60_000,
      });
      await expect(notes).toHaveText(sentence(words.offlineVideosElsewhere, { count: 1 }));
      // The size, in the visitor's own digits and units.
      expect(await status.textContent()).toMatch(/[0-9٠-٩]/);
      expect(await kept(phone, media.audio!)).toBe(true);
      const voice = `/speech?name=${stops[0]!.name}&lang=${lang}&block=1`;
      expect(await kept(phone, voice)).toBe(true);
      expect(await kept(phone, media.video!)).toBe(false);

      // The second step: the videos, once their size is known (300 kB here).
      const step = block.locator('[data-videos]');
      await expect(step.locator('p')).toHaveText(sentence(words.offlineVideosAsk));
      expect(await step.locator('p').textContent()).toMatch(/[0-9٠-٩]/);
      await step.getByRole('button', { name: words.offlineVideosSave }).click();
      await expect(status).toHaveText(
        sentence(words.offlineSavedVideos, { stops: 3, sounds: 5, videos: 1 }),
      );
      await expect(step).toBeHidden();
      expect(await kept(phone, media.video!)).toBe(true);

      // Network off: a later stop's recording plays, and Listen reads it in the museum's voice.
      await visitor.setOffline(true);
      await phone.reload();
      // The page says again what it keeps.
      await expect(status).toHaveText(sentence(words.offlineSavedVideos, { videos: 1 }));
      await phone.getByRole('link', { name: new RegExp(escapeRegExp(stops[1]!.text)) }).click();
      await expect(paragraph(phone, `[${lang}] ${stops[1]!.text}`)).toBeVisible();
      const audio = phone.locator('figure.reader-audio audio');
      // A tap on the page first: the visitor's gesture, which lets a page play sound.
      await paragraph(phone, `[${lang}] ${stops[1]!.text}`).click();
      await audio.evaluate((el: HTMLAudioElement) => el.play());
      await expect
        .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      await expect
        .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime))
        .toBeGreaterThan(0);
      expect(await audio.evaluate((el: HTMLAudioElement) => el.error)).toBeNull();
      await audio.evaluate((el: HTMLAudioElement) => el.pause());
      const listen = phone.getByRole('button', { name: words.listen, exact: true });
      await listen.click();
      await expect(phone.getByRole('button', { name: words.pause })).toBeVisible();
      // Read to its end from the saved sounds: Listen again, nothing said of a failure.
      await expect(listen).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
      await expect(phone.locator('[data-listen] [role="status"]')).toHaveText('');

      // Removed, still offline: what it kept is gone from the phone.
      await phone.goBack();
      await block.locator('[data-remove]').click();
      await expect(status).toHaveText(words.offlineRemoved);
      await expect(block.locator('[data-remove]')).toBeHidden();
      for (const gone of [
        media.audio!,
        media.video!,
        voice,
        `/article?name=${stops[1]!.name}&circuit=${circuit}&lang=${lang}`,
      ]) {
        expect(await kept(phone, gone), gone).toBe(false);
      }
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
      await post(context, 'update_settings', {
        sourceLanguage: before.sourceLanguage,
        timeZone: before.timeZone,
        speech: before.speech,
      });
    }
  });
});
