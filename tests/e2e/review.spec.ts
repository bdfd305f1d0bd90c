import { randomUUID } from 'node:crypto';
import { languageChoices } from '../../src/features/settings/languages.ts';
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
  type Lang,
} from './fixtures.ts';
import { machineRows, publishTagged, signedInWithTagged } from './tagged-article.ts';

/**
 * A curator checks and corrects an article's translation. The article's texts
 * hold a tag of the test's own, so parallel tests never share one; the museum's language is held
 * still (its settings lock), since the review of the museum's own language is refused.
 */

test.describe('checking a translation', MUSEUM_SETTINGS, () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `corrects one text, approves the rest by keyboard and visitors read them`,
      lang,
      async ({ page, signIn }) => {
        const t = dict[lang].review;
        const { id, name, tag } = await signedInWithTagged(page, signIn, 'revue', 'Revue');
        // A visitor reads it in Spanish first: machine translations are stored.
        const first = await page.request.get(`/article?name=${name}&lang=es`);
        expect(first.status()).toBe(200);

        await page.goto(url(lang as Lang, `/article?id=${id}`));
        await page.getByRole('link', { name: t.editorLink, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
        // Every language by the name Settings gives it (the browser's own names are partly English).
        const choice = page.getByRole('combobox', { name: t.language, exact: true });
        await expect(choice.locator('option:not([value=""])')).toHaveText(
          languageChoices(lang).map((c) => c.label),
        );
        await choice.selectOption('es');
        await expect(page).toHaveURL(new RegExp(`articleId=${id}&lang=es`));

        const rows = await machineRows(page, t.state);
        // The source's [! !] shows as italics; the field keeps the markers.
        await expect(rows.first().locator('.review-row__source em')).toHaveText('musée');
        const field = rows.first().getByRole('textbox');
        await expect(field).toHaveAttribute('lang', 'es');
        await field.fill(`Bienvenidos al [!museo!] del puerto ${tag}.`);
        await field.press('Control+Enter');
        await expect(page.getByText(t.saved)).toBeVisible();
        await expect(rows.first().locator('.review-state')).toHaveText(t.state.reviewed);
        // Ctrl+Enter went on to the next text; once more approves it as it is.
        await expect(rows.nth(1).getByRole('textbox')).toBeFocused();
        await rows.nth(1).getByRole('textbox').press('Control+Enter');
        await expect(rows.nth(1).locator('.review-state')).toHaveText(t.state.reviewed);
        await page.getByRole('button', { name: t.approveAll, exact: true }).click();
        await expect(rows.locator('.review-state')).toHaveText([
          t.state.reviewed,
          t.state.reviewed,
          t.state.reviewed,
        ]);
        // The toasts included, once they have finished coming in (mid-animation they are faded).
        await expect(toast(page, fill(t.approvedAll, { count: '1' }))).toBeVisible();
        await page
          .locator('.Toastify__toast')
          .evaluateAll((toasts) =>
            Promise.all(toasts.flatMap((el) => el.getAnimations().map((a) => a.finished))),
          );
        await expectNoViolations(page);

        const visitor = await (await page.request.get(`/article?name=${name}&lang=es`)).text();
        expect(visitor).toContain(`Bienvenidos al <em>museo</em> del puerto ${tag}.`);
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }

  test('Reset translations keeps what the museum checked, unless the curator ticks the box', async ({
    page,
    signIn,
  }) => {
    const te = dict.fr.editor;
    const t = dict.fr.review;
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id } = await publishTagged(page.context(), tag, 'revue', 'Revue');
    await post(page.context(), 'update_translation', {
      articleId: id,
      lang: 'de',
      segmentId: 'Fin.content',
      text: `Danke für Ihren Besuch ${tag}.`,
    });
    const reset = async (includeReviewed: boolean) => {
      await page.goto(`/article?id=${id}`);
      await page.getByRole('button', { name: te.reset, exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      const box = dialog.getByRole('checkbox', { name: te.resetReviewed, exact: true });
      await expect(box).not.toBeChecked();
      if (includeReviewed) await box.check();
      await dialog.getByRole('button', { name: te.resetConfirm, exact: true }).click();
      await expect(page.getByText(te.resetDone)).toBeVisible();
    };
    const lastState = page.locator('.review-row').last().locator('.review-state');

    await reset(false);
    await page.goto(`/translations?articleId=${id}&lang=de`);
    await expect(lastState).toHaveText(t.state.reviewed);
    await reset(true);
    await page.goto(`/translations?articleId=${id}&lang=de`);
    await expect(lastState).toHaveText(t.state.missing);
  });

  test('a right-to-left language is edited right to left; a bad address says so', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id } = await publishTagged(page.context(), tag, 'revue', 'Revue');
    await page.goto(`/translations?articleId=${id}&lang=ar`);
    const field = page.locator('.review-row').first().getByRole('textbox');
    await expect(field).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.review-state').first()).toHaveText(dict.fr.review.state.missing);
    // Nobody has read it in Arabic yet: the curator asks for the first text now.
    const first = page.locator('.review-row').first();
    await first.getByRole('button', { name: dict.fr.review.retranslate, exact: true }).click();
    await expect(first.locator('.review-state')).toHaveText(dict.fr.review.state.machine);
    await expect(first.getByRole('textbox')).toHaveValue(/^\[ar\] Bienvenue/);

    await page.goto(url('en', `/translations?articleId=999999&lang=es`));
    await expect(page.getByRole('alert')).toHaveText(dict.en.review.notFound);
    await page.goto(url('en', `/translations?articleId=abc`));
    await expect(page.getByText(dict.en.review.noArticle)).toBeVisible();
  });
});

test.describe('keeping a checked translation current', MUSEUM_SETTINGS, () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `a changed original shows what was checked, visitors are told who translated`,
      lang,
      async ({ page, signIn }) => {
        const t = dict[lang].review;
        const { id, name, tag } = await signedInWithTagged(page, signIn, 'revue', 'Revue');
        const italian = (await import('../../src/features/reader/render/strings/it.json', {
          with: { type: 'json' },
        })) as unknown as { default: Record<string, string> };
        const it = italian.default;
        const visitor = async () =>
          (await page.request.get(`/article?name=${name}&lang=it`)).text();
        // The museum checks every text in Italian: visitors are told the museum translated it.
        for (const [segmentId, text] of [
          ['Intro.content', `Benvenuti al [!museo!] del porto ${tag}.`],
          ['Carte.alt', `Una mappa del porto ${tag}`],
          ['Fin.content', `Grazie della visita ${tag}.`],
        ]) {
          await post(page.context(), 'update_translation', {
            articleId: id,
            lang: 'it',
            segmentId,
            text,
          });
        }
        expect(await visitor()).toContain(it.museumTranslated);

        // The first text's original changes: its check is out of date.
        await post(page.context(), 'update_article', {
          articleId: id,
          newContent: [
            { type: 'metadatas', url: name },
            { type: 'text', id: 'Intro', content: `Bienvenue au grand [!musée!] du port ${tag}.` },
            { type: 'image', id: 'Carte', alt: `Une carte du port ${tag}` },
            { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
          ],
          unformatted_name: `Revue ${tag}`,
          instructions: '',
        });
        // Visitors read a fresh machine translation of the new original, never the old check.
        const mixed = await visitor();
        expect(mixed).toContain(it.partlyChecked);
        expect(mixed).toContain(`[it] Bienvenue au grand <em>musée</em> du port ${tag}.`);
        expect(mixed).not.toContain(`Benvenuti al <em>museo</em> del porto ${tag}.`);

        await page.goto(url(lang, `/translations?articleId=${id}&lang=it`));
        const first = page.locator('.review-row').first();
        await expect(first.locator('.review-state')).toHaveText(t.state.stale);
        await expect(first.getByText(t.previousSource, { exact: true })).toBeVisible();
        await expect(first.locator('.review-row__previous')).toContainText(
          `Benvenuti al museo del porto ${tag}.`,
        );
        // What changed in the original: the one word added.
        await expect(first.getByText(t.changes, { exact: true })).toBeVisible();
        await expect(first.locator('.review-changes ins')).toHaveText(
          new RegExp(`^${t.added}\\s*grand\\s*$`),
        );
        await expect(first.locator('.review-changes del')).toHaveCount(0);
        // The field starts from the earlier checked translation, said to be the one to check.
        const field = first.getByRole('textbox');
        await expect(field).toHaveValue(`Benvenuti al [!museo!] del porto ${tag}.`);
        await expect(field).toHaveAccessibleDescription(dict[lang].reviewStale.prefilled);
        await field.fill(`Benvenuti al grande [!museo!] del porto ${tag}.`);
        await field.press('Control+Enter');
        await expect(first.locator('.review-state')).toHaveText(t.state.reviewed);
        const whole = await visitor();
        expect(whole).toContain(it.museumTranslated);
        expect(whole).toContain(`Benvenuti al grande <em>museo</em> del porto ${tag}.`);
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }
});
