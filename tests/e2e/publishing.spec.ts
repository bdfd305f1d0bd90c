import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { newBlock } from '../../src/features/articles/content.ts';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import { formatZoned } from '../../src/ui/zoned-time.ts';
import {
  bothLanguages,
  dict,
  escapeRegExp,
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
import { GUIDE_SLUG } from './settings.ts';

/**
 * Drafts and publishing as a curator meets them (docs/adr/0028-drafts-and-revisions.md): a draft
 * saved while a visitor still reads the published text, published, discarded, planned and gone
 * live, taken back ('not available yet', a 404) and published again. One test per language and
 * screen runs the whole journey. A planned publish goes live without waiting a minute: the e2e
 * server looks for due publishes every second (PUBLISH_CHECK_MS, tests/e2e/server-env.ts), and
 * the plan that must go live is set a few seconds ahead through the API, where the dialog's
 * minutes could not; the dialog itself plans one for tomorrow.
 *
 * Holds MUSEUM_SETTINGS: the visitor reads the museum's source language (French), and the
 * planned time is said in the museum's time zone (Paris), which other tests may change.
 */

const ZONE = 'Europe/Paris';
// Each language once, each screen once: the journey is the same code at every width, and the
// two others cost half a minute of a suite that must stay under ten.
const COMBOS: { lang: Lang; width: number }[] = [
  { lang: 'fr', width: 1280 },
  { lang: 'en', width: 390 },
];
const reader = uiStrings('fr');

/** A sentence of the dictionary with any time in it: `{{when}}` matches whatever date is said. */
function saying(template: string, zone: string): RegExp {
  const [before, after] = fill(template, { zone }).split('{{when}}') as [string, string];
  return new RegExp(`^${escapeRegExp(before)}.+${escapeRegExp(after)}`);
}

/** A visitor: no session, a browser of their own, reading the page staff preview links use. */
async function visitor(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  const read = async () => {
    const response = await page.goto(`/article?name=${encodeURIComponent(name)}&ignoreStats=true`);
    return response?.status() ?? 0;
  };
  return { context, page, read, blocks: page.locator('.reader-blocks') };
}

const journeys = bothLanguages<'browser' | 'baseURL' | 'signIn'>();

for (const { lang, width } of COMBOS) {
  const t = dict[lang];
  const te = t.editor;
  const tp = t.publishing;
  const textLabel = `${te.field.content} (${fill(te.elementRef, { n: '1' })})`;

  const toolbar = (page: Page) => {
    const bar = page.getByRole('main').getByRole('group', { name: te.actions, exact: true });
    return {
      bar,
      publication: bar.locator('.editor-toolbar__publication'),
      publish: bar.getByRole('button', { name: te.save, exact: true }),
      saveDraft: bar.getByRole('button', { name: tp.saveDraft, exact: true }),
      more: bar.getByRole('button', { name: tp.more, exact: true }),
      item: (name: string) => bar.getByRole('button', { name, exact: true }),
      preview: bar.getByRole('link', { name: new RegExp(`^${escapeRegExp(tp.previewDraft)}`) }),
    };
  };

  journeys.test(
    'draft beside what visitors read, publish, discard, schedule, go live, unpublish, publish again',
    lang,
    async ({ page, browser, baseURL, signIn }) => {
      // 90 s for each language's run.
      test.setTimeout(90_000 * COMBOS.length);
      await page.setViewportSize({ width, height: 900 });
      await signIn();
      const tag = randomUUID().slice(0, 8);
      const title = `Harpe ${tag}`;
      const name = `harpe-${tag}`;
      const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
      await post(page, 'rename_article', { articleId: id, newName: title });
      await post(page, 'update_article', {
        articleId: id,
        newContent: [
          { type: 'metadatas', url: name },
          { ...newBlock('text'), content: 'Texte publié' },
        ],
        unformatted_name: title,
        instructions: '',
      });
      const guest = await visitor(browser, baseURL!, name);
      expect(await guest.read()).toBe(200);
      await expect(guest.blocks).toContainText('Texte publié');

      // The editor says what visitors read, since when, on the museum's clocks.
      await visit(page, url(lang, `/article?id=${id}`));
      const bar = toolbar(page);
      const text = page.getByRole('main').getByLabel(textLabel, { exact: true });
      const zone = lang === 'fr' ? 'heure de Paris' : 'Paris time';
      await expect(bar.publication).toHaveText(saying(tp.published, zone));

      // A draft: the visitor still reads the published text; the staff preview shows the draft.
      await text.fill('Texte du brouillon');
      await bar.saveDraft.click();
      await expect(toast(page, tp.draftSaved)).toBeVisible();
      await expect(bar.publication).toContainText(tp.unpublishedChanges);
      await expect(page.getByText(tp.draftOpened, { exact: true })).toBeVisible();
      await expect(bar.preview).toHaveAttribute(
        'href',
        `/article?name=${encodeURIComponent(name)}&preview=draft`,
      );
      expect(await guest.read()).toBe(200);
      await expect(guest.blocks).toContainText('Texte publié');
      await expect(guest.blocks).not.toContainText('Texte du brouillon');
      const preview = await page.request.get(`/article?name=${name}&preview=draft`);
      expect(await preview.text()).toContain('Texte du brouillon');

      // Opened again, the editor holds the draft; Publish puts it before visitors.
      await visit(page, url(lang, `/article?id=${id}`));
      await expect(text).toHaveValue('Texte du brouillon');
      await bar.publish.click();
      await expect(toast(page, te.saved)).toBeVisible();
      await expect(bar.publication).not.toContainText(tp.unpublishedChanges);
      await expect(bar.preview).toHaveCount(0);
      expect(await guest.read()).toBe(200);
      await expect(guest.blocks).toContainText('Texte du brouillon');

      // A draft discarded, after confirming: the editor is back to what visitors read.
      await text.fill('Texte abandonné');
      await bar.saveDraft.click();
      await expect(toast(page, tp.draftSaved).last()).toBeVisible();
      await bar.more.click();
      await bar.item(tp.discard).click();
      const confirm = page.getByRole('alertdialog', { name: tp.discardTitle });
      await expect(confirm.getByRole('button', { name: te.cancel })).toBeFocused();
      await confirm.getByRole('button', { name: tp.discardConfirm, exact: true }).click();
      await expect(toast(page, tp.discarded)).toBeVisible();
      await expect(text).toHaveValue('Texte du brouillon');

      // Scheduling in the dialog: a past time is refused in words; tomorrow is planned, the
      // changes in progress kept as the draft it will publish.
      await text.fill('Texte programmé');
      await bar.more.click();
      await bar.item(tp.schedule).click();
      const dialog = page.getByRole('dialog', { name: tp.scheduleTitle });
      const date = dialog.getByLabel(tp.date, { exact: true });
      await expect(date).toBeFocused();
      await expect(dialog.getByLabel(fill(tp.time, { zone }), { exact: true })).toHaveValue(
        '09:00',
      );
      const tomorrow = await date.inputValue();
      await date.fill('2020-01-01');
      await dialog.getByRole('button', { name: tp.scheduleConfirm, exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(tp.schedulePast);
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page);
      await date.fill(tomorrow);
      await dialog.getByRole('button', { name: tp.scheduleConfirm, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      // An earlier 'Draft saved' may still be shown: this one is the newest.
      await expect(toast(page, tp.draftSaved).last()).toBeVisible();
      await expect(toast(page, saying(tp.scheduledToast, zone))).toBeVisible();
      await expect(bar.publication).toHaveText(saying(tp.scheduled, zone));
      await expect(bar.publication).toContainText(`09:00 (${zone})`);
      expect(await guest.read()).toBe(200);
      await expect(guest.blocks).toContainText('Texte du brouillon');

      // The tree marks it: scheduled (on the museum's clocks) with a draft.
      const article = await page.request.get(`/api/read/article?articleId=${id}`);
      const publishAt = ((await article.json()) as { publication: { publishAt: string } })
        .publication.publishAt;
      await visit(page, url(lang, '/articles'));
      const line = page.locator('.tree__line', {
        has: page.getByRole('link', { name: title, exact: true }),
      });
      await expect(line).toContainText(
        fill(tp.treeScheduled, { when: formatZoned(publishAt, ZONE, lang) }),
      );
      await expect(line).toContainText(tp.treeDraft);

      // Planned a few seconds ahead, it goes live by itself.
      await post(page, 'publish', { articleId: id, at: new Date(Date.now() + 3000).toISOString() });
      await expect
        .poll(async () => (await guest.read(), await guest.blocks.textContent()), {
          timeout: 20_000,
        })
        .toContain('Texte programmé');
      await visit(page, url(lang, `/article?id=${id}`));
      await expect(bar.publication).toHaveText(saying(tp.published, zone));
      await expect(text).toHaveValue('Texte programmé');

      // Unpublished after confirming: the visitor gets 'not available yet', a 404.
      await bar.more.click();
      await bar.item(tp.unpublish).click();
      const unpublish = page.getByRole('alertdialog', { name: tp.unpublishTitle });
      await unpublish.getByRole('button', { name: tp.unpublishConfirm, exact: true }).click();
      await expect(toast(page, tp.unpublishDone)).toBeVisible();
      await expect(bar.publication).toHaveText(tp.unpublished);
      await expect(bar.more).toBeFocused();
      expect(await guest.read()).toBe(404);
      await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(reader.notYetTitle);
      await visit(page, url(lang, '/articles'));
      await expect(line).toContainText(tp.treeUnpublished);

      // Publish puts it back as it was.
      await visit(page, url(lang, `/article?id=${id}`));
      await bar.publish.click();
      await expect(toast(page, te.saved).last()).toBeVisible();
      expect(await guest.read()).toBe(200);
      await expect(guest.blocks).toContainText('Texte programmé');
      await guest.context.close();
    },
  );
}

test.describe('publishing (fr at 1280 px, en at 390 px)', MUSEUM_SETTINGS, () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, browser, baseURL, signIn }, testInfo) =>
      run({ page, browser, baseURL, signIn }, testInfo),
    );
  }

  // docs/adr/0038-scheduled-end-of-publication.md. The dialog plans to the minute, so the end
  // that must come is then brought a few seconds ahead through the API (as for a publish above);
  // the server's runner, every second here, takes the article off the guide.
  test('an end date planned in the editor, shown in the tree, takes the article off the guide', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const tp = dict.fr.publishing;
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const name = `expo-${tag}`;
    const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
    await post(page, 'rename_article', { articleId: id, newName: `Expo ${tag}` });
    await post(page, 'update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: name },
        { ...newBlock('text'), content: `Estampes ${tag}` },
      ],
      unformatted_name: `Expo ${tag}`,
      instructions: '',
    });
    const guest = await visitor(browser, baseURL!, name);
    expect(await guest.read()).toBe(200);
    const found = async () => {
      const search = await guest.page.goto(`/visit/${GUIDE_SLUG}?lang=fr&q=${tag}`);
      return (await search?.text())?.includes(`name=${name}`);
    };
    expect(await found()).toBe(true);

    await visit(page, url('fr', `/article?id=${id}`));
    const bar = page.getByRole('main').getByRole('group', { name: dict.fr.editor.actions });
    await bar.getByRole('button', { name: tp.more, exact: true }).click();
    await bar.getByRole('button', { name: tp.scheduleEnd, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tp.endTitle });
    await dialog.getByRole('button', { name: tp.endConfirm, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    const ending = bar.locator('.editor-toolbar__ending');
    await expect(ending).toHaveText(saying(tp.ending, 'heure de Paris'));
    await expect(ending).toContainText('09:00 (heure de Paris)');

    const article = await page.request.get(`/api/read/article?articleId=${id}`);
    const { unpublishAt } = ((await article.json()) as { publication: { unpublishAt: string } })
      .publication;
    await visit(page, url('fr', '/articles'));
    const line = page.locator('.tree__line', {
      has: page.getByRole('link', { name: `Expo ${tag}`, exact: true }),
    });
    await expect(line).toContainText(
      fill(tp.treeEnding, { when: formatZoned(unpublishAt, ZONE, 'fr') }),
    );

    await post(page, 'unpublish', { articleId: id, at: new Date(Date.now() + 3000).toISOString() });
    await expect.poll(() => guest.read(), { timeout: 20_000 }).toBe(404);
    expect(await found()).toBe(false);
    await visit(page, url('fr', `/article?id=${id}`));
    await expect(bar.locator('.editor-toolbar__publication')).toHaveText(tp.unpublished);
    await expect(ending).toHaveCount(0);
    await guest.context.close();
  });
});
