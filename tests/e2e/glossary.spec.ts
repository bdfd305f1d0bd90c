import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { languageChoices } from '../../src/features/settings/languages.ts';
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
  toast,
  url,
} from './fixtures.ts';
import { FAKE_ENGINE_URL } from './settings.ts';

/**
 * The museum's glossary (ADR 0015). A curator keeps terms from the dashboard (added,
 * edited, deleted with confirmation, errors in their language, on a phone too); a text holding
 * a term goes to the engine with it, and one whose translation ignores a 'do not translate'
 * term is flagged on the review screen. Each test's terms and texts hold a tag of its own (the
 * museum and its glossary are shared by the parallel tests); the museum's language is held
 * still (its settings lock), since the review of the museum's own language is refused.
 */

type EngineSegment = { id: string; text: string; glossary?: unknown[] };

/** The segments the engine was sent holding `tag`, into `lang`, in arrival order. */
async function sentSegments(request: APIRequestContext, tag: string, lang: string) {
  const response = await request.get(`${FAKE_ENGINE_URL}/_calls`);
  expect(response.status()).toBe(200);
  const { calls } = (await response.json()) as {
    calls: { targetLang: string; segments: EngineSegment[] }[];
  };
  return calls
    .filter((call) => call.targetLang === lang)
    .flatMap((call) => call.segments)
    .filter((segment) => segment.text.includes(tag));
}

/** A published article of two texts in French, the first naming the ship; its id and name. */
async function publish(context: BrowserContext, tag: string, ship: string) {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const name = `glossaire-${tag}`;
  await post(context, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name },
      { type: 'text', id: 'Navire', content: `La frégate [!${ship}!] quitte le port ${tag}.` },
      { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
    ],
    unformatted_name: `Glossaire ${tag}`,
    instructions: '',
  });
  return { id, name };
}

test.describe('the museum’s glossary', MUSEUM_SETTINGS, () => {
  const journeys = staffJourneys<'signIn'>();
  for (const lang of LANGS) {
    journeys.test(
      `a curator adds, edits and deletes a term from the dashboard`,
      lang,
      async ({ page, signIn }) => {
        const t = dict[lang].glossary;
        await signIn();
        const tag = randomUUID().slice(0, 8);
        const term = `Hermione${tag}`;
        // On a phone.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(lang, '/dashboard'));
        await page
          .getByRole('main')
          .getByRole('link', {
            name: new RegExp(`^${escapeRegExp(dict[lang].dashboard.glossary)}\\s`),
          })
          .click();
        await expect(page).toHaveURL(url(lang, '/glossary'));
        await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

        await page.getByRole('textbox', { name: t.term, exact: true }).fill(term);
        await page.getByRole('textbox', { name: t.note, exact: true }).fill('Une frégate de 1779');
        await page.getByRole('checkbox', { name: t.doNotTranslate, exact: true }).check();
        await page.getByRole('button', { name: t.add, exact: true }).click();
        await expect(toast(page, t.added)).toBeVisible();
        const item = page
          .getByRole('list', { name: t.listLabel, exact: true })
          .getByRole('listitem')
          .filter({ hasText: term });
        await expect(item).toContainText(t.keep);
        await expect(item).toContainText('Une frégate de 1779');

        // The same term again, in another case: refused, said in the interface's language.
        await page.getByRole('textbox', { name: t.term, exact: true }).fill(term.toUpperCase());
        await page.getByRole('button', { name: t.add, exact: true }).click();
        await expect(page.locator('.glossary-form').getByRole('alert')).toHaveText(
          dict[lang].apiErrors.term_taken,
        );

        // Edited by keyboard: a preferred Spanish translation instead of 'do not translate'.
        const edit = item.getByRole('button', { name: fill(t.editTerm, { term }), exact: true });
        await edit.focus();
        await page.keyboard.press('Enter');
        const termField = page.getByRole('textbox', { name: t.term, exact: true });
        await expect(termField).toBeFocused();
        await expect(termField).toHaveValue(term);
        await page.getByRole('checkbox', { name: t.doNotTranslate, exact: true }).uncheck();
        await page.getByRole('combobox', { name: t.addLanguage, exact: true }).selectOption('es');
        const spanish = languageChoices(lang).find((l) => l.code === 'es')!.label;
        const field = page.getByRole('textbox', {
          name: fill(t.translationIn, { language: spanish }),
          exact: true,
        });
        await expect(field).toBeFocused();
        await field.fill(`Hermíone ${tag}`);
        await page.getByRole('button', { name: t.save, exact: true }).click();
        await expect(toast(page, t.saved)).toBeVisible();
        await expect(item).toContainText(`Hermíone ${tag}`);
        await expect(item).not.toContainText(t.keep);

        // Nothing wider than the phone.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        await page
          .locator('.Toastify__toast')
          .evaluateAll((toasts) =>
            Promise.all(toasts.flatMap((el) => el.getAnimations().map((a) => a.finished))),
          );
        await expectNoViolations(page);

        // Deleted after a confirmation; Cancel is focused first.
        await item.getByRole('button', { name: fill(t.deleteTerm, { term }), exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: fill(t.deleteTitle, { term }) });
        await expect(dialog.getByRole('button', { name: t.cancel, exact: true })).toBeFocused();
        await dialog.getByRole('button', { name: t.delete, exact: true }).click();
        await expect(toast(page, t.deleted)).toBeVisible();
        await expect(item).toHaveCount(0);
      },
    );
  }
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }

  test('a text holding a term goes to the engine with it; one not followed is flagged', async ({
    page,
    signIn,
  }) => {
    const t = dict.fr.review;
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const ship = `Hermione${tag}`;
    await post(
      page,
      'save_glossary_term',
      { term: ship, note: 'Une frégate de 1779', doNotTranslate: true, translations: {} },
      201,
    );
    const { id, name } = await publish(page.context(), tag, ship);

    // Spanish: the text naming the ship is sent with its entry, the other without any.
    expect((await page.request.get(`/article?name=${name}&lang=es`)).status()).toBe(200);
    const spanish = await sentSegments(page.request, tag, 'es');
    expect(spanish).toHaveLength(2);
    expect(spanish.find((s) => s.text.includes(ship))?.glossary).toEqual([
      { term: ship, note: 'Une frégate de 1779', doNotTranslate: true },
    ]);
    expect(spanish.find((s) => !s.text.includes(ship))?.glossary).toBeUndefined();

    // Basque: this engine translates the name every time (a language of this test's own).
    const ignored = `Ermione${tag}`;
    const behaviour = await page.request.post(`${FAKE_ENGINE_URL}/_behaviour`, {
      data: { lang: 'eu', behaviour: { type: 'replace', from: ship, to: ignored } },
    });
    expect(behaviour.status()).toBe(200);
    try {
      const visitor = await page.request.get(`/article?name=${name}&lang=eu`);
      expect(visitor.status()).toBe(200);
      // Sent once, then once more alone: still not followed, the translation is kept.
      const basque = await sentSegments(page.request, tag, 'eu');
      expect(basque.filter((s) => s.text.includes(ship))).toHaveLength(2);
      expect(await visitor.text()).toContain(`<em>${ignored}</em>`);
    } finally {
      await page.request.post(`${FAKE_ENGINE_URL}/_behaviour`, { data: { lang: 'eu' } });
    }

    await page.goto(`/translations?articleId=${id}&lang=eu`);
    const rows = page.locator('.review-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first().locator('.review-flag')).toHaveText(`${t.flag.glossary} — ${ship}`);
    await expect(rows.nth(1).locator('.review-flag')).toHaveCount(0);
    // In English too.
    await page.goto(url('en', `/translations?articleId=${id}&lang=eu`));
    await expect(page.locator('.review-row').first().locator('.review-flag')).toHaveText(
      `${dict.en.review.flag.glossary} — ${ship}`,
    );
    // The review screen leads to the glossary.
    await page.getByRole('link', { name: dict.en.review.glossaryLink, exact: true }).click();
    await expect(page).toHaveURL(url('en', '/glossary'));
    await expect(
      page.getByRole('heading', { level: 1, name: dict.en.glossary.title }),
    ).toBeVisible();
  });
});
