import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newBlock } from '../../src/features/articles/content.ts';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
import { format, uiStrings } from '../../src/features/reader/render/strings.ts';
import { dict, expect, fill, MUSEUM_SETTINGS, post, test, toast, url, visit } from './fixtures.ts';

/**
 * Stop numbers as a curator meets them, in French on a phone: set in the editor beside the
 * public title and published, refused for a second article with the first one named beside the
 * field (nothing typed lost), then read by a visitor above the title and on the QR detail.
 *
 * The museum is shared with every other journey, and a number is unique in it: this one takes a
 * number of its own (not 23, which another journey may hold). Holds MUSEUM_SETTINGS: the visitor
 * reads the museum's own language (French).
 */

const t = dict.fr;
const te = t.editor;
const reader = uiStrings('fr');

/** A published article of one text, made through the API: its id and url name. */
async function article(page: Page, title: string, text: string) {
  const name = `${title.toLowerCase().replace(/\W+/g, '-')}`;
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name, publicTitle: title },
      { ...newBlock('text'), content: text },
    ],
    unformatted_name: title,
    instructions: '',
  });
  return { id, name };
}

test.describe('stop numbers (fr, 390 px)', MUSEUM_SETTINGS, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('set in the editor, refused for a second article, read by visitors and on the QR detail', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 6);
    const stop = randomInt(1000, 10_000);
    const room = await article(page, `Salle ${tag}`, 'La salle des instruments.');
    const showcase = await article(page, `Vitrine ${tag}`, 'Une vitrine de harpes.');
    const publish = () =>
      page
        .getByRole('main')
        .getByRole('group', { name: te.actions, exact: true })
        .getByRole('button', { name: te.save, exact: true });
    const field = page.getByRole('main').getByLabel(t.stops.field, { exact: true });

    // Set beside the public title, and published.
    await visit(page, url('fr', `/article?id=${room.id}`));
    await expect(field).toHaveValue('');
    await field.fill(String(stop));
    await publish().click();
    await expect(toast(page, te.saved)).toBeVisible();

    // The same number for another article: refused, the holder named beside the field, the
    // typed number still there to change.
    await visit(page, url('fr', `/article?id=${showcase.id}`));
    await field.fill(String(stop));
    await publish().click();
    const taken = fill(t.stops.taken, { stop: String(stop), title: `Salle ${tag}` });
    await expect(
      toast(page, fill(t.apiErrors.stop_taken, { stop: String(stop), title: `Salle ${tag}` })),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(taken, { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue(String(stop));
    const saved = await page.request.get(`/api/read/article?articleId=${showcase.id}`);
    expect(
      ((await saved.json()) as { content: { stop?: number }[] }).content[0]?.stop,
    ).toBeUndefined();
    // Another number goes through.
    await field.fill(String(stop === 9999 ? 1000 : stop + 1));
    await expect(page.getByRole('main').getByText(taken, { exact: true })).toHaveCount(0);

    // The visitor reads it small, above the title.
    const response = await page.goto(`/article?name=${room.name}&lang=fr&ignoreStats=true`);
    expect(response?.status()).toBe(200);
    const line = page.locator('.reader-stop');
    await expect(line).toHaveText(format(reader.articleStop, { n: stop }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Salle ${tag}`);
    const [lineBox, titleBox] = [
      await line.boundingBox(),
      await page.locator('.reader-title').boundingBox(),
    ];
    expect(lineBox!.y).toBeLessThan(titleBox!.y);

    // The QR detail names it beside the linked article.
    const code = await post<QrcodeDocument>(page, 'add_qrcode', {}, 201);
    await post(page, 'update_qrcode', { qrcodeId: code.id, articleId: room.id });
    await visit(page, url('fr', `/qrcode?id=${code.id}`));
    await expect(page.locator('.qr-status--active')).toContainText(
      fill(t.stops.label, { n: String(stop) }),
    );
  });
});
