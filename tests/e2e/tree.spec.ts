import { untitledName } from '../../src/features/articles/label.ts';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  staffJourneys,
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  fill,
  heading,
  LANGS,
  post,
  test,
  url,
  visit,
} from './fixtures.ts';

/**
 * The articles tree. The e2e server has one museum for the whole
 * run and two workers: every test makes its own top-level folder through the API and works in it.
 */

type Item = { id: number; type: 'folder' | 'article'; name: string; children?: Item[] };

const addFolder = (page: Page, pathArray: number[], name: string) =>
  post<Item>(page, 'add_folder', { pathArray, id: name }, 201);

async function addArticle(page: Page, pathArray: number[], name = ''): Promise<Item> {
  const article = await post<Item>(page, 'add_article', { pathArray }, 201);
  if (name) await post(page, 'rename_article', { articleId: article.id, newName: name });
  return { ...article, name };
}

/** This test's own top-level folder. */
const ownRoot = (page: Page) => addFolder(page, [], `e2e ${randomUUID().slice(0, 8)}`);

async function treeAt(page: Page, path: number[]): Promise<Item[]> {
  const response = await page.request.get('/api/tree');
  expect(response.status()).toBe(200);
  let items = (await response.json()) as Item[];
  for (const id of path) items = items.find((item) => item.id === id)?.children ?? [];
  return items;
}

const journeys = staffJourneys<'signIn'>();

for (const lang of LANGS) {
  const t = dict[lang];
  const tt = t.tree;
  const tn = t.treeNew;
  const folderUrl = (path: number[]) => url(lang, `/articles/${path.join('/')}`);

  /** The tree screen's pieces. */
  const screen = (page: Page) => {
    const main = page.getByRole('main');
    const list = main.getByRole('list', { name: tt.list, exact: true });
    const link = (name: string | RegExp) =>
      list.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });
    return {
      heading: (path: string[]) =>
        heading(
          page,
          path.length === 0
            ? t.articles.title
            : fill(t.articles.heading, { path: path.join(' / ') }),
        ),
      list,
      link,
      line: (name: string) =>
        list.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) }),
      newArticle: main.getByRole('button', { name: tt.newArticle, exact: true }),
      addFolder: main.getByRole('button', { name: tt.addFolder, exact: true }),
      back: main.getByRole('link', { name: tt.backToParent, exact: true }),
      menu: (name: string) =>
        page.getByRole('menu', { name: fill(tt.menu, { name }), exact: true }),
      moveMenu: (name: string) =>
        page.getByRole('menu', { name: fill(tt.moveMenu, { name }), exact: true }),
      item: (name: string) => page.getByRole('menuitem', { name, exact: true }),
      renameBox: (name: string) =>
        main.getByRole('textbox', { name: fill(tt.renameLabel, { name }), exact: true }),
      /** The field that asks a new item's name, in place of the buttons. */
      newName: (kind: 'article' | 'folder') =>
        main.getByRole('textbox', {
          name: kind === 'article' ? tn.articleLabel : tn.folderLabel,
          exact: true,
        }),
      dialog: page.getByRole('alertdialog'),
    };
  };

  /** Opens a folder page and waits for its lines. */
  async function open(page: Page, path: string[], ids: number[]) {
    await visit(page, ids.length ? folderUrl(ids) : url(lang, '/articles'));
    await expect(screen(page).heading(path)).toBeVisible();
    return screen(page);
  }

  journeys.test(
    'new folders are numbered in the interface language; a deleted number is not reused',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      // A folder named in the other language does not count.
      await addFolder(page, [root.id], lang === 'fr' ? 'New folder 7' : 'Nouveau dossier 7');
      const s = await open(page, [root.name], [root.id]);
      const prefix = lang === 'fr' ? 'Nouveau dossier' : 'New folder';

      // The name is asked in place, the next number offered: Enter takes it.
      for (const n of [1, 2, 3]) {
        await s.addFolder.click();
        await expect(s.newName('folder')).toBeFocused();
        await expect(s.newName('folder')).toHaveValue(`${prefix} ${n}`);
        await page.keyboard.press('Enter');
        await expect(s.link(`${prefix} ${n}`)).toBeVisible();
        await expect(s.link(`${prefix} ${n}`)).toBeFocused();
        await expect(s.addFolder).toBeEnabled();
      }
      await expect(s.link(`${prefix} 1`)).toHaveAttribute('href', /\/articles\/\d+\/\d+$/);

      await s.line(`${prefix} 2`).click({ button: 'right' });
      await s.item(tt.delete).click();
      await expect(s.dialog).toContainText(fill(tt.deleteFolderEmpty, { name: `${prefix} 2` }));
      await s.dialog.getByRole('button', { name: tt.confirmDelete, exact: true }).click();
      await expect(s.link(`${prefix} 2`)).toHaveCount(0);

      await s.addFolder.click();
      await expect(s.newName('folder')).toHaveValue(`${prefix} 4`);
      await s.newName('folder').press('Enter');
      await expect(s.link(`${prefix} 4`)).toBeVisible();
      // Escape makes nothing and gives the focus back to the button; an empty name says why.
      await s.addFolder.click();
      await s.newName('folder').fill('Jamais');
      await s.newName('folder').press('Escape');
      await expect(s.newName('folder')).toHaveCount(0);
      await expect(s.addFolder).toBeFocused();
      await s.addFolder.click();
      await s.newName('folder').fill('  ');
      await s.newName('folder').press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: tn.folderRequired })).toBeVisible();
      await expect(s.newName('folder')).toBeFocused();
      await s.newName('folder').press('Escape');
      const names = (await treeAt(page, [root.id])).map((item) => item.name);
      expect(names.sort()).toEqual(
        [
          `${prefix} 1`,
          `${prefix} 3`,
          `${prefix} 4`,
          lang === 'fr' ? 'New folder 7' : 'Nouveau dossier 7',
        ].sort(),
      );
    },
  );

  journeys.test(
    'a folder opens at its path; the navbar, the back button and a reload agree',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      const room = await addFolder(page, [root.id], 'Salle 1');
      const showcase = await addFolder(page, [root.id, room.id], 'Vitrine A');
      const article = await addArticle(page, [root.id], 'Amphore');

      let s = await open(page, [], []);
      await expect(
        page.getByRole('main').getByRole('link', { name: t.common.backToDashboard }),
      ).toHaveAttribute('href', url(lang, '/dashboard'));
      await expect(s.back).toHaveCount(0);
      await s.link(root.name).click();
      await expect(page).toHaveURL(folderUrl([root.id]));
      await expect(s.heading([root.name])).toBeVisible();
      // Folders first, then articles; an article links to its editor.
      await expect(s.list.getByRole('link')).toHaveText(['Salle 1', 'Amphore']);
      await expect(s.link('Amphore')).toHaveAttribute(
        'href',
        url(lang, `/article?id=${article.id}`),
      );
      await expect(
        s.line('Salle 1').getByRole('img', { name: tt.folder, exact: true }),
      ).toBeVisible();
      await expect(
        s.line('Amphore').getByRole('img', { name: tt.article, exact: true }),
      ).toBeVisible();

      await s.link('Salle 1').click();
      await expect(page).toHaveURL(folderUrl([root.id, room.id]));
      await s.link('Vitrine A').click();
      await expect(page).toHaveURL(folderUrl([root.id, room.id, showcase.id]));
      await expect(s.heading([root.name, 'Salle 1', 'Vitrine A'])).toBeVisible();
      await expect(s.list).toHaveCount(0);
      await expect(page.getByText(tt.empty, { exact: true })).toBeVisible();

      await page.reload();
      await expect(s.heading([root.name, 'Salle 1', 'Vitrine A'])).toBeVisible();

      await s.back.click();
      await expect(page).toHaveURL(folderUrl([root.id, room.id]));
      await expect(s.heading([root.name, 'Salle 1'])).toBeVisible();
      await s.back.click();
      await expect(page).toHaveURL(folderUrl([root.id]));
      await expect(s.heading([root.name])).toBeVisible();
      await s.back.click();
      await expect(page).toHaveURL(url(lang, '/articles'));
      await expect(s.heading([])).toBeVisible();

      // A folder at the wrong place, an article, an unknown id: not a folder here.
      for (const path of [[room.id], [root.id, article.id], [root.id, 999_999_999], [root.id, 0]]) {
        await visit(page, folderUrl(path));
        await expect(heading(page, tt.notFound)).toBeVisible();
        await page.getByRole('link', { name: tt.backToRoot, exact: true }).click();
        await expect(page).toHaveURL(url(lang, '/articles'));
        s = screen(page);
        await expect(s.heading([])).toBeVisible();
      }
    },
  );

  journeys.test(
    'New article asks its name in place, creates it in the current folder and opens it',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      const room = await addFolder(page, [root.id], 'Salle 2');
      const s = await open(page, [root.name, 'Salle 2'], [root.id, room.id]);
      await s.newArticle.click();
      const field = s.newName('article');
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
      // Nothing is made before it is named: an empty name says why, Escape leaves.
      await field.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: tn.articleRequired })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.press('Escape');
      await expect(field).toHaveCount(0);
      await expect(s.newArticle).toBeFocused();
      expect(await treeAt(page, [root.id, room.id])).toEqual([]);

      await s.newArticle.click();
      await s.newName('article').fill('  Amphore attique ');
      await s.newName('article').press('Enter');
      await expect(page).toHaveURL(/\/article\?id=\d+$/);
      const [created] = await treeAt(page, [root.id, room.id]);
      expect(created).toMatchObject({ type: 'article', name: 'Amphore attique' });
      await expect(page).toHaveURL(url(lang, `/article?id=${created?.id}`));

      // Its line links to the editor.
      const back = await open(page, [root.name, 'Salle 2'], [root.id, room.id]);
      await expect(back.link('Amphore attique')).toHaveAttribute(
        'href',
        url(lang, `/article?id=${created?.id}`),
      );
    },
  );

  journeys.test(
    'rename by the context menu: the button confirms, a click away cancels',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      await addFolder(page, [root.id], 'Avant');
      const article = await addArticle(page, [root.id]);
      const s = await open(page, [root.name], [root.id]);
      const renamed = lang === 'fr' ? 'Après la salle 漢字' : 'After the room 漢字';

      await s.line('Avant').click({ button: 'right' });
      await expect(s.menu('Avant')).toBeVisible();
      await expect(s.item(tt.rename)).toBeFocused();
      await s.item(tt.rename).click();
      await expect(s.menu('Avant')).toHaveCount(0);
      const box = s.renameBox('Avant');
      await expect(box).toBeFocused();
      await expect(box).toHaveValue('Avant');
      await box.fill(`  ${renamed}  `);
      await page
        .getByRole('main')
        .getByRole('button', { name: tt.confirmRename, exact: true })
        .click();
      await expect(s.link(renamed)).toBeVisible();
      await expect(s.link('Avant')).toHaveCount(0);
      await expect(s.link(renamed)).toBeFocused();

      // A click away cancels and restores the name.
      await s.line(renamed).click({ button: 'right' });
      await s.item(tt.rename).click();
      await s.renameBox(renamed).fill('Never saved');
      await s.heading([root.name]).click();
      await expect(s.renameBox(renamed)).toHaveCount(0);
      await expect(s.link(renamed)).toBeVisible();
      // Escape cancels too.
      await s.line(renamed).click({ button: 'right' });
      await s.item(tt.rename).click();
      await s.renameBox(renamed).fill('Never saved either');
      await s.renameBox(renamed).press('Escape');
      await expect(s.link(renamed)).toBeFocused();

      // An empty name is refused.
      await s.line(renamed).click({ button: 'right' });
      await s.item(tt.rename).click();
      await s.renameBox(renamed).fill('   ');
      await s.renameBox(renamed).press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: tt.nameRequired })).toBeVisible();
      await s.renameBox(renamed).press('Escape');

      // An untitled article shows its id and can be named.
      const untitled = untitledName(article.id);
      await s.line(untitled).click({ button: 'right' });
      await s.item(tt.rename).click();
      await expect(s.renameBox(untitled)).toHaveValue('');
      await s.renameBox(untitled).fill('Amphore');
      await s.renameBox(untitled).press('Enter');
      await expect(s.link('Amphore')).toHaveAttribute(
        'href',
        url(lang, `/article?id=${article.id}`),
      );

      await page.reload();
      await expect(s.list.getByRole('link')).toHaveText([renamed, 'Amphore']);
    },
  );

  journeys.test(
    'the keyboard opens the menu (Shift+F10), moves in it and renames',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      await addFolder(page, [root.id], 'Clavier');
      await addFolder(page, [root.id], 'Voisin');
      const s = await open(page, [root.name], [root.id]);
      const link = s.link('Clavier');

      await link.focus();
      await page.keyboard.press('Shift+F10');
      const menu = s.menu('Clavier');
      await expect(menu).toBeVisible();
      await expect(s.item(tt.rename)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(s.item(tt.moveTo)).toBeFocused();
      // The submenu opens on focus, and ArrowRight goes into it.
      await expect(s.moveMenu('Clavier')).toBeVisible();
      await expect(s.moveMenu('Clavier').getByRole('menuitem')).toHaveText([tt.parent, 'Voisin']);
      await page.keyboard.press('ArrowRight');
      await expect(s.item(tt.parent)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(s.item('Voisin')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(s.item(tt.moveTo)).toBeFocused();
      await expect(s.moveMenu('Clavier')).toHaveCount(0);
      await expect(menu).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await expect(s.item(tt.parent)).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(s.item(tt.moveTo)).toBeFocused();
      await expect(s.moveMenu('Clavier')).toHaveCount(0);
      await page.keyboard.press('ArrowDown');
      await expect(s.item(tt.delete)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(s.item(tt.rename)).toBeFocused();
      await page.keyboard.press('End');
      await expect(s.item(tt.delete)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(link).toBeFocused();
      // Tab leaves the menu to what follows the line.
      await page.keyboard.press('Shift+F10');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(menu).toHaveCount(0);
      await expect(
        s.line('Clavier').getByRole('button', { name: fill(tt.actions, { name: 'Clavier' }) }),
      ).toBeFocused();
      await link.focus();

      // The ContextMenu key opens it too; Enter on Rename, type, Enter.
      await page.keyboard.press('ContextMenu');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(s.renameBox('Clavier')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Renommé au clavier');
      await page.keyboard.press('Enter');
      await expect(s.link('Renommé au clavier')).toBeFocused();
      expect((await treeAt(page, [root.id])).map((item) => item.name)).toContain(
        'Renommé au clavier',
      );
    },
  );

  journeys.test(
    'move an item to a sibling folder, then to the parent',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      const source = await addFolder(page, [root.id], 'Source');
      const target = await addFolder(page, [root.id], 'Cible');
      const piece = await addArticle(page, [root.id], 'Pièce');
      const s = await open(page, [root.name], [root.id]);

      // A folder is not offered as its own destination.
      await s.line('Source').click({ button: 'right' });
      await s.item(tt.moveTo).hover();
      await expect(s.moveMenu('Source').getByRole('menuitem')).toHaveText([tt.parent, 'Cible']);
      await page.keyboard.press('Escape');

      await s.line('Pièce').click({ button: 'right' });
      await s.item(tt.moveTo).hover();
      await expect(s.moveMenu('Pièce').getByRole('menuitem')).toHaveText([
        tt.parent,
        'Cible',
        'Source',
      ]);
      await s.moveMenu('Pièce').getByRole('menuitem', { name: 'Cible', exact: true }).click();
      await expect(s.link('Pièce')).toHaveCount(0);
      expect((await treeAt(page, [root.id, target.id])).map((item) => item.id)).toEqual([piece.id]);

      // The folder Source into Cible, then Pièce back up.
      await s.line('Source').click({ button: 'right' });
      await s.item(tt.moveTo).hover();
      await s.item('Cible').click();
      await expect(s.link('Source')).toHaveCount(0);

      await s.link('Cible').click();
      await expect(s.heading([root.name, 'Cible'])).toBeVisible();
      await expect(s.list.getByRole('link')).toHaveText(['Source', 'Pièce']);
      await expect(s.link('Source')).toHaveAttribute(
        'href',
        folderUrl([root.id, target.id, source.id]),
      );
      await s.line('Pièce').click({ button: 'right' });
      await s.item(tt.moveTo).hover();
      await expect(s.moveMenu('Pièce').getByRole('menuitem')).toHaveText([tt.parent, 'Source']);
      await s.item(tt.parent).click();
      await expect(s.link('Pièce')).toHaveCount(0);
      await s.back.click();
      await expect(s.list.getByRole('link')).toHaveText(['Cible', 'Pièce']);
    },
  );

  journeys.test(
    'deleting a folder says how many articles go with it',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      const archive = await addFolder(page, [root.id], 'Archive');
      const one = await addArticle(page, [root.id, archive.id], 'Un');
      await addArticle(page, [root.id, archive.id]);
      const inner = await addFolder(page, [root.id, archive.id], 'Tiroir');
      const three = await addArticle(page, [root.id, archive.id, inner.id], 'Trois');
      await addArticle(page, [root.id], 'Reste');
      // Two QR codes lead into the folder, one in its sub-folder: both become free.
      const links: string[] = [];
      for (const article of [one, three]) {
        const code = await post<{ id: number; link: string }>(page, 'add_qrcode', {}, 201);
        await post(page, 'update_qrcode', { qrcodeId: code.id, articleId: article.id });
        links.push(code.link);
      }
      const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });
      const names = new Intl.ListFormat(lang, { type: 'conjunction' }).format(
        links.sort(collator.compare).map((link) => fill(t.treeCodes.quoted, { text: link })),
      );
      const s = await open(page, [root.name], [root.id]);

      await s.line('Archive').click({ button: 'right' });
      await s.item(tt.delete).click();
      await expect(s.dialog).toBeVisible();
      await expect(s.dialog).toHaveAccessibleName(fill(tt.deleteTitle, { name: 'Archive' }));
      await expect(s.dialog).toContainText(
        fill(tt.deleteFolderMany, { name: 'Archive', count: '3' }),
      );
      await expect(s.dialog).toContainText(fill(t.treeCodes.many, { count: '2', names }));
      await expect(s.dialog.getByRole('button', { name: tt.cancel, exact: true })).toBeFocused();
      // Cancel keeps it.
      await page.keyboard.press('Escape');
      await expect(s.dialog).toHaveCount(0);
      await expect(s.link('Archive')).toBeFocused();

      await s.line('Archive').click({ button: 'right' });
      await s.item(tt.delete).click();
      await s.dialog.getByRole('button', { name: tt.confirmDelete, exact: true }).click();
      await expect(s.dialog).toHaveCount(0);
      await expect(s.link('Archive')).toHaveCount(0);
      expect((await treeAt(page, [root.id])).map((item) => item.name)).toEqual(['Reste']);

      // An article's dialog names it.
      await s.line('Reste').click({ button: 'right' });
      await s.item(tt.delete).click();
      await expect(s.dialog).toContainText(fill(tt.deleteArticle, { name: 'Reste' }));
      // No code leads to it: nothing said of codes once the server has answered.
      await expect(s.dialog.getByRole('status')).toHaveText('');
      await s.dialog.getByRole('button', { name: tt.confirmDelete, exact: true }).click();
      await expect(page.getByText(tt.empty, { exact: true })).toBeVisible();
    },
  );

  journeys.test(
    'a write on an item gone meanwhile shows a toast and refreshes',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const root = await ownRoot(page);
      const gone = await addFolder(page, [root.id], 'Fantôme');
      const s = await open(page, [root.name], [root.id]);
      await post(page, 'delete_item', { id: gone.id, type: 'folder', pathArray: [root.id] });
      await s.line('Fantôme').click({ button: 'right' });
      await s.item(tt.rename).click();
      await s.renameBox('Fantôme').fill('Revenant');
      await s.renameBox('Fantôme').press('Enter');
      await expect(
        page.getByRole('alert').filter({ hasText: new RegExp(escapeRegExp(tt.notFoundError)) }),
      ).toBeVisible();
      await expect(s.list).toHaveCount(0);
    },
  );

  journeys.test(
    'accessible with the context menu and the dialog open, on a desktop and a phone',
    lang,
    async ({ page, signIn }) => {
      // Axe in four states: 15–20 s alone on a busy two-core machine.
      test.slow();
      await signIn();
      const root = await ownRoot(page);
      await addFolder(page, [root.id], 'Salle');
      await addArticle(page, [root.id], 'Vase');
      await addArticle(page, [root.id]);
      const s = await open(page, [root.name], [root.id]);
      await expectNoViolations(page);

      await s.line('Vase').click({ button: 'right' });
      await s.item(tt.moveTo).hover();
      await expect(s.moveMenu('Vase')).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await s.line('Salle').click({ button: 'right' });
      await s.item(tt.delete).click();
      await expect(s.dialog).toBeVisible();
      await expectNoViolations(page);
      await s.dialog.getByRole('button', { name: tt.cancel, exact: true }).click();
      // The name of a new article asked in place.
      await s.newArticle.click();
      await s.newName('article').press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: tn.articleRequired })).toBeVisible();
      await expectNoViolations(page);
      await s.newName('article').press('Escape');

      // A phone: the actions button opens the same menu; nothing is wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const actions = s.line('Vase').getByRole('button', {
        name: fill(tt.actions, { name: 'Vase' }),
      });
      await actions.click();
      await expect(s.menu('Vase')).toBeVisible();
      await s.item(tt.moveTo).click();
      await expect(s.moveMenu('Vase')).toBeVisible();
      const box = await s.menu('Vase').boundingBox();
      expect(box, 'menu box').not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
      }
      await expect(s.item('Salle')).toBeInViewport({ ratio: 1 });
      await expectNoViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await s.item('Salle').click();
      await expect(s.link('Vase')).toHaveCount(0);
    },
  );
}

test.describe('articles tree', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
  }
});
