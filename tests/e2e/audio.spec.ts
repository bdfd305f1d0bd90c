import { randomUUID } from 'node:crypto';
import { READER_SCRIPT } from '../../src/features/reader/render/document.ts';
import { devices, type Locator, type Page } from '@playwright/test';
import { languageName } from '../../src/features/languages/names.ts';
import { format, uiStrings } from '../../src/features/reader/render/strings.ts';
import { wav } from '../helpers/media.ts';
import {
  staffJourneys,
  dict,
  expect,
  expectNoViolations,
  fill,
  LANGS,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  url,
  visit,
} from './fixtures.ts';

/**
 * The audio block (ADR 0019): a curator uploads a recording, gives it a caption and a
 * transcript and sees it in the phone preview; bad files are refused in the curator's language;
 * a visitor reading in Spanish on a phone plays the recording (the museum's, in French, asked for
 * by byte ranges) and opens the transcript, translated by the fake engine ('[es] ' + source).
 * Holds MUSEUM_SETTINGS: the recording's language is the museum's, French unless a test changes it.
 */

const PIXEL = devices['Pixel 7'];
const es = uiStrings('es');
const AUDIO_SRC = /^\/media\/\d+\/audio\/[A-Za-z0-9]{16}\.wav$/;

const journeys = staffJourneys<'browser' | 'baseURL' | 'signIn'>();

for (const lang of LANGS) {
  const t = dict[lang];
  const te = t.editor;
  const f = te.field;
  const elementRef = (n: number) => fill(te.elementRef, { n: String(n) });
  const field = (scope: Locator, label: string, suffix: string) =>
    scope.getByLabel(`${label} (${suffix})`, { exact: true });

  journeys.test(
    'a curator adds a recording with its transcript; a Spanish visitor plays it and reads the transcript translated',
    lang,
    async ({ page, browser, baseURL, signIn }) => {
      // 90 s for each language's run.
      test.setTimeout(90_000 * LANGS.length);
      await signIn();
      const tag = randomUUID().slice(0, 8);
      const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
      await post(page, 'rename_article', { articleId: id, newName: `Son ${tag}` });
      await visit(page, url(lang, `/article?id=${id}`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(
        fill(te.heading, { id: String(id), name: `Son ${tag}` }),
      );

      // The eighth type, offered last.
      const settings = main.getByRole('region', { name: te.settings, exact: true });
      const select = settings.getByLabel(`${te.newElement} (${te.atTop})`, { exact: true });
      await expect(select.locator('option').last()).toHaveText(te.types.audio);
      await select.selectOption('audio');
      await settings.getByRole('button', { name: `${te.add} (${te.atTop})`, exact: true }).click();
      const card = main.getByRole('group', {
        name: fill(te.element, { n: '1', type: te.types.audio }),
        exact: true,
      });
      const file = field(card, f.audio, elementRef(1));
      await expect(file).toHaveAccessibleDescription(`${f.audioHint} ${te.upload.none}`);

      // A text file renamed .mp3: refused, said in the curator's language; nothing kept.
      await file.setInputFiles({
        name: 'visite.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('Bienvenue au musée : ceci est un texte, pas un son.\n'),
      });
      await expect(toast(page, t.apiErrors.unsupported_type_audio)).toBeVisible();
      // Over MAX_AUDIO_MB (1 here): refused with the limit in the curator's units.
      await file.setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: wav(66) });
      await expect(
        toast(
          page,
          fill(t.apiErrors.payload_too_large_max, { max: fill(t.apiErrors.units.mb, { n: '1' }) }),
        ),
      ).toBeVisible();
      await expect(card.getByText(te.upload.none, { exact: true })).toBeVisible();

      // A real recording, its caption and transcript: the preview shows them as visitors will.
      await file.setInputFiles({ name: 'visite.wav', mimeType: 'audio/wav', buffer: wav(2) });
      await expect(card.getByRole('status')).toContainText(te.upload.current);
      const caption = `Le gardien ${tag} raconte le port`;
      const transcript = `Bienvenue ${tag}.\nIci accostaient les navires de Campanie.`;
      await field(card, f.caption, elementRef(1)).fill(caption);
      await field(card, f.transcript, elementRef(1)).fill(transcript);
      const preview = page.locator('.phone__screen');
      await expect(preview.locator('audio')).toHaveAttribute('src', AUDIO_SRC);
      await expect(preview.locator('audio')).toHaveAttribute('preload', 'none');
      await expect(preview.locator('figcaption')).toHaveText(caption);
      await expect(preview.locator('.reader-audio-lang')).toHaveText(f.audioPreviewLanguage);
      await expect(preview.locator('summary')).toHaveText(f.transcript);
      await expect(preview.locator('details')).not.toHaveAttribute('open');
      await page.keyboard.press('ControlOrMeta+s');
      await expect(toast(page, te.saved)).toBeVisible();
      const src = await preview.locator('audio').getAttribute('src');
      await expectNoViolations(page);

      // The visitor: a phone in Spanish.
      const context = await browser.newContext({
        baseURL,
        viewport: PIXEL.viewport,
        userAgent: PIXEL.userAgent,
        deviceScaleFactor: PIXEL.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        locale: 'es-ES',
      });
      const phone = await context.newPage();
      const article = (await (
        await page.request.get(`/api/read/article?articleId=${id}`)
      ).json()) as { name: string };
      await phone.goto(`/article?name=${article.name}&lang=es`);
      // A first translation may show its progress first; the page comes by itself.
      const figure = phone.locator('figure.reader-audio');
      await expect(figure).toBeVisible({ timeout: 30_000 });
      await expect(phone.locator('html')).toHaveAttribute('lang', 'es');
      // No script but ours (offline reading): the player is the browser's own.
      await expect(phone.locator('script')).toHaveAttribute('src', READER_SCRIPT);
      await expect(figure).toHaveAccessibleName(`[es] ${caption}`);
      const audio = figure.locator('audio');
      await expect(audio).toHaveAttribute('src', src!);
      // The recording is the museum's, in French, and says so in the visitor's words.
      await expect(audio).toHaveAttribute('lang', 'fr');
      await expect(figure.locator('.reader-audio-lang')).toHaveText(
        format(es.audioLanguage, { language: languageName('fr', 'es') }),
      );
      // The transcript, translated, closed on a phone until asked for.
      const details = figure.locator('details');
      const text = details.locator('p');
      await expect(details).not.toHaveAttribute('open');
      await expect(text).toBeHidden();
      await details.getByText(es.transcript, { exact: true }).click();
      await expect(text).toBeVisible();
      await expect(text).toHaveText(`[es] ${transcript}`);
      await expectNoViolations(phone);

      // Played with the browser's own controls; the bytes come by ranges (206).
      const ranged = phone.waitForResponse(
        (response) => new URL(response.url()).pathname === src && response.status() === 206,
      );
      await play(phone, audio);
      const response = await ranged;
      expect(response.headers()['content-type']).toBe('audio/wav');
      await expect
        .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(await audio.evaluate((el: HTMLAudioElement) => el.error)).toBeNull();
      await context.close();

      // The article gone meanwhile (as another museum's would be): refused, in the editor's words.
      await post(page, 'delete_item', { id, type: 'article', pathArray: [] });
      await file.setInputFiles({ name: 'encore.wav', mimeType: 'audio/wav', buffer: wav(1) });
      await expect(toast(page, t.apiErrors.not_found_article)).toBeVisible();
    },
  );
}

/** Presses the player's own play button: a tap where Chromium draws it, at the start. */
async function play(page: Page, audio: Locator) {
  await audio.scrollIntoViewIfNeeded();
  const box = await audio.boundingBox();
  if (!box) throw new Error('the player is not shown');
  await page.mouse.click(box.x + 24, box.y + box.height / 2);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused), { timeout: 10_000 })
    .toBe(false);
}

test.describe('audio block', MUSEUM_SETTINGS, () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, browser, baseURL, signIn }, testInfo) =>
      run({ page, browser, baseURL, signIn }, testInfo),
    );
  }
});
