import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import {
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  fill,
  heading,
  post,
  test,
  toast,
  url,
  visit,
} from './fixtures.ts';

// The codes' own shapes (hundreds of rects each) are the picture of a role="img" element,
// whose name is checked; axe need not walk them.
const QR_SHAPES = ['.print-card__qr > svg'];

/**
 * The staff QR code screens (list, detail, print): a
 * curator adds a code, links it to an article through the searchable picker and saves; the
 * image downloads in four formats and scans to the printed address; a visitor following that
 * address lands on the article; the print sheet holds the active codes. The e2e server has one
 * museum shared by every test: each test makes its own articles (titles carry a unique tag)
 * and codes, and looks for those only.
 */

type Article = { id: number; name: string; title: string };

const fr = dict.fr;

async function newArticle(page: Page, title: string): Promise<Article> {
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'rename_article', { articleId: id, newName: title });
  // A new article is not published until a curator publishes it: visitors read this one.
  await post(page, 'publish', { articleId: id });
  const response = await page.request.get(`/api/read/article?articleId=${id}`);
  expect(response.status()).toBe(200);
  const { name } = (await response.json()) as { name: string };
  return { id, name, title };
}

const addCode = (page: Page) => post<QrcodeDocument>(page, 'add_qrcode', {}, 201);

const linkCode = (page: Page, code: QrcodeDocument, article: Article) =>
  post<QrcodeDocument>(page, 'update_qrcode', { qrcodeId: code.id, articleId: article.id });

const tag = () => randomUUID().slice(0, 8);

/** Console errors and uncaught exceptions (a CSP violation is a console error). */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    expectClean(expected: RegExp[] = []) {
      expect(errors.filter((text) => !expected.some((pattern) => pattern.test(text)))).toEqual([]);
    },
  };
}

type Rgba = { data: Uint8Array; width: number; height: number };

/** The text a QR image in RGBA pixels holds (white on black: both polarities are tried). */
function decode(image: Rgba): string | undefined {
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data;
}

/**
 * The text a QR image holds for a decoder that never inverts (zbar and some phone scanners):
 * it reads dark modules on a light ground only.
 */
function decodeAsIs(image: Rgba): string | undefined {
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
}

/**
 * Where the code's first dark row starts (its quiet zone, in pixels) and its modules' size: the
 * top-left finder pattern's top edge is seven modules of dark.
 */
function finderRow(image: Rgba): { start: number; module: number } {
  const dark = (x: number, y: number) => (image.data[(y * image.width + x) * 4] ?? 255) < 128;
  for (let y = 0; y < image.height; y += 1) {
    const start = [...Array(image.width).keys()].find((x) => dark(x, y));
    if (start === undefined) continue;
    let end = start;
    while (end < image.width && dark(end, y)) end += 1;
    return { start: Math.min(start, y), module: (end - start) / 7 };
  }
  throw new Error('No dark pixel in the image');
}

/** The screens' pieces, in `lang`. */
function screens(page: Page, lang: 'fr' | 'en') {
  const t = dict[lang];
  const main = page.getByRole('main');
  const list = main.getByRole('list', { name: t.qrcodes.list, exact: true });
  return {
    main,
    list,
    /** The list's line of a code: its link. */
    line: (code: { link: string }) =>
      list.getByRole('link').filter({
        hasText: new RegExp(`^${escapeRegExp(fill(t.qrcodes.line, { link: code.link }))}`),
      }),
    add: main.getByRole('button', { name: t.qrcodes.add, exact: true }),
    search: main.getByRole('searchbox', { name: t.qrcode.search, exact: true }),
    radios: main.locator('.qr-picker__list input[type="radio"]'),
    option: (title: string) =>
      main.locator('.qr-picker__option').filter({
        has: page.locator('.qr-picker__title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
      }),
    save: main.getByRole('button', { name: t.qrcode.save, exact: true }),
    inactive: main.getByText(t.qrcode.inactive, { exact: true }),
    preview: (doc: QrcodeDocument) =>
      main.getByRole('img', { name: fill(t.qrcode.preview, { url: doc.url }), exact: true }),
    format: main.getByLabel(t.qrcode.format, { exact: true }),
    colours: main.getByLabel(t.qrcode.colours, { exact: true }),
    download: main.getByRole('button', { name: t.qrcode.download, exact: true }),
  };
}

test.describe('QR codes (fr)', () => {
  const t = fr;

  test('a curator adds a code, links it to an article found by searching, and sees it in the list', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const id = tag();
    const amphora = await newArticle(page, `Amphore romaine ${id}`);
    const vase = await newArticle(page, `Vase grec ${id}`);
    const logs = watchConsole(page);
    const s = screens(page, 'fr');

    await visit(page, '/qrcodes');
    await expect(heading(page, t.qrcodes.heading)).toBeVisible();
    await expect(
      s.main.getByRole('link', { name: t.common.backToDashboard, exact: true }),
    ).toHaveAttribute('href', '/dashboard');
    await expect(
      s.main.getByRole('link', { name: t.qrcodes.printLink, exact: true }),
    ).toHaveAttribute('href', '/qrcodes/print');

    // Ajouter un code QR: a new free line, focused and announced.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/manage/add_qrcode'));
    await s.add.click();
    const doc = (await (await answer).json()) as QrcodeDocument;
    expect(doc.link).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(doc.url).toBe(`${new URL(page.url()).origin}/r/${doc.link}`);
    const line = s.line(doc);
    await expect(line).toBeFocused();
    await expect(line).toHaveAttribute('href', `/qrcode?id=${doc.id}`);
    await expect(line).toContainText(t.qrcodes.free);
    await expect(line.locator('..')).toHaveClass(/qr-line--free/);
    await expect(s.main.getByRole('status')).toHaveText(fill(t.qrcodes.added, { link: doc.link }));

    // Its page: inactive, nothing chosen, the image of its address.
    await line.click();
    await expect(page).toHaveURL(`/qrcode?id=${doc.id}`);
    await expect(heading(page, `Code QR ${doc.link}`)).toBeVisible();
    await expect(page).toHaveTitle(`Code QR ${doc.link} · Legenda`);
    await expect(s.inactive).toHaveText('Code QR inactif. Aucun article associé.');
    await expect(s.preview(doc).locator('canvas')).toHaveCount(1);
    await expect(s.main.getByText(doc.url, { exact: true })).toBeVisible();
    await expect(
      s.main.getByRole('link', { name: fr.qrcode.backToQrcodes, exact: true }),
    ).toHaveAttribute('href', '/qrcodes');
    await expect(
      s.main.getByRole('link', { name: t.common.backToDashboard, exact: true }),
    ).toHaveAttribute('href', '/dashboard');

    // The search: "contains", whatever the case.
    await expect(s.search).toHaveAttribute('placeholder', 'Rechercher…');
    await s.search.fill(id.toUpperCase());
    await expect(s.radios).toHaveCount(2);
    await s.search.fill(`ROMAINE ${id.toUpperCase()}`);
    await expect(s.radios).toHaveCount(1);
    await expect(s.option(vase.title)).toHaveCount(0);
    await s.search.fill(`grec ${id}`);
    await expect(s.radios).toHaveCount(1);
    await s.search.fill(`amphore ROMAINE ${id}`);
    await expect(s.option(amphora.title)).toContainText(amphora.name);
    await s.option(amphora.title).getByRole('radio').check();
    await expect(s.main.getByText(fill(t.qrcode.chosen, { title: amphora.title }))).toBeVisible();
    // The choice stays named when the search hides it.
    await s.search.fill(`grec ${id}`);
    await expect(s.main.getByText(fill(t.qrcode.chosen, { title: amphora.title }))).toBeVisible();

    await s.save.click();
    await expect(toast(page, 'Code QR mis à jour')).toBeVisible();
    await expect(s.inactive).toHaveCount(0);
    await expect(s.main.getByRole('link', { name: amphora.title, exact: true })).toHaveAttribute(
      'href',
      `/article?id=${amphora.id}`,
    );
    const stored = await page.request.get(`/api/read/qrcode?qrcodeId=${doc.id}`);
    expect(((await stored.json()) as QrcodeDocument).id_article).toBe(amphora.id);
    // Reloaded: the linked article is the one chosen.
    await page.reload();
    await s.search.fill(id);
    await expect(s.option(amphora.title).getByRole('radio')).toBeChecked();
    await expect(s.option(vase.title).getByRole('radio')).not.toBeChecked();

    // Back in the list: linked, with the article's title, no longer free.
    await s.main.getByRole('link', { name: fr.qrcode.backToQrcodes, exact: true }).click();
    await expect(page).toHaveURL('/qrcodes');
    await expect(s.line(doc)).toContainText(amphora.title);
    await expect(s.line(doc)).not.toContainText(t.qrcodes.free);
    await expect(s.line(doc).locator('..')).not.toHaveClass(/qr-line--free/);
    logs.expectClean();
  });

  test('Save with no article chosen sends nothing; a failed save says so', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const article = await newArticle(page, `Lampe à huile ${tag()}`);
    const doc = await addCode(page);
    const s = screens(page, 'fr');
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/manage/update_qrcode')) updates.push(request.method());
    });

    await visit(page, `/qrcode?id=${doc.id}`);
    await expect(heading(page, `Code QR ${doc.link}`)).toBeVisible();
    await expect(s.search).toBeVisible();
    await expect(s.main.getByText(t.qrcode.noneChosen, { exact: true })).toBeVisible();
    await s.save.click();
    const message = s.main.getByRole('alert').filter({ hasText: 'Choisissez d’abord un article' });
    await expect(message).toBeVisible();
    await expect(s.search).toBeFocused();
    expect(updates).toEqual([]);

    // Choosing clears the message; the server fails: 'Une erreur s'est produite'.
    await page.route('**/api/manage/update_qrcode', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Internal error' } },
      }),
    );
    await s.search.fill(article.title);
    await s.option(article.title).getByRole('radio').check();
    await expect(message).toHaveCount(0);
    await s.save.click();
    await expect(toast(page, 'Une erreur s’est produite')).toBeVisible();
    expect(updates).toEqual(['POST']);
    await expect(s.inactive).toBeVisible();
    await expect(s.save).toBeEnabled();
  });

  test('the image downloads as PNG (default), SVG, JPEG and WebP, and scans to the printed address', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const article = await newArticle(page, `Stèle ${tag()}`);
    const doc = await linkCode(page, await addCode(page), article);
    const logs = watchConsole(page);
    const s = screens(page, 'fr');
    await visit(page, `/qrcode?id=${doc.id}`);
    await expect(s.preview(doc).locator('canvas')).toHaveCount(1);
    await expect(s.download).toBeEnabled();
    await expect(s.format).toHaveValue('png');
    await expect(s.format.locator('option')).toHaveText(['PNG', 'SVG', 'JPEG', 'WebP']);
    await expect(s.colours).toHaveValue('dark-on-light');
    await expect(s.colours.locator('option')).toHaveText([
      'Noir sur blanc (par défaut)',
      'Blanc sur noir — illisible pour certains lecteurs',
    ]);
    await expect(s.colours).toHaveAccessibleDescription(t.qrcode.coloursHint);

    const download = async (extension: string, name = `qrcode-${doc.link}`) => {
      await s.format.selectOption(extension);
      const [file] = await Promise.all([page.waitForEvent('download'), s.download.click()]);
      expect(file.suggestedFilename()).toBe(`${name}.${extension}`);
      return fs.readFile(await file.path());
    };

    const png = PNG.sync.read(await download('png'));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(decode(png)).toBe(doc.url);
    // Black dots on white (the default), read by a decoder that never inverts (zbar's way)...
    expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(decodeAsIs(png)).toBe(doc.url);
    // ...with a quiet zone of two modules or more: the finder's first row, then its edge.
    const { start, module } = finderRow(png);
    expect(start / module).toBeGreaterThanOrEqual(2);

    // White on black, on demand: the preview shows it; a decoder that never inverts cannot
    // read it, hence its warning.
    await s.colours.selectOption('light-on-dark');
    await expect(s.preview(doc)).toHaveAttribute('data-colours', 'light-on-dark');
    const dark = PNG.sync.read(await download('png', `qrcode-${doc.link}-light-on-dark`));
    expect([dark.width, dark.height]).toEqual([300, 300]);
    expect([...dark.data.subarray(0, 3)]).toEqual([0, 0, 0]);
    expect(decode(dark)).toBe(doc.url);
    expect(decodeAsIs(dark)).toBeUndefined();
    const darkSvg = (await download('svg', `qrcode-${doc.link}-light-on-dark`)).toString('utf8');
    expect(darkSvg).toMatch(/fill="#000000"/);
    await s.colours.selectOption('dark-on-light');

    const svg = (await download('svg')).toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).toMatch(/<svg[^>]*\swidth="300"/);
    expect(svg).toMatch(/<svg[^>]*\sheight="300"/);
    // Enlarged, its modules join without hairlines.
    expect(svg).toMatch(/<svg[^>]*\sshape-rendering="crispEdges"/);
    // The centre logo travels inside the file.
    expect(svg).toMatch(/<image[^>]*href="data:image\/svg\+xml;base64,/);

    const jpeg = await download('jpeg');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const webp = await download('webp');
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // The SVG scales: drawn at 1200x1200 it still scans.
    const viewer = await page.context().newPage();
    await viewer.setViewportSize({ width: 1300, height: 1300 });
    const big = svg.replace(/(<svg[^>]*\s)width="300"/, '$1width="1200"');
    await viewer.setContent(
      `<body style="margin:0"><div id="code" style="display:inline-block;padding:48px;background:#fff">${big.replace(/(<svg[^>]*\s)height="300"/, '$1height="1200"')}</div></body>`,
    );
    const shot = PNG.sync.read(await viewer.locator('#code').screenshot());
    expect([shot.width, shot.height]).toEqual([1296, 1296]);
    expect(decodeAsIs(shot)).toBe(doc.url);
    await viewer.close();
    logs.expectClean();
  });

  test('a visitor following a code reaches its article; a free code is a friendly 404', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const article = await newArticle(page, `Mosaïque ${tag()}`);
    const doc = await linkCode(page, await addCode(page), article);
    const free = await addCode(page);

    const path = new URL(doc.url).pathname;
    expect(path).toBe(`/r/${doc.link}`);
    await page.goto(path);
    await expect(page).toHaveURL(`/article?name=${article.name}`);
    await expect(
      page.getByRole('heading', { level: 1, name: uiStrings('fr').chooseLanguage, exact: true }),
    ).toBeVisible();

    const response = await page.goto(new URL(free.url).pathname);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Article introuvable', exact: true }),
    ).toBeVisible();
  });

  test('the print sheet holds the active codes only, one SVG each, without the site around it', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const id = tag();
    const first = await newArticle(page, `Fresque ${id}`);
    const second = await newArticle(page, `Buste ${id}`);
    const one = await linkCode(page, await addCode(page), first);
    const two = await linkCode(page, await addCode(page), second);
    const free = await addCode(page);
    const logs = watchConsole(page);

    await visit(page, '/qrcodes/print');
    await expect(heading(page, t.qrcodes.print.title)).toBeVisible();
    const grid = page.getByRole('list', { name: t.qrcodes.print.list, exact: true });
    const card = (doc: QrcodeDocument) =>
      grid.getByRole('listitem').filter({
        has: page.getByRole('img', { name: fill(t.qrcode.preview, { url: doc.url }) }),
      });
    for (const [doc, article] of [
      [one, first],
      [two, second],
    ] as const) {
      await expect(card(doc)).toContainText(article.title);
      await expect(card(doc)).toContainText(doc.url.replace(/^https?:\/\//, ''));
      await expect(card(doc).locator('svg')).toHaveCount(1);
    }
    await expect(card(free)).toHaveCount(0);
    await expect(grid).not.toContainText(free.link);

    // Black on white by default, read by a decoder that never inverts; white on black on demand.
    const colours = page.getByLabel(t.qrcode.colours, { exact: true });
    await expect(colours).toHaveValue('dark-on-light');
    const oneQr = card(one).locator('.print-card__qr');
    await expect(oneQr).toHaveAttribute('data-colours', 'dark-on-light');
    await expect
      .poll(async () => decodeAsIs(PNG.sync.read(await oneQr.screenshot())))
      .toBe(one.url);
    await colours.selectOption('light-on-dark');
    await expect(oneQr).toHaveAttribute('data-colours', 'light-on-dark');
    // The cards draw again (asynchronously): the sheet reads inverted once they have.
    await expect
      .poll(async () => {
        const shot = PNG.sync.read(await oneQr.screenshot());
        return [decode(shot), decodeAsIs(shot)];
      })
      .toEqual([one.url, undefined]);
    const cards = await grid.getByRole('listitem').count();
    await expect(grid.locator('.print-card__qr > svg')).toHaveCount(cards);
    const print = page.getByRole('button', { name: t.qrcodes.print.button, exact: true });
    await expect(print).toBeEnabled();

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header.topbar')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(card(one)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    logs.expectClean();
  });

  test('an unknown, invalid or missing id says so', async ({ page, signIn }) => {
    await signIn();
    await visit(page, '/qrcode?id=999999');
    await expect(heading(page, t.qrcode.notFound)).toBeVisible();
    await expect(page.getByText(t.qrcode.notFoundText, { exact: true })).toBeVisible();
    await visit(page, '/qrcode?id=abc');
    await expect(page.getByText(t.qrcode.invalidId, { exact: true })).toBeVisible();
    await visit(page, '/qrcode');
    await expect(page.getByText(t.qrcode.missing, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: t.qrcode.backToQrcodes, exact: true }),
    ).toHaveAttribute('href', '/qrcodes');
  });
});

test.describe('QR codes (en)', () => {
  test('the English wording', async ({ page, signIn }) => {
    await signIn();
    const article = await newArticle(page, `Coin ${tag()}`);
    const s = screens(page, 'en');

    await visit(page, url('en', '/qrcodes'));
    await expect(heading(page, dict.en.qrcodes.heading)).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/manage/add_qrcode'));
    await page.getByRole('button', { name: 'Add a qrcode', exact: true }).click();
    const doc = (await (await answer).json()) as QrcodeDocument;
    await expect(s.line(doc)).toContainText(`QR Code ${doc.link}`);
    await expect(s.line(doc)).toContainText('Free');
    await expect(s.line(doc)).toHaveAttribute('href', `/en/qrcode?id=${doc.id}`);

    await s.line(doc).click();
    await expect(heading(page, `QR Code ${doc.link}`)).toBeVisible();
    await expect(s.inactive).toHaveText('QR code inactive. Missing linked article.');
    await expect(s.search).toHaveAttribute('placeholder', 'Search…');
    await s.save.click();
    await expect(s.main.getByRole('alert')).toHaveText('Choose an article first');
    await s.search.fill(article.title.toUpperCase());
    await s.option(article.title).getByRole('radio').check();
    await s.save.click();
    await expect(toast(page, 'QR code updated successfully')).toBeVisible();
    await expect(s.main.getByRole('link', { name: article.title, exact: true })).toBeVisible();
  });
});

test.describe('QR codes while PUBLIC_SITE_URL is unset', () => {
  /**
   * The e2e server has PUBLIC_SITE_URL: its answers are given the mark the server adds without
   * it (`address_unset`, qrcodes.test.ts), so the screens' note is seen here.
   */
  async function asIfUnset(page: Page) {
    await page.route(/\/api\/read\/qrcodes?(\?|$)/, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as QrcodeDocument | QrcodeDocument[];
      const marked = (doc: QrcodeDocument) => ({ ...doc, address_unset: true });
      await route.fulfill({
        response: answer,
        json: Array.isArray(body) ? body.map(marked) : marked(body),
      });
    });
  }

  test('the list, a code and the print sheet say the codes lead to this computer, and how to set the address', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const article = await newArticle(page, `Vitrine ${tag()}`);
    const doc = await linkCode(page, await addCode(page), article);
    const site = new URL(doc.url).origin;
    const note = page.getByRole('main').getByRole('note');

    // With the address set (the e2e server's), nothing is said.
    await visit(page, '/qrcodes');
    await expect(screens(page, 'fr').line(doc)).toBeVisible();
    await expect(note).toHaveCount(0);

    await asIfUnset(page);
    for (const lang of ['fr', 'en'] as const) {
      const t = dict[lang].qrcodes;
      for (const path of ['/qrcodes', `/qrcode?id=${doc.id}`, '/qrcodes/print']) {
        await visit(page, url(lang, path));
        await expect(note, `${lang} ${path}`).toContainText(fill(t.addressUnset, { site }));
        await expect(note).toContainText(t.addressHow);
        await expect(note.locator('code')).toHaveText('PUBLIC_SITE_URL=https://…');
      }
    }
  });
});

test.describe('QR codes accessibility', () => {
  /** Nothing in the page's content is wider than the viewport (the top bar is the shell's). */
  async function expectFits(page: Page, width: number) {
    const widest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('main *')].map((e) => e.getBoundingClientRect().right),
      ),
    );
    expect(widest, page.url()).toBeLessThanOrEqual(width);
  }

  // One page, on a desktop then on a phone: a page of its own for each cost a browser page.
  test('list, detail and print sheet have no axe violation (desktop, then a 375 px phone)', async ({
    page,
    signIn,
  }) => {
    // Axe over three pages, twice: 20 s each alone on a busy two-core machine.
    test.setTimeout(360_000);
    await signIn();
    for (const phone of [false, true]) {
      const article = await newArticle(page, `Tapisserie ${tag()}`);
      const doc = await linkCode(page, await addCode(page), article);
      const free = await addCode(page);
      const s = screens(page, 'fr');
      const width = phone ? 375 : 1280;
      if (phone) await page.setViewportSize({ width, height: 812 });

      await visit(page, '/qrcodes');
      await expect(s.line(free)).toBeVisible();
      await expectNoViolations(page, QR_SHAPES);
      await expectFits(page, width);

      await visit(page, `/qrcode?id=${doc.id}`);
      await expect(s.preview(doc).locator('canvas')).toHaveCount(1);
      await s.search.fill(article.title);
      await expect(s.radios).toHaveCount(1);
      await expectNoViolations(page, QR_SHAPES);
      await expectFits(page, width);

      if (!phone) {
        // A free code, after a save with nothing chosen: the message is announced.
        await visit(page, `/qrcode?id=${free.id}`);
        await expect(s.inactive).toBeVisible();
        await s.save.click();
        await expect(s.main.getByRole('alert')).toBeVisible();
        await expectNoViolations(page, QR_SHAPES);
      }

      await visit(page, '/qrcodes/print');
      await expect(
        page.getByRole('button', { name: fr.qrcodes.print.button, exact: true }),
      ).toBeEnabled();
      await expectNoViolations(page, QR_SHAPES);
      await expectFits(page, width);
    }
  });
});
