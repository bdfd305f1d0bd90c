import { randomUUID } from 'node:crypto';
import { makeDocx } from '../../src/features/imports/docx-fixture.ts';
import { PNG_1PX } from '../helpers/media.ts';
import { dict, expect, fill, heading, post, test, url, visit } from './fixtures.ts';

/**
 * Documents in: a Word document chosen in the articles tree becomes an article of the folder
 * shown, its first heading the title, its text, list, link and image as blocks; then the control in English, with a
 * refusal naming the file.
 */

const fr = dict.fr;
const en = dict.en;

const word = Buffer.from(
  makeDocx([
    { heading: 'Le phare de la pointe' },
    { text: 'Construit en 1880, il guide les navires.' },
    { bullet: 'La lanterne' },
    { bullet: "L'escalier" },
    { link: 'Les horaires', href: 'https://example.org/horaires' },
    { image: new Uint8Array(PNG_1PX), alt: 'Le phare de nuit' },
  ]),
);

test('a Word document imported from the tree becomes an article; the control in English', async ({
  page,
  signIn,
}) => {
  await signIn();
  const folder = await post<{ id: number; name: string }>(
    page,
    'add_folder',
    { pathArray: [], id: `e2e import ${randomUUID().slice(0, 8)}` },
    201,
  );
  await visit(page, `/articles/${folder.id}`);
  const main = page.getByRole('main');
  await expect(heading(page, fill(fr.articles.heading, { path: folder.name }))).toBeVisible();
  await expect(main.getByText(fr.tree.importHint, { exact: true })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: fr.tree.importDocuments, exact: true }).click();
  await (
    await chooser
  ).setFiles({
    name: 'Phare.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: word,
  });
  await expect(main.getByRole('status').getByText(fr.tree.importedOne)).toBeVisible();

  // The tree reloads showing the new article; it opens in the editor with its blocks.
  const list = main.getByRole('list', { name: fr.tree.list, exact: true });
  // Named by the file, with the document's first heading beside it as the public title.
  await list.getByRole('link', { name: 'Phare Le phare de la pointe', exact: true }).click();
  const preview = page.locator('.phone__screen');
  // The heading is the page's title, above the blocks, and said once: not a block as well.
  await expect(preview.locator('.reader-title')).toHaveText('Le phare de la pointe');
  await expect(preview.getByText('Le phare de la pointe', { exact: true })).toHaveCount(1);
  const blocks = preview.locator('.reader-blocks > *');
  await expect(blocks).toHaveCount(4);
  await expect(blocks.nth(0)).toHaveText('Construit en 1880, il guide les navires.');
  await expect(blocks.nth(1)).toContainText('• La lanterne');
  await expect(blocks.nth(1)).toContainText("• L'escalier");
  await expect(preview.getByRole('link', { name: 'Les horaires' })).toHaveAttribute(
    'href',
    'https://example.org/horaires',
  );
  await expect(preview.getByRole('img', { name: 'Le phare de nuit' })).toBeVisible();

  // In English on a phone, the control's words, and a refusal naming the file.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, url('en', `/articles/${folder.id}`));
  await expect(heading(page, fill(en.articles.heading, { path: folder.name }))).toBeVisible();
  await expect(main.getByText(en.tree.importHint, { exact: true })).toBeVisible();
  const refused = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: en.tree.importDocuments, exact: true }).click();
  await (
    await refused
  ).setFiles({
    name: 'report.docx',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%%EOF'),
  });
  await expect(main.getByRole('alert')).toHaveText(
    fill(en.apiErrors.invalid_document_not_docx, { file: 'report.docx' }),
  );
  const enList = main.getByRole('list', { name: en.tree.list, exact: true });
  await expect(enList.getByRole('link')).toHaveCount(1);
});
