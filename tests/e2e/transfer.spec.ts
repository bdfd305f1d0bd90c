import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import type { CircuitDocument } from '../../src/features/circuits/schema.ts';
import { newBlock, newDetail } from '../../src/features/articles/content.ts';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
import {
  test as base,
  dict,
  escapeRegExp,
  expect,
  fill,
  loginForm,
  MUSEUM_SETTINGS,
  post,
  toast,
  url,
  visit,
} from './fixtures.ts';
import { OTHER_ADMIN, startSecondLegenda, type SecondLegenda } from './second-legenda.ts';
import { E2E_ORIGIN } from './settings.ts';

/**
 * The whole museum out, from Settings, and into another Legenda: the export downloads as a zip
 * holding the manifest, the articles and the media; the restore is offered only to a museum
 * without articles (the e2e museum has some, so it says why, and the API refuses with 409). A
 * second Legenda, started for the test with only its untouched demo article (which counts as
 * empty, and which the restore replaces), restores the zip from its own Settings, and every visitor page of the test's articles and circuit reads the same on both.
 * Holds MUSEUM_SETTINGS: the visitor pages are read in the museum's own language.
 */

const test = base.extend<{ second: SecondLegenda }>({
  // One per test, stopped (SIGTERM) and its data removed whatever the test's outcome.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture asks for from this parameter; this one asks for none.
  second: async ({}, use) => {
    const server = await startSecondLegenda(E2E_ORIGIN);
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
});

interface Made {
  /** The visitor pages' addresses (the metadatas' url names, kept by the restore). */
  pages: string[];
  /** Each page's text inside its closed accordion. */
  details: string[];
  circuit: string;
  qrLink: string;
}

/** A folder with three articles (texts, an accordion, a picture), a circuit and a QR code. */
async function makeMuseumPart(page: Page, tag: string): Promise<Made> {
  const folder = await post<{ id: number }>(
    page,
    'add_folder',
    { pathArray: [], id: `Salle ${tag}` },
    201,
  );
  const picture = await sharp({
    create: { width: 800, height: 500, channels: 3, background: '#1d4e89' },
  })
    .composite([
      { input: { create: { width: 400, height: 250, channels: 3, background: '#e0a' } } },
    ])
    .jpeg()
    .toBuffer();
  const texts = (n: number) => ({
    intro: `Vitrine ${n} ${tag} : une amphore romaine trouvée au large de Marseille.`,
    detail: `Son col porte le sceau ${n}-${tag} d'un atelier de Campanie.`,
  });
  const ids: number[] = [];
  const pages: string[] = [];
  const details: string[] = [];
  for (const n of [1, 2, 3]) {
    const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [folder.id] }, 201);
    const name = `restauree-${n}-${tag}`;
    const { intro, detail } = texts(n);
    const blocks: unknown[] = [
      { type: 'metadatas', url: name, backgroundColor: '#341539', publicTitle: `Vitrine ${n}` },
      { ...newBlock('text'), content: intro },
      {
        ...newBlock('accordion'),
        header: { ...newBlock('accordion').header, content: `En savoir plus ${n}` },
        details: [{ ...newDetail('text'), content: detail }],
      },
    ];
    if (n === 1) {
      const upload = await page.request.post('/api/upload/image', {
        headers: { origin: E2E_ORIGIN },
        multipart: {
          image: { name: 'amphore.jpg', mimeType: 'image/jpeg', buffer: picture },
          articleId: String(id),
        },
      });
      expect(upload.status(), await upload.text()).toBe(200);
      const { mediaUrl } = (await upload.json()) as { mediaUrl: string };
      blocks.push({ ...newBlock('image'), src: mediaUrl, alt: `Amphore ${tag}` });
    }
    await post(page, 'update_article', {
      articleId: id,
      newContent: blocks,
      unformatted_name: `Réserve ${n} ${tag}`,
      instructions: '',
    });
    ids.push(id);
    pages.push(name);
    details.push(detail);
  }
  const circuit = await post<CircuitDocument>(
    page,
    'save_circuit',
    { name: `parcours-${tag}`, title: `Parcours ${tag}`, intro: '', articleIds: ids },
    201,
  );
  const code = await post<QrcodeDocument>(page, 'add_qrcode', {}, 201);
  await post(page, 'update_qrcode', { qrcodeId: code.id, articleId: ids[0] });
  return { pages, details, circuit: circuit.name, qrLink: code.link };
}

/** What a visitor reads on the page at `route`, once its pictures are shown. */
async function readVisitorPage(page: Page, route: string) {
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(200);
  // A circuit's 'Save for offline reading' shows once offline.js, loaded after the page, drives
  // it: read the page then, on both servers alike.
  const offline = page.locator('[data-offline-save]');
  if ((await offline.count()) > 0) await expect(offline).toHaveAttribute('data-ready', '1');
  // The pictures a visitor sees (not the page's hidden count request, tied to its server's ids).
  const pictures = page.locator('img:not([hidden])');
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  return {
    text: await page.locator('body').innerText(),
    // Closed accordions' texts too, which innerText leaves out.
    all: await page.locator('body').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('script, style, noscript').forEach((node) => node.remove());
      return copy.textContent;
    }),
    alts: await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
  };
}

/** Every visitor page of `made` reads the same on both servers. */
async function expectSamePages(first: Page, second: Page, made: Made) {
  for (const [index, name] of made.pages.entries()) {
    const route = `/article?name=${name}&lang=fr`;
    const here = await readVisitorPage(second, route);
    expect(here.all, route).toContain(made.details[index]);
    expect(here, route).toEqual(await readVisitorPage(first, route));
  }
  const route = `/circuit?name=${made.circuit}&lang=fr`;
  expect(await readVisitorPage(second, route), route).toEqual(await readVisitorPage(first, route));
}

/** Signs in on the second Legenda through its form, as its curator would. */
async function signInThere(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const form = loginForm(page, 'fr');
  await page.goto('/login');
  // The second server's first page: its scripts load cold, slow on a loaded machine.
  await expect(form.submit).toBeEnabled({ timeout: 30_000 });
  await form.email.fill(OTHER_ADMIN.email);
  await form.password.fill(OTHER_ADMIN.password);
  await form.submit.click();
  await expect(page).toHaveURL('/dashboard');
  return page;
}

test.describe('the museum taken out', MUSEUM_SETTINGS, () => {
  // The second Legenda's start (a fixture, in the test's time) and two servers' pages.
  test.describe.configure({ timeout: 180_000 });
  test('exported from Settings, restored into an empty museum of another Legenda, visitor pages alike; in English and on a phone', async ({
    page,
    browser,
    signIn,
    second,
  }) => {
    // The second server serves the first one's build: it built nothing.
    expect(second.output()).not.toContain('Building the site');
    await signIn();
    await page.setViewportSize({ width: 1280, height: 900 });
    const made = await makeMuseumPart(page, randomUUID().slice(0, 8));

    const fr = dict.fr.transfer;
    await visit(page, url('fr', '/settings'));
    await expect(page.getByRole('heading', { name: fr.title })).toBeVisible();
    await expect(page.getByText(fr.exportHint)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: fr.exportLink }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^legenda-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = (await download.path())!;
    const bytes = fs.readFileSync(archive);
    const files = unzipSync(new Uint8Array(bytes));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      format: string;
      counts: Record<'articles' | 'media' | 'circuits' | 'qrcodes', number>;
    };
    expect(manifest.format).toBe('legenda-museum');
    expect(manifest.counts.articles).toBeGreaterThanOrEqual(made.pages.length);
    const articles = JSON.parse(strFromU8(files['data/articles.json']!)) as unknown[];
    expect(articles).toHaveLength(manifest.counts.articles);

    // This museum has articles: the restore says why it is not offered, and the API refuses it.
    const input = page.getByLabel(fr.restoreLabel);
    await expect(input).toBeDisabled();
    await expect(page.getByText(fr.restoreOnlyEmpty.split('{{')[0]!)).toBeVisible();
    const refused = await page.request.post('/api/upload/museum', {
      headers: { origin: E2E_ORIGIN },
      multipart: { archive: { name: 'export.zip', mimeType: 'application/zip', buffer: bytes } },
    });
    expect(refused.status()).toBe(409);

    // The other Legenda, its museum empty: the zip restored from its Settings.
    const context = await browser.newContext({
      baseURL: second.baseURL,
      locale: 'fr-FR',
      viewport: { width: 1280, height: 900 },
    });
    try {
      const there = await signInThere(context);
      await visit(there, url('fr', '/settings'));
      const restore = there.getByLabel(fr.restoreLabel);
      // A new Legenda's museum holds only the demo article its first start wrote, untouched:
      // the restore is offered at once, and replaces it (docs/adr/0039).
      await expect(there.getByText(fr.restoreReplacesDemo)).toBeVisible();
      await expect(restore).toBeEnabled();
      await restore.setInputFiles(archive);
      const counts = Object.fromEntries(
        Object.entries(manifest.counts).map(([key, n]) => [key, String(n)]),
      );
      const restored = fill(fr.restored, counts);
      await expect(there.getByRole('status')).toContainText(restored, { timeout: 60_000 });
      await expect(toast(there, restored)).toBeVisible();
      // Every address and every QR code kept, the demo's own DemoLegend among them: the
      // demo this Legenda held went with the restore.
      await expect(there.getByText(fr.renamed.split('{{')[0]!)).toHaveCount(0);
      await expect(there.getByText(fr.qrNotKept.split('{{')[0]!)).toHaveCount(0);
      await expect(restore).toBeDisabled();

      await expectSamePages(page, there, made);
      // The printed QR code leads to the same article there.
      await there.goto(`/r/${made.qrLink}`);
      await expect(there).toHaveURL(new RegExp(`[?&]name=${escapeRegExp(made.pages[0]!)}(&|$)`));

      // English, on a phone: the restored museum's Settings say how many articles it holds,
      // and the visitor pages still read alike.
      const en = dict.en.transfer;
      await there.setViewportSize({ width: 390, height: 844 });
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(there, url('en', '/settings'));
      await expect(there.getByRole('heading', { name: en.title })).toBeVisible();
      await expect(there.getByRole('heading', { name: en.restoreHeading })).toBeVisible();
      await expect(
        there.getByText(fill(en.restoreOnlyEmpty, { count: String(manifest.counts.articles) })),
      ).toBeVisible();
      await expectSamePages(page, there, made);
    } finally {
      await context.close();
    }

    const en = dict.en.transfer;
    await page.goto(url('en', '/settings'));
    await expect(page.getByRole('heading', { name: en.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.exportHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.restoreHeading })).toBeVisible();
    await expect(page.getByText(en.restoreHint)).toBeVisible();
    // Parallel tests add articles meanwhile: any number of them.
    const [before, after] = en.restoreOnlyEmpty.split('{{count}}') as [string, string];
    const reason = new RegExp(`^${escapeRegExp(before)}\\d+${escapeRegExp(after)}$`);
    await expect(page.getByText(reason)).toBeVisible();

    const link = page.getByRole('link', { name: en.exportLink });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
