import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { dict, escapeRegExp, expect, test, url } from './fixtures.ts';
import { E2E_ORIGIN } from './settings.ts';

/**
 * The whole museum out, from Settings: the export downloads as a zip holding the manifest, the
 * articles and the media; the restore is offered only to a museum without articles (the e2e
 * museum has some, so it says why, and the API refuses with 409). The restore into an empty
 * museum of another Legenda, page for page, is src/features/transfer/transfer.test.ts's.
 */
test('the museum exported from Settings, then its words in English and on a phone', async ({
  page,
  signIn,
}) => {
  await signIn();
  const fr = dict.fr.transfer;
  await page.goto(url('fr', '/settings'));
  await expect(page.getByRole('heading', { name: fr.title })).toBeVisible();
  await expect(page.getByText(fr.exportHint)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: fr.exportLink }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^legenda-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync((await download.path())!);
  const files = unzipSync(new Uint8Array(bytes));
  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
    format: string;
    counts: { articles: number };
  };
  expect(manifest.format).toBe('legenda-museum');
  expect(manifest.counts.articles).toBeGreaterThan(0);
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

  await page.setViewportSize({ width: 390, height: 844 });
  const link = page.getByRole('link', { name: en.exportLink });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
