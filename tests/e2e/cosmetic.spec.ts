import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { newBlock } from '../../src/features/articles/content.ts';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
import {
  bothLanguages,
  dict,
  expect,
  LANGS,
  MUSEUM_SETTINGS,
  post,
  test,
  topBar,
  url,
  visit,
} from './fixtures.ts';
import { E2E_ORIGIN } from './settings.ts';

/**
 * Cosmetic details, as a person sees them: the sticky top bar and the editor's
 * toolbar hide what scrolls under them; the print sheet never breaks a code's address inside the
 * code; on a phone the contact address breaks only at its @ or a dot and nothing floats over it;
 * the visitor page's video shows its first frame, not a black box.
 */

const tag = () => randomUUID().slice(0, 8);

async function newArticle(page: Page, title: string): Promise<number> {
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'rename_article', { articleId: id, newName: title });
  return id;
}

/** The alpha of an element's computed background colour (1 for rgb(), else rgba()'s last). */
const backgroundAlpha = (element: Locator) =>
  element.evaluate((e) => {
    const colour = getComputedStyle(e).backgroundColor;
    const parts = /^rgba?\(([^)]*)\)$/.exec(colour)?.[1]?.split(/[\s,/]+/) ?? [];
    return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : Number.NaN;
  });

/** How many line boxes an inline element spans (one client rect per line). */
const lines = (element: Locator) => element.evaluate((e) => e.getClientRects().length);

/** How many lines a block's inline children take (their rects' distinct tops). */
const blockLines = (element: Locator, children: string) =>
  element.evaluate((e, selector) => {
    const tops = [...e.querySelectorAll(selector)].flatMap((child) =>
      [...child.getClientRects()].map((rect) => Math.round(rect.top)),
    );
    return new Set(tops).size;
  }, children);

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('sticky bars', () => {
  test('the top bar and the editor toolbar are fully opaque', async ({ page, signIn }) => {
    await signIn();
    const id = await newArticle(page, `Opaque ${tag()}`);
    await visit(page, `/article?id=${id}`);
    const toolbar = page.locator('.editor-toolbar');
    await expect(toolbar).toBeVisible();
    expect(await backgroundAlpha(page.locator('header.topbar'))).toBe(1);
    expect(await backgroundAlpha(toolbar)).toBe(1);
    // The public pages share the top bar.
    await visit(page, url('en', '/blog'));
    expect(await backgroundAlpha(page.locator('header.topbar'))).toBe(1);
  });
});

test.describe('print sheet', () => {
  const LONG_SITE = 'https://musee-histoire-du-port.collections.legenda.example';

  /** The codes' addresses, as printed, each in one piece per line it may take. */
  async function expectAddressesWhole(page: Page, codes: QrcodeDocument[]) {
    const cards = page.locator('.print-card');
    await expect(cards.locator('.print-card__qr > svg').first()).toBeVisible();
    for (const code of codes) {
      const address = code.url.replace(/^https?:\/\//, '');
      const card = cards.filter({ hasText: address });
      await expect(card).toHaveCount(1);
      const url = card.locator('.print-card__url');
      await expect(url).toHaveText(address);
      const part = card.locator('.print-card__code');
      await expect(part).toHaveText(`r/${code.link}`);
      // The code's part is on one line, and the lines end only between the site's pieces.
      expect(await lines(part), address).toBe(1);
      for (const piece of await card.locator('.print-card__site').all()) {
        expect(await lines(piece), address).toBe(1);
      }
      // It fits its card.
      const inside = await card.evaluate((e) => e.scrollWidth <= e.clientWidth);
      expect(inside, address).toBe(true);
      const cardBox = (await card.boundingBox())!;
      const partBox = (await part.boundingBox())!;
      expect(partBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(partBox.x + partBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
  }

  test('never breaks a short address inside its code, even in a narrow card with a long site', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const id = tag();
    const article = await newArticle(page, `Fresque ${id}`);
    const code = await post<QrcodeDocument>(page, 'add_qrcode', {}, 201);
    await post(page, 'update_qrcode', { qrcodeId: code.id, articleId: article });

    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/qrcodes/print');
    await expectAddressesWhole(page, [code]);

    // A museum on a long site name, on a 320 px phone and on paper (86 mm cards).
    await page.route('**/api/read/qrcodes', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(new URL(code.url).origin, LONG_SITE);
      await route.fulfill({ response, body });
    });
    const long = { ...code, url: `${LONG_SITE}/r/${code.link}` };
    await page.setViewportSize({ width: 320, height: 800 });
    await visit(page, '/qrcodes/print');
    await expectAddressesWhole(page, [long]);
    // The long site does take more than one line there: it broke, only where allowed.
    const card = page.locator('.print-card').filter({ hasText: long.url.slice(8) });
    expect(await blockLines(card.locator('.print-card__url'), 'span')).toBeGreaterThan(1);
    // On paper: an A4 page's width inside its 12 mm margins (186 mm, 703 px), two cards a row.
    await page.setViewportSize({ width: 703, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await expectAddressesWhole(page, [long]);
    await page.emulateMedia({ media: 'screen' });
  });
});

const journeys = bothLanguages();

for (const lang of LANGS) {
  journeys.test(
    'the address breaks only at its @ or a dot, and no floating button covers it',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/contact'));
      const main = page.getByRole('main');
      const mail = main.getByRole('link', { name: 'contact@legenda.example', exact: true });
      await expect(mail).toBeVisible();
      const pieces = mail.locator('.contact-mail__piece');
      await expect(pieces).toHaveText(['contact@', 'legenda', '.example']);
      // Whole pieces: on one line where the card has room, else broken after the @ or before a
      // dot (a wide fallback font can take the whole card).
      for (const piece of await pieces.all()) expect(await lines(piece)).toBe(1);
      expect(await blockLines(mail, '.contact-mail__piece')).toBeLessThanOrEqual(2);

      // The page's own 'Book a demo' is there; the floating copy is not, at any scroll.
      await expect(
        main
          .getByRole('link', { name: dict[lang].nav.bookDemo, exact: true })
          .or(main.getByRole('button', { name: dict[lang].nav.bookDemo, exact: true })),
      ).toBeVisible();
      await expect(page.locator('.book-demo')).toHaveCount(0);
      await expect(topBar(page, lang).bookDemo).toHaveCount(0);
      for (const y of [0, 200, 400, 10_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        for (const floating of await page.locator('.book-demo').all()) {
          const box = await floating.boundingBox();
          const mailBox = await mail.boundingBox();
          if (box && mailBox) expect(intersects(box, mailBox)).toBe(false);
        }
      }

      // Squeezed narrower than the address, it breaks between pieces, never inside one.
      await mail.evaluate((e) => (e.style.maxWidth = '8rem'));
      expect(await blockLines(mail, '.contact-mail__piece')).toBeGreaterThan(1);
      for (const piece of await pieces.all()) expect(await lines(piece)).toBe(1);
    },
  );

  journeys.test('other pages keep the floating button', lang, async ({ page }) => {
    await visit(page, url(lang, '/blog'));
    await expect(topBar(page, lang).bookDemo).toBeVisible();
  });
}

test.describe('contact on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  for (const [title, run] of journeys) {
    test(title, ({ page }, testInfo) => run({ page }, testInfo));
  }
});

test.describe('visitor page video', MUSEUM_SETTINGS, () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the first frame before it plays, not a black box', async ({ page, signIn }) => {
    await signIn();
    const id = tag();
    const articleId = await newArticle(page, `Film ${id}`);
    const buffer = await fs.readFile('public/demo/demo-fr.webm');
    const upload = await page.request.post('/api/upload/video', {
      headers: { origin: E2E_ORIGIN },
      multipart: {
        video: { name: 'film.webm', mimeType: 'video/webm', buffer },
        articleId: String(articleId),
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { mediaUrl, videoId } = (await upload.json()) as { mediaUrl: string; videoId: string };
    const name = `film-${id}`;
    await post(page, 'update_article', {
      articleId,
      newContent: [
        { type: 'metadatas', url: name, backgroundColor: '#341539' },
        { ...newBlock('video'), src: mediaUrl, videoId },
      ],
      unformatted_name: `Film ${id}`,
      instructions: '',
    });

    await page.goto(`/article?name=${name}&lang=fr&ignoreStats=true`);
    const video = page.locator('video.reader-video');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect(video).toHaveAttribute('src', `${mediaUrl}#t=0.001`);
    // Its metadata and first frame arrive (the /media route answers byte ranges).
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
