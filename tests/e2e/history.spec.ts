import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newBlock } from '../../src/features/articles/content.ts';
import { formatSavedAt, type RevisionEntry } from '../../src/features/editor/history.ts';
import {
  dict,
  escapeRegExp,
  expect,
  fill,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  type Lang,
  url,
  visit,
} from './fixtures.ts';
import { ADMIN } from './settings.ts';

/**
 * The editor's history: a curator publishes an article twice, opens History, sees what restoring
 * the first version would change in the editor's text, restores it (the editor's unsaved edit is
 * named before it is replaced) and finds it as the draft, while visitors still read the second
 * version. In French on a desktop and in English on a phone: the whole journey once each.
 *
 * Holds MUSEUM_SETTINGS: the dates are said on the museum's clocks (its time zone), and a visitor
 * page is read in the museum's language.
 */

type Json = Record<string, unknown>;

const V1 = 'Le vase attique fut trouvé à Vulci en 1828.';
const V2 = 'Le vase attique fut découvert à Vulci en 1829, puis restauré.';
/** Someone else's draft, saved while the history is open. */
const OTHER = 'Le vase attique, brouillon d’un collègue.';

const metadatasFor = (url: string) => ({ type: 'metadatas', url, backgroundColor: '#341539' });

async function readJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** An article published twice through the API (update_article publishes): V1, then V2. */
async function publishedTwice(page: Page, title: string) {
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'rename_article', { articleId: id, newName: title });
  const name = `vase-${randomUUID().slice(0, 8)}`;
  const metadatas = metadatasFor(name);
  const text = newBlock('text');
  for (const content of [V1, V2]) {
    await post(page, 'update_article', {
      articleId: id,
      newContent: [metadatas, { ...text, content }],
      unformatted_name: title,
      instructions: '',
    });
  }
  return { id, name };
}

const JOURNEYS: { lang: Lang; width: number; height: number; phone: boolean }[] = [
  { lang: 'fr', width: 1280, height: 900, phone: false },
  { lang: 'en', width: 390, height: 844, phone: true },
];

for (const { lang, width, height, phone } of JOURNEYS) {
  const t = dict[lang];
  const th = t.history;
  const te = t.editor;

  test.describe(`history (${lang}, ${width} px)`, MUSEUM_SETTINGS, () => {
    test.use({ viewport: { width, height }, hasTouch: phone });

    test('two versions published, the first compared and restored as the draft', async ({
      page,
      browser,
      signIn,
    }) => {
      await signIn();
      const title = `Vase attique ${randomUUID().slice(0, 6)}`;
      const article = await publishedTwice(page, title);
      const { timeZone } = await readJson<{ timeZone: string }>(page, '/api/read/settings');
      const kept = await readJson<RevisionEntry[]>(
        page,
        `/api/read/revisions?articleId=${article.id}`,
      );
      expect(kept.map((entry) => entry.kind)).toEqual(['published', 'published']);

      await visit(page, url(lang, `/article?id=${article.id}`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(
        fill(te.heading, { id: String(article.id), name: title }),
      );
      // An edit not saved yet: the restore must name it before replacing it.
      if (phone) await main.getByRole('tab', { name: te.viewEdit, exact: true }).click();
      const titleField = main.getByLabel(te.field.title, { exact: true });
      await titleField.fill(`${title} (brouillon)`);
      await expect(main.getByRole('status').filter({ hasText: te.unsaved })).toBeVisible();

      // History: newest first, kind, when on the museum's clocks, who, how many words.
      await main.getByRole('button', { name: th.open, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: th.title, exact: true });
      await expect(dialog).toBeVisible();
      const entries = dialog.getByRole('list', { name: th.listLabel }).getByRole('button');
      await expect(entries).toHaveCount(2);
      for (const [index, words] of [11, 9].entries()) {
        const entry = kept[index]!;
        await expect(entries.nth(index)).toHaveAccessibleName(
          [
            th.published,
            formatSavedAt(entry.savedAt, lang, timeZone),
            fill(th.by, { email: ADMIN.email }),
            fill(th.words, { count: String(words) }),
          ].join(' '),
        );
        await expect(entries.nth(index)).toHaveAttribute('aria-pressed', 'false');
      }

      // The first version against the editor's text: what restoring it would change.
      const first = entries.nth(1);
      await first.click();
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      const version = dialog.getByRole('region', {
        name: fill(th.versionHeading, { date: formatSavedAt(kept[1]!.savedAt, lang, timeZone) }),
      });
      await expect(version).toBeVisible();
      await expect(version).toContainText(th.legend);
      const diff = version.locator('.word-diff');
      const added = await diff.locator('ins').allTextContents();
      const removed = await diff.locator('del').allTextContents();
      // Each run of changed words is named for a screen reader ('added:', 'removed:').
      expect(added).toEqual([`${th.added} trouvé`, `${th.added} 1828`]);
      expect(removed).toEqual([
        `${th.removed}  (brouillon)`,
        `${th.removed} découvert`,
        `${th.removed} 1829, puis restauré`,
      ]);
      // Told apart by more than colour: struck through and underlined.
      await expect(diff.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
      await expect(diff.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
      await page.screenshot({ path: test.info().outputPath(`history-${lang}-${width}.png`) });

      // Restore: asked first, naming the unsaved edit; cancelling changes nothing.
      const restore = version.getByRole('button', { name: th.restore, exact: true });
      await restore.click();
      const confirm = page.getByRole('alertdialog', { name: th.confirmTitle });
      await expect(confirm).toContainText(th.confirmUnsaved);
      await expect(confirm.getByRole('button', { name: th.cancel, exact: true })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`confirm-${lang}-${width}.png`) });
      await confirm.getByRole('button', { name: th.cancel, exact: true }).click();
      await expect(confirm).toHaveCount(0);
      await expect(titleField).toHaveValue(`${title} (brouillon)`);

      // Someone else saves a draft meanwhile: the restore is refused and told, nothing changed…
      await post(page, 'save_draft', {
        articleId: article.id,
        newContent: [metadatasFor(article.name), { ...newBlock('text'), content: OTHER }],
        unformatted_name: title,
        instructions: '',
      });
      await restore.click();
      await confirm.getByRole('button', { name: th.confirm, exact: true }).click();
      const stale = version.getByRole('alert').filter({ hasText: th.stale });
      await expect(stale).toBeVisible();
      await expect(toast(page, th.restored)).toHaveCount(0);
      await expect(titleField).toHaveValue(`${title} (brouillon)`);
      // …until the curator restores over it, knowingly (their draft stays in the history).
      await stale.getByRole('button', { name: th.restoreAnyway, exact: true }).click();

      // The editor shows the first version as its draft, saved; the history is closed.
      await expect(toast(page, th.restored)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(main.getByRole('button', { name: th.open, exact: true })).toBeFocused();
      await expect(titleField).toHaveValue(title);
      await expect(
        main.getByLabel(`${te.field.content} (${fill(te.elementRef, { n: '1' })})`, {
          exact: true,
        }),
      ).toHaveValue(V1);
      await expect(main.getByRole('status').filter({ hasText: te.upToDate })).toBeVisible();
      const stored = await readJson<{ content: Json[]; draft: { content: Json[] } | null }>(
        page,
        `/api/read/article?articleId=${article.id}`,
      );
      expect(stored.draft?.content[1]?.content).toBe(V1);
      expect(stored.content[1]?.content).toBe(V2);
      // The other draft and the restore are versions of their own, drafts, newest first.
      await main.getByRole('button', { name: th.open, exact: true }).click();
      await expect(entries).toHaveCount(4);
      await expect(entries.nth(1)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(th.draft)} `));
      await expect(entries.first()).toHaveAccessibleName(new RegExp(`^${escapeRegExp(th.draft)} `));
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // A visitor still reads the second version until it is published.
      const visitor = await browser.newContext({ locale: 'fr-FR' });
      const reader = await visitor.newPage();
      await reader.goto(`/article?name=${article.name}&lang=fr&ignoreStats=true`);
      await expect(reader.getByText(V2, { exact: true })).toBeVisible();
      await expect(reader.getByText(V1, { exact: true })).toHaveCount(0);
      await visitor.close();
    });
  });
}
