import { randomUUID } from 'node:crypto';
import ar from '../../src/features/reader/render/strings/ar.json' with { type: 'json' };
import {
  dict,
  expect,
  expectNoViolations,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  url,
} from './fixtures.ts';

/**
 * A word to the museum: a visitor reading in Arabic on a phone, without JavaScript, reports a
 * translation problem on one text; a curator on a phone, in English, sees it counted in the
 * translations overview, flagged beside that text on the review screen, and marks it resolved.
 * The museum's language is held still (its settings lock): the review of its own language is
 * refused.
 */

const PHONE = { width: 390, height: 844 };

test.describe('a visitor’s report reaches the review screen', MUSEUM_SETTINGS, () => {
  test.use({ viewport: PHONE });

  test('reported in Arabic without JavaScript, resolved by staff in English', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const { id } = await post<{ id: number }>(
      page.context(),
      'add_article',
      { pathArray: [] },
      201,
    );
    const name = `signalement-${tag}`;
    await post(page.context(), 'update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: name },
        { type: 'text', id: 'Intro', content: `Bienvenue au port ${tag}.` },
        { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
      ],
      unformatted_name: `Signalement ${tag}`,
      instructions: '',
    });
    // A first reader in Arabic: the translation is stored and the page kept whole.
    expect((await page.request.get(`/article?name=${name}&lang=ar`)).status()).toBe(200);

    // The visitor: a phone of their own, no session, no script.
    const phone = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const visitor = await phone.newPage();
    await visitor.goto(`/article?name=${name}&lang=ar`);
    await visitor.getByText(ar.reportProblem, { exact: true }).click();
    const form = visitor.locator('.reader-report form');
    await expect(form.getByRole('radio', { name: ar.reportTranslation })).toBeChecked();
    await form.getByRole('combobox', { name: ar.reportWhere }).selectOption('Fin');
    const message = `<b>ترجمة خاطئة</b> ${tag}`;
    await form.getByRole('textbox', { name: ar.reportMessage }).fill(message);
    await form.getByRole('button', { name: ar.reportSend }).click();
    await expect(visitor).toHaveURL(new RegExp(`name=${name}&lang=ar&reported=1`));
    await expect(visitor.getByRole('status').filter({ hasText: ar.reportThanks })).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
    await phone.close();
    // The form, open, as any phone with a script shows it: no accessibility violation.
    await page.goto(`/article?name=${name}&lang=ar`);
    await page.getByText(ar.reportProblem, { exact: true }).click();
    await expectNoViolations(page);

    // Staff, in English on a phone: counted in the overview, then flagged beside the text.
    const t = dict.en;
    await page.goto(url('en', '/translations'));
    const row = page.getByRole('row').filter({ hasText: `Signalement ${tag}` });
    await expect(row.getByText(t.feedback.count.replace('{{count}}', '1'))).toBeAttached();

    await page.goto(url('en', `/translations?articleId=${id}&lang=ar`));
    const text = page.locator('.review-row[data-segment="Fin.content"]');
    const flag = text.locator('.report-flag');
    await expect(flag).toContainText(t.feedback.flag);
    await expect(flag).toContainText(t.feedback.kind.translation);
    // The visitor's words as text, never markup.
    await expect(flag.locator('.report-flag__message')).toHaveText(message);
    await expect(
      page.locator('.review-row[data-segment="Intro.content"] .report-flag'),
    ).toHaveCount(0);
    await expectNoViolations(page);
    await flag.getByRole('button', { name: t.feedback.resolve }).click();
    await expect(toast(page, t.feedback.resolvedToast)).toBeVisible();
    await expect(flag).toContainText(t.feedback.resolved);
    await expect(flag.getByRole('button', { name: t.feedback.resolve })).toHaveCount(0);
  });
});
