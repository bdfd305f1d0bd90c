import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Locator, Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { cachedCameraPhoto } from '../helpers/photos.ts';
import { ROOT } from '../helpers/server.ts';
import {
  dict,
  expect,
  expectNoViolations,
  fill,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  url,
  visit,
  type Lang,
} from './fixtures.ts';

/**
 * Photos straight from the camera (docs/adr/0027-photos-processed-at-upload.md): a curator
 * uploads a 6 MB, 4000 × 3000 JPEG with GPS tags from the editor in French at 1280 px, over
 * the server's limit here (MAX_IMAGE_UPLOAD_MB=5, as Netlify's 6 MB request limit would be), so
 * the browser scales it down first; the upload's progress, then what visitors will download;
 * HEIC and a file over the limit refused in the curator's words. In English at 390 px: the same
 * words in English, and a transparent PNG. A visitor at 390 px then downloads at most 200 KB per
 * image and no GPS tag. Holds MUSEUM_SETTINGS: the visitor reads the museum's own language.
 */

const MAX_VISITOR_BYTES = 200 * 1024;

/** A HEIC photo as an iPhone writes it: its file-type box is all that is judged. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(512),
]);

function words(lang: Lang) {
  const t = dict[lang];
  const te = t.editor;
  const mb = (n: number) => fill(t.apiErrors.units.mb, { n: String(n) });
  return {
    t,
    te,
    heic: t.apiErrors.unsupported_type_heic,
    tooLarge: fill(te.upload.imageTooLarge, { max: mb(5) }),
    scaled: fill(te.upload.scaled, { px: '3200' }),
    // '143 Ko' / '143 KB': the number is the server's.
    visitorSize: new RegExp(
      fill(te.upload.visitorSize, { size: '\\d+ (Ko|KB)' }).replace(/[.]/g, '\\.'),
    ),
  };
}

async function imageField(page: Page, lang: Lang): Promise<{ card: Locator; input: Locator }> {
  const { te } = words(lang);
  const main = page.getByRole('main');
  const settings = main.getByRole('region', { name: te.settings, exact: true });
  await settings
    .getByLabel(`${te.newElement} (${te.atTop})`, { exact: true })
    .selectOption('image');
  await settings.getByRole('button', { name: `${te.add} (${te.atTop})`, exact: true }).click();
  const card = main.getByRole('group', {
    name: fill(te.element, { n: '1', type: te.types.image }),
    exact: true,
  });
  const ref = fill(te.elementRef, { n: '1' });
  const input = card.getByLabel(`${te.field.image} (${ref})`, { exact: true });
  await expect(input).toHaveAccessibleDescription(`${te.upload.imageHint} ${te.upload.none}`);
  return { card, input };
}

/** HEIC, then a 6 MB file the browser cannot decode (so sent as it is): both refused. */
async function refusals(page: Page, lang: Lang, input: Locator) {
  const w = words(lang);
  await input.setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: HEIC });
  await expect(toast(page, w.heic)).toBeVisible();
  const garbage = Buffer.alloc(6 * 1024 * 1024, 7);
  await input.setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: garbage });
  await expect(toast(page, w.tooLarge)).toBeVisible();
}

test.describe('photos straight from the camera', MUSEUM_SETTINGS, () => {
  test('a 6 MB camera photo from the editor (fr, 1280 px; en, 390 px): visitors download at most 200 KB per image and no GPS', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const photo = fs.readFileSync(await cachedCameraPhoto(ROOT));
    expect(photo.byteLength).toBeGreaterThan(5.5 * 1024 * 1024);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
    await post(page, 'rename_article', { articleId: id, newName: `Photos ${tag}` });

    // French, 1280 px: refusals, then the camera photo, sent slowly enough to see it go.
    await page.setViewportSize({ width: 1280, height: 900 });
    const fr = words('fr');
    await visit(page, url('fr', `/article?id=${id}`));
    const first = await imageField(page, 'fr');
    await refusals(page, 'fr', first.input);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await first.input.setInputFiles({
      name: 'DSC_0042.JPG',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const progress = first.card.getByRole('progressbar', { name: fr.te.upload.progress });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(first.card.getByRole('status')).toContainText(/Envoi en cours… \d+\u00a0%/);
    await expect(first.card.getByText(fr.te.upload.processing)).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(first.card.getByRole('status')).toContainText(fr.te.upload.current, {
      timeout: 60_000,
    });
    await expect(first.card.getByText(fr.scaled)).toBeVisible();
    await expect(first.card.getByText(fr.visitorSize)).toBeVisible();
    await expect(progress).toHaveCount(0);
    const preview = page.locator('.phone__screen');
    await expect(preview.locator('img.reader-image')).toHaveAttribute(
      'src',
      /^\/media\/\d+\/images\/[A-Za-z0-9]{16}-w1600h1200\.jpg$/,
    );
    await page.keyboard.press('ControlOrMeta+s');
    await expect(toast(page, fr.te.saved)).toBeVisible();
    await expectNoViolations(page);

    // English, 390 px: the same words in English, and a drawing with transparency.
    await page.setViewportSize({ width: 390, height: 844 });
    const en = words('en');
    await visit(page, url('en', `/article?id=${id}`));
    const second = await imageField(page, 'en');
    await refusals(page, 'en', second.input);
    const drawing = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: { create: { width: 450, height: 600, channels: 4, background: '#1d4e89' } } },
      ])
      .png()
      .toBuffer();
    await second.input.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: drawing });
    await expect(second.card.getByRole('status')).toContainText(en.te.upload.current, {
      timeout: 60_000,
    });
    await expect(second.card.getByText(en.visitorSize)).toBeVisible();
    await expect(second.card.getByText(en.scaled)).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(toast(page, en.te.saved)).toBeVisible();

    // The visitor, on a 390 px phone with a 3× screen: every image file at most 200 KB, no GPS.
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
    });
    const phone = await context.newPage();
    const images: Response[] = [];
    phone.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/')) images.push(response);
    });
    const article = (await (
      await page.request.get(`/api/read/article?articleId=${id}`)
    ).json()) as { name: string };
    await phone.goto(`/article?name=${article.name}&lang=fr`);
    const pictures = phone.locator('img.reader-image');
    await expect(pictures).toHaveCount(2);
    // The first loads at once; the second (the photo, now below the drawing) when near.
    await expect(pictures.first()).not.toHaveAttribute('loading');
    await expect(pictures.last()).toHaveAttribute('loading', 'lazy');
    await expect(pictures.last()).toHaveAttribute('width', '1600');
    await expect(pictures.last()).toHaveAttribute('height', '1200');
    await pictures.last().scrollIntoViewIfNeeded();
    for (const picture of await pictures.all()) {
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // WebP chosen, at the width a 3× phone needs.
    const chosen = await pictures.last().evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/-w1600h1200\.1600\.webp$/);
    expect(images.length).toBeGreaterThanOrEqual(2);
    // Kept for offline reading as shown: only the size this phone took of each image, never
    // every size (one photo five times over on a museum's Wi-Fi).
    const shown = await pictures.evaluateAll((all) =>
      all.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname),
    );
    await expect
      .poll(() =>
        phone.evaluate(async (paths) => {
          for (const p of paths) if (!(await caches.match(p, { ignoreVary: true }))) return false;
          return true;
        }, shown),
      )
      .toBe(true);
    const fetched = new Set(images.map((response) => new URL(response.url()).pathname));
    expect([...fetched].sort()).toEqual([...new Set(shown)].sort());
    for (const response of images) {
      const body = await response.body();
      expect(body.byteLength, response.url()).toBeLessThanOrEqual(MAX_VISITOR_BYTES);
      const meta = await sharp(body).metadata();
      expect(meta.exif, response.url()).toBeUndefined();
      expect(meta.xmp, response.url()).toBeUndefined();
    }
    await context.close();
  });
});
