import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  staffJourneys,
  dict,
  expect,
  expectNoViolations,
  fill,
  LANGS,
  MUSEUM_SETTINGS,
  test,
  toast,
  url,
} from './fixtures.ts';
import { machineRows, signedInWithTagged } from './tagged-article.ts';

/**
 * A curator sends an article to a human translator as XLIFF 1.2 and imports
 * the translated file back. The article's texts hold a tag of the test's own, so parallel tests
 * never share one; the museum's language is held still (its settings lock), as review.spec.ts.
 */

/** Clicks an export link and reads the file it downloads. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  return { filename: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test.describe('working with a translator', MUSEUM_SETTINGS, () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `exports the article as XLIFF and imports the translator’s file`,
      lang,
      async ({ page, signIn }) => {
        const t = dict[lang].review;
        const { id, name, tag } = await signedInWithTagged(page, signIn, 'xliff', 'XLIFF');
        // A visitor reads it in Spanish first: machine translations are stored.
        expect((await page.request.get(`/article?name=${name}&lang=es`)).status()).toBe(200);

        await page.goto(url(lang, `/translations?articleId=${id}&lang=es`));
        await expect(page.getByRole('heading', { level: 2, name: t.xliff.heading })).toBeVisible();
        const rows = await machineRows(page, t.state);
        // The phone preview's frame is the visitor page, which the visitor tests check: left out.
        await expectNoViolations(page, ['.review-preview__phone']);

        const one = await download(page, t.xliff.export);
        expect(one.filename).toBe(`${name}.es.xlf`);
        expect(one.text).toContain('<xliff version="1.2"');
        expect(one.text).toContain('target-language="es"');
        for (const segment of ['Intro.content', 'Carte.alt', 'Fin.content']) {
          expect(one.text).toContain(`<trans-unit id="${segment}"`);
        }
        expect(one.text).toContain(`<source>Merci de votre visite ${tag}.</source>`);
        const all = await download(page, t.xliff.exportAll);
        expect(all.filename).toBe(`${name}.all.xlf`);
        expect(all.text).toContain('target-language="es"');

        // The translator corrects the last text in their tool and sends the file back.
        const start = one.text.indexOf('<trans-unit id="Fin.content"');
        const end = one.text.indexOf('</trans-unit>', start);
        const unit = one.text
          .slice(start, end)
          .replace(
            /<target[^>]*>[^<]*<\/target>/,
            `<target state="translated">Gracias ${tag}.</target>`,
          );
        const edited = one.text.slice(0, start) + unit + one.text.slice(end);
        await page.getByLabel(t.xliff.import, { exact: true }).setInputFiles({
          name: `${name}.es.xlf`,
          mimeType: 'application/x-xliff+xml',
          buffer: Buffer.from(edited),
        });
        const done = fill(t.xliff.imported, { imported: '1', stale: '0', skipped: '2' });
        await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();
        await expect(rows.nth(2).locator('.review-state')).toHaveText(t.state.reviewed);
        await expect(rows.nth(2).getByRole('textbox')).toHaveValue(`Gracias ${tag}.`);
        await expect(rows.nth(0).locator('.review-state')).toHaveText(t.state.machine);

        // A broken file is refused in the interface's language, and changes nothing.
        await page.getByLabel(t.xliff.import, { exact: true }).setInputFiles({
          name: 'broken.xlf',
          mimeType: 'application/x-xliff+xml',
          buffer: Buffer.from(edited.slice(0, -20)),
        });
        await expect(toast(page, dict[lang].apiErrors.invalid_xliff_xml)).toBeVisible();
        await expect(rows.nth(2).getByRole('textbox')).toHaveValue(`Gracias ${tag}.`);

        const visitor = await (await page.request.get(`/article?name=${name}&lang=es`)).text();
        expect(visitor).toContain(`Gracias ${tag}.`);
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }
});
