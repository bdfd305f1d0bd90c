import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import {
  staffJourneys,
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  fill,
  LANGS,
  MUSEUM_SETTINGS,
  post,
  test,
  url,
  type Lang,
} from './fixtures.ts';
import { FAKE_ENGINE_URL } from './settings.ts';

/**
 * The translations overview from the dashboard, Translate now with
 * its estimate and progress, a cell opening the review screen with its phone preview, and the
 * museum's priority languages prepared after a save. Articles carry a tag of the test's own:
 * the museum is shared by the tests running in parallel.
 */

async function publish(context: BrowserContext, tag: string) {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const name = `vue-${tag}`;
  await post(context, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name },
      { type: 'text', id: 'Intro', content: `Bienvenue au port ${tag}.` },
      { type: 'image', id: 'Carte', alt: `Une carte du port ${tag}` },
      { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
    ],
    unformatted_name: `Vue ${tag}`,
    instructions: '',
  });
  return { id, name };
}

/** A cell's accessible name: a language whose name starts so, and these counts of its texts. */
function cellName(lang: Lang, language: string, counts: Record<string, string>) {
  const rest = dict[lang].overview.cell.split('{{language}}')[1] ?? '';
  // An accessible name reads the French no-break space before ':' as a plain one.
  const words = escapeRegExp(fill(rest, counts)).replaceAll('\u00a0', '\\s');
  return new RegExp(`^${escapeRegExp(language)}[^:]*${words}`);
}

const machineOnly = { reviewed: '0', machine: '3', stale: '0', missing: '0', total: '3' };

test.describe('the translations overview', MUSEUM_SETTINGS, () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `prepares an article in two languages, then checks one from its cell`,
      lang,
      async ({ page, signIn }) => {
        const t = dict[lang];
        await signIn();
        const tag = randomUUID().slice(0, 8);
        const { id } = await publish(page.context(), tag);

        await page.goto(url(lang, '/dashboard'));
        await page.getByRole('link', { name: new RegExp(`^${t.dashboard.translations}`) }).click();
        await expect(page.getByRole('heading', { level: 1, name: t.review.title })).toBeVisible();

        // Translate now: two languages, this article; the estimate comes first.
        const prepare = page.getByRole('region', { name: t.prepare.title });
        const languages = prepare.getByRole('combobox', { name: t.prepare.languages, exact: true });
        await languages.selectOption('es');
        await languages.selectOption('de');
        await expect(prepare.getByRole('list', { name: t.prepare.languages })).toContainText(
          'Español',
        );
        await prepare
          .getByRole('combobox', { name: t.prepare.scope, exact: true })
          .selectOption(String(id));
        const estimate = new RegExp(
          fill(t.prepare.estimate, { segments: '6', tokens: '\\S+', batches: '2' }).replace(
            /[()]/g,
            '\\$&',
          ),
        );
        await expect(prepare.getByText(estimate)).toBeVisible();
        await prepare.getByRole('button', { name: t.prepare.start, exact: true }).click();
        await expect(prepare.getByRole('status')).toContainText(
          fill(t.prepare.finished, { total: '2' }),
        );
        // Asked again once the work is done: nothing is left to pay for.
        await expect(prepare.getByText(t.prepare.nothingToDo)).toBeVisible();

        // The article's row: both languages machine-translated, nothing checked yet.
        await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
        const row = page.getByRole('row').filter({ hasText: `Vue ${tag}` });
        const spanish = row.getByRole('link', { name: cellName(lang, 'Español', machineOnly) });
        await expect(spanish).toBeVisible();
        await expect(
          row.getByRole('link', { name: cellName(lang, 'Deutsch', machineOnly) }),
        ).toBeVisible();
        await expectNoViolations(page);
        // The browser's words while the review screen and its preview load: nothing blocked.
        const blocked: string[] = [];
        page.on('console', (message) => {
          if (/sandbox|blocked script/i.test(message.text())) blocked.push(message.text());
        });
        await spanish.click();

        // The review screen in Spanish, the phone preview beside it showing the page.
        await expect(page).toHaveURL(new RegExp(`articleId=${id}&lang=es`));
        const preview = page.frameLocator(`iframe[title="${t.review.previewFrame}"]`);
        await expect(preview.getByText(`[es] Bienvenue au port ${tag}.`).first()).toBeVisible();
        // As on a visitor's phone: the page's script offers Listen, and the players meant for a
        // phone without JavaScript are not drawn.
        await expect(preview.locator('.reader-listen button')).toBeVisible();
        await expect(preview.locator('.reader-listen audio')).toHaveCount(0);
        expect(blocked).toEqual([]);
        const first = page.locator('.review-row').first().getByRole('textbox');
        await first.fill(`Bienvenidos al puerto ${tag}.`);
        await first.press('Control+Enter');
        await expect(preview.getByText(`Bienvenidos al puerto ${tag}.`).first()).toBeVisible();

        // Back on the overview, the cell counts the museum's check.
        await page.goto(url(lang, '/translations'));
        await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
        const checked = { reviewed: '1', machine: '2', stale: '0', missing: '0', total: '3' };
        await expect(
          row.getByRole('link', { name: cellName(lang, 'Español', checked) }),
        ).toBeVisible();
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }

  test('on a 390 px phone the overview scrolls its table, never the page; a text opens the preview at itself', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id } = await publish(page.context(), tag);
    await post(
      page.context(),
      'translate_now',
      { articleId: id, langs: ['ar', 'de', 'es', 'it'] },
      202,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    const t = dict.en;
    await page.goto(url('en', '/translations'));
    await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
    const row = page.getByRole('row').filter({ hasText: `Vue ${tag}` });
    await expect(async () => {
      await page.reload();
      await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
      await expect(
        row.getByRole('link', { name: cellName('en', 'Italiano', machineOnly) }),
      ).toBeAttached({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoViolations(page);

    // The review screen: no preview after all the texts; a text's own button opens it, at that
    // text (the last one, below three tall spaces: out of view until the preview scrolls).
    await post(page.context(), 'update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: `vue-${tag}` },
        { type: 'text', id: 'Intro', content: `Bienvenue au port ${tag}.` },
        { type: 'image', id: 'Carte', alt: `Une carte du port ${tag}` },
        ...[1, 2, 3].map(() => ({ type: 'space', size: 400 })),
        { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
      ],
      unformatted_name: `Vue ${tag}`,
      instructions: '',
    });
    await page.goto(url('en', `/translations?articleId=${id}&lang=es`));
    const last = page.locator('.review-row').last();
    await expect(last.getByRole('textbox')).toHaveValue(`[es] Merci de votre visite ${tag}.`);
    await expect(page.locator('iframe')).toHaveCount(0);
    const show = last.getByRole('button', { name: t.reviewPhone.show, exact: true });
    await show.click();
    const dialog = page.getByRole('dialog', { name: t.review.preview });
    await expect(dialog.getByRole('button', { name: t.reviewPhone.close })).toBeFocused();
    const frame = dialog.frameLocator(`iframe[title="${t.review.previewFrame}"]`);
    const text = (words: string) => frame.getByRole('paragraph').filter({ hasText: words });
    await expect(text(`[es] Merci de votre visite ${tag}.`)).toBeInViewport();
    await expect(text(`[es] Bienvenue au port ${tag}.`)).not.toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoViolations(page, ['.review-preview__phone']);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(show).toBeFocused();
  });

  test('prepares the priority languages chosen in Settings after every save', async ({
    page,
    signIn,
  }) => {
    const t = dict.fr;
    await signIn();
    await page.goto('/settings');
    const field = page.getByRole('combobox', { name: t.settings.priorityLanguages, exact: true });
    await field.selectOption('it');
    await page.getByRole('button', { name: t.settings.save, exact: true }).click();
    await expect(page.getByText(t.settings.saved)).toBeVisible();
    try {
      const tag = randomUUID().slice(0, 8);
      await publish(page.context(), tag);
      await page.goto('/translations');
      await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
      const row = page.getByRole('row').filter({ hasText: `Vue ${tag}` });
      // Prepared in the background: the overview shows it once done (reload until then).
      await expect(async () => {
        await page.reload();
        await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
        await expect(
          row.getByRole('link', { name: cellName('fr', 'Italiano', machineOnly) }),
        ).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    } finally {
      const settings = await (await page.request.get('/api/read/settings')).json();
      await post(page.context(), 'update_settings', {
        sourceLanguage: settings.sourceLanguage,
        timeZone: settings.timeZone,
        priorityLanguages: [],
      });
    }
  });
});

test.describe('a translation that keeps failing', () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `shows the pair failing in the overview and the next try on the review screen`,
      lang,
      async ({ page, signIn }, testInfo) => {
        const t = dict[lang];
        await signIn();
        const tag = randomUUID().slice(0, 8);
        const { id, name } = await publish(page.context(), tag);
        // Armenian and Georgian: languages of this test's own, whose engine fails.
        const target = lang === 'fr' ? 'hy' : 'ka';
        const set = await page.request.post(`${FAKE_ENGINE_URL}/_behaviour`, {
          data: { lang: target, behaviour: { type: 'status', status: 500 } },
        });
        expect(set.status()).toBe(200);
        try {
          expect((await page.request.get(`/article?name=${name}&lang=${target}`)).status()).toBe(
            200,
          );
        } finally {
          await page.request.post(`${FAKE_ENGINE_URL}/_behaviour`, { data: { lang: target } });
        }

        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(url(lang, '/translations'));
          await page.getByRole('searchbox', { name: t.overview.filter }).fill(tag);
          const row = page.getByRole('row').filter({ hasText: `Vue ${tag}` });
          const cell = row.getByRole('link', { name: new RegExp(escapeRegExp(t.failing.badge)) });
          await expect(cell).toBeVisible();
          await expect(cell).toHaveAccessibleName(
            new RegExp(escapeRegExp(fill(t.failing.reason.engine, { count: '3' }))),
          );
          await expect(page.getByText(t.failing.legend)).toBeVisible();
          await page.screenshot({
            path: testInfo.outputPath(`overview-${lang}-${width}.png`),
            fullPage: true,
          });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(width);

          await page.goto(url(lang, `/translations?articleId=${id}&lang=${target}`));
          const notice = page.getByRole('region', {
            name: new RegExp(escapeRegExp(t.failing.title)),
          });
          await expect(notice).toBeVisible();
          const next = fill(t.failing.nextTry, { time: '__' }).split('__')[0]!;
          await expect(notice).toContainText(next);
          await expect(notice).toContainText(t.failing.translateNowHint);
          await page.screenshot({
            path: testInfo.outputPath(`review-${lang}-${width}.png`),
            fullPage: true,
          });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(width);
        }
        await expectNoViolations(page);

        // Try again now: Translate now of the pair, the engine answering this time.
        const notice = page.getByRole('region', {
          name: new RegExp(escapeRegExp(t.failing.title)),
        });
        await notice.getByRole('button', { name: t.failing.retry }).click();
        await expect(notice).toBeHidden();
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }
});
