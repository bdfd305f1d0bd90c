import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { CircuitDocument } from '../../src/features/circuits/schema.ts';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
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
  toast,
  url,
  visit,
  type Lang,
} from './fixtures.ts';

/**
 * The staff side of circuits. A curator creates a circuit from the dashboard
 * (a title, its public name suggested from it, an introduction, articles found by searching),
 * reorders its stops by keyboard and by dragging, saves and finds the order again after a
 * reload; an empty title is refused next to the field, keeping what was typed; a circuit is
 * deleted after a confirmation; a QR code leads to a circuit from the QR detail. The museum is
 * shared by the parallel tests: every title carries a tag of the test's own.
 */

type Article = { id: number; name: string; title: string };

const tag = () => randomUUID().slice(0, 8);

/** A published article with a line of text (`empty`: with nothing in it, which visitors skip). */
async function newArticle(page: Page, title: string, empty = false): Promise<Article> {
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'rename_article', { articleId: id, newName: title });
  const response = await page.request.get(`/api/read/article?articleId=${id}`);
  expect(response.status()).toBe(200);
  const { name } = (await response.json()) as { name: string };
  if (!empty) {
    await post(page, 'update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: name },
        { type: 'text', content: `Le panneau ${title}.` },
      ],
      unformatted_name: title,
      instructions: '',
    });
  }
  // A new article is not published until a curator publishes it: visitors read this one.
  await post(page, 'publish', { articleId: id });
  return { id, name, title };
}

/** Waits for the toasts' entrance animations: axe reads colours mid-fade otherwise. */
async function settleToasts(page: Page) {
  await page
    .locator('.Toastify__toast')
    .evaluateAll((toasts) =>
      Promise.all(toasts.flatMap((el) => el.getAnimations().map((a) => a.finished))),
    );
}

/** The circuits screen's pieces, in `lang`. */
function screen(page: Page, lang: Lang) {
  const t = dict[lang].circuits;
  const main = page.getByRole('main');
  const list = main.getByRole('list', { name: t.listLabel, exact: true });
  return {
    main,
    newButton: main.getByRole('button', { name: t.new, exact: true }),
    title: main.getByRole('textbox', { name: t.titleLabel, exact: true }),
    name: main.getByRole('textbox', { name: t.nameLabel, exact: true }),
    intro: main.getByRole('textbox', { name: t.introLabel, exact: true }),
    search: main.getByRole('searchbox', { name: t.search, exact: true }),
    add: (title: string) => main.getByRole('button', { name: fill(t.addStop, { title }) }),
    stops: main.locator('.circuit-stops .circuit-stop__title'),
    up: (title: string) => main.getByRole('button', { name: fill(t.moveUp, { title }) }),
    down: (title: string) => main.getByRole('button', { name: fill(t.moveDown, { title }) }),
    handle: (title: string) =>
      main.locator('.circuit-stop').filter({ hasText: title }).locator('.circuit-stop__handle'),
    announcement: main.locator('.circuits-announcement'),
    create: main.getByRole('button', { name: t.create, exact: true }),
    save: main.getByRole('button', { name: t.save, exact: true }),
    list,
    item: (title: string) =>
      list.getByRole('listitem').filter({
        has: page.getByRole('heading', { level: 3, name: title, exact: true }),
      }),
    itemStops: (title: string) =>
      list
        .getByRole('list', { name: fill(t.stopsOf, { title }), exact: true })
        .getByRole('listitem'),
  };
}

const journeys = staffJourneys<'signIn'>();
for (const lang of LANGS) {
  const t = dict[lang].circuits;
  // French on a desktop, English on a phone: both sizes, both languages.
  const phone = lang === 'en';

  journeys.test(
    `a curator creates a circuit of three articles, reorders it by keyboard and saves it (French; English at 390 px)`,
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const id = tag();
      const [a, b, c] = [
        await newArticle(page, `Panneau un ${id}`),
        await newArticle(page, `Panneau deux ${id}`),
        // Nothing in it yet: the screen says visitors will not see it.
        await newArticle(page, `Panneau trois ${id}`, true),
      ] as [Article, Article, Article];
      if (phone) await page.setViewportSize({ width: 390, height: 844 });
      const s = screen(page, lang);

      // From the dashboard's tile.
      await visit(page, url(lang, '/dashboard'));
      await s.main
        .getByRole('link', {
          name: new RegExp(`^${escapeRegExp(dict[lang].dashboard.circuits)}\\s`),
        })
        .click();
      await expect(page).toHaveURL(url(lang, '/circuits'));
      await expect(heading(page, t.title)).toBeVisible();
      await expect(page).toHaveTitle(`${t.title} · Legenda`);

      await s.newButton.click();
      await expect(s.title).toBeFocused();

      // An empty title: said next to the field, in the interface's language; nothing is sent,
      // and what was typed stays.
      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/manage/save_circuit')) saves.push(request.method());
      });
      await s.intro.fill(`Une salle, seize panneaux ${id}.`);
      await s.create.click();
      await expect(s.title).toBeFocused();
      await expect(s.title).toHaveAttribute('aria-invalid', 'true');
      await expect(s.title).toHaveAccessibleDescription(
        new RegExp(escapeRegExp(t.errors.titleEmpty)),
      );
      await expect(s.main.getByText(t.errors.titleEmpty, { exact: true })).toBeVisible();
      await expect(s.intro).toHaveValue(`Une salle, seize panneaux ${id}.`);
      expect(saves).toEqual([]);

      // The public name follows the title; the message goes once the title is typed.
      const title = `Salle des Batailles ${id}`;
      await s.title.fill(title);
      await expect(s.name).toHaveValue(`salle-des-batailles-${id}`);
      await expect(s.main.getByText(t.errors.titleEmpty, { exact: true })).toHaveCount(0);

      // Three articles, found by searching; one added is no longer offered.
      await s.search.fill(id.toUpperCase());
      await s.add(a.title).click();
      await expect(s.add(a.title)).toHaveCount(0);
      await expect(s.announcement).toHaveText(fill(t.added, { title: a.title, position: '1' }));
      await s.add(b.title).click();
      await s.search.fill(`trois ${id}`);
      await s.search.press('Enter');
      await expect(s.stops).toHaveText([a.title, b.title, c.title]);
      const warning = s.main.locator('.circuit-stop').filter({ hasText: t.emptyStop });
      await expect(warning.locator('.circuit-stop__title')).toHaveText([c.title]);

      // By keyboard: the first stop goes down twice, focus staying on its button.
      await s.down(a.title).focus();
      await page.keyboard.press('Enter');
      await expect(s.stops).toHaveText([b.title, a.title, c.title]);
      await expect(s.announcement).toHaveText(
        fill(t.moved, { title: a.title, position: '2', count: '3' }),
      );
      await expect(s.down(a.title)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(s.stops).toHaveText([b.title, c.title, a.title]);
      await expect(s.announcement).toHaveText(
        fill(t.moved, { title: a.title, position: '3', count: '3' }),
      );
      // At the end, Move down is disabled: focus went to Move up.
      await expect(s.down(a.title)).toBeDisabled();
      await expect(s.up(a.title)).toBeFocused();

      // Nothing wider than a phone; no accessibility violation with the form open.
      if (phone) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
      }
      await settleToasts(page);
      await expectNoViolations(page);

      await s.create.click();
      await expect(toast(page, t.created)).toBeVisible();
      expect(saves).toEqual(['POST']);
      await expect(s.itemStops(title)).toHaveText([b.title, c.title, a.title]);
      await expect(s.item(title)).toContainText(`/circuit?name=salle-des-batailles-${id}`);
      await expect(s.item(title)).toContainText(fill(t.stopsMany, { count: '3' }));
      await expect(s.item(title)).toContainText(t.emptyStopsOne);
      await expect(
        s.item(title).getByRole('link', { name: fill(t.openCircuit, { title }) }),
      ).toHaveAttribute('href', `/circuit?name=salle-des-batailles-${id}&ignoreStats=true`);

      // Reloaded: the order is the one saved, in the list and in the form.
      await page.reload();
      await expect(s.itemStops(title)).toHaveText([b.title, c.title, a.title]);
      await s
        .item(title)
        .getByRole('button', { name: fill(t.editCircuit, { title }) })
        .click();
      await expect(s.title).toHaveValue(title);
      await expect(s.intro).toHaveValue(`Une salle, seize panneaux ${id}.`);
      await expect(s.stops).toHaveText([b.title, c.title, a.title]);
      if (phone) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
      }
      await settleToasts(page);
      await expectNoViolations(page);
    },
  );

  journeys.test(
    `a curator deletes a circuit after a confirmation; a refused stop is named in place`,
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const id = tag();
      const a = await newArticle(page, `Vitrine ${id}`);
      const b = await newArticle(page, `Fresque ${id}`);
      const title = `Visite courte ${id}`;
      await post<CircuitDocument>(
        page,
        'save_circuit',
        { name: `visite-courte-${id}`, title, intro: '', articleIds: [a.id, b.id] },
        201,
      );
      const s = screen(page, lang);
      await visit(page, url(lang, '/circuits'));
      await s
        .item(title)
        .getByRole('button', { name: fill(t.editCircuit, { title }) })
        .click();
      await expect(s.stops).toHaveText([a.title, b.title]);

      // The server refuses the second stop: said next to it, the form kept as typed.
      await page.route('**/api/manage/save_circuit', (route) =>
        route.fulfill({
          status: 422,
          json: {
            error: {
              code: 'invalid_body',
              message: 'Invalid request: articleIds.1: is not an article of your museum',
              details: [{ path: 'articleIds.1', message: 'is not an article of your museum' }],
            },
          },
        }),
      );
      await s.intro.fill(`Gardez-moi ${id}`);
      await s.save.click();
      await expect(toast(page, t.notSaved)).toBeVisible();
      await expect(s.main.locator('.circuit-stop').nth(1)).toContainText(t.errors.stopGone);
      await expect(s.up(b.title)).toHaveAccessibleDescription(t.errors.stopGone);
      await expect(s.intro).toHaveValue(`Gardez-moi ${id}`);
      await page.unroute('**/api/manage/save_circuit');

      // Deleting: Cancel first, focused; then confirmed.
      await s
        .item(title)
        .getByRole('button', { name: fill(t.deleteCircuit, { title }) })
        .click();
      const dialog = page.getByRole('alertdialog', { name: fill(t.deleteTitle, { title }) });
      await expect(dialog).toContainText(t.deleteText);
      await expect(dialog.getByRole('button', { name: t.cancel, exact: true })).toBeFocused();
      await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(s.item(title)).toHaveCount(1);
      await s
        .item(title)
        .getByRole('button', { name: fill(t.deleteCircuit, { title }) })
        .click();
      await dialog.getByRole('button', { name: t.delete, exact: true }).click();
      await expect(toast(page, fill(t.deleted, { title }))).toBeVisible();
      await expect(s.item(title)).toHaveCount(0);
      // The form of the deleted circuit closed with it.
      await expect(s.title).toHaveCount(0);
      const left = (await (
        await page.request.get('/api/read/circuits')
      ).json()) as CircuitDocument[];
      expect(left.some((circuit) => circuit.title === title)).toBe(false);
    },
  );

  journeys.test(
    `a QR code leads to a circuit, chosen on its detail page`,
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const id = tag();
      const a = await newArticle(page, `Tapisserie ${id}`);
      const title = `Parcours des enfants ${id}`;
      const circuit = await post<CircuitDocument>(
        page,
        'save_circuit',
        { name: `enfants-${id}`, title, intro: '', articleIds: [a.id] },
        201,
      );
      const code = await post<QrcodeDocument>(page, 'add_qrcode', {}, 201);
      const q = dict[lang].qrcode;
      const main = page.getByRole('main');

      await visit(page, url(lang, `/qrcode?id=${code.id}`));
      await expect(heading(page, fill(q.heading, { link: code.link }))).toBeVisible();
      // The spec's article picker first, as before.
      await expect(main.getByRole('radio', { name: q.kindArticle, exact: true })).toBeChecked();
      await expect(main.getByRole('searchbox', { name: q.search, exact: true })).toBeVisible();
      await main.getByRole('radio', { name: q.kindCircuit, exact: true }).check();
      const search = main.getByRole('searchbox', { name: q.circuitSearch, exact: true });
      await search.fill(id);
      await main
        .locator('.qr-picker__option')
        .filter({ hasText: title })
        .getByRole('radio')
        .check();
      await expect(main.getByText(fill(q.chosen, { title }), { exact: true })).toBeVisible();
      await main.getByRole('button', { name: q.save, exact: true }).click();
      await expect(toast(page, q.saved)).toBeVisible();
      const linked = main.locator('.qr-status--active');
      await expect(linked).toHaveText(`${q.circuitPrefix} ${title}`);
      await expect(linked.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        url(lang, `/circuits?id=${circuit.id}`),
      );
      await settleToasts(page);
      await expectNoViolations(page);

      // The list says where it leads.
      await main.getByRole('link', { name: q.backToQrcodes, exact: true }).click();
      const line = main
        .getByRole('list', { name: dict[lang].qrcodes.list, exact: true })
        .getByRole('link')
        .filter({ hasText: fill(dict[lang].qrcodes.line, { link: code.link }) });
      await expect(line).toContainText(fill(dict[lang].qrcodes.circuit, { title }));
      await expect(line).not.toContainText(dict[lang].qrcodes.free);

      // The circuit's link opens its form.
      await visit(page, url(lang, `/qrcode?id=${code.id}`));
      await main.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(url(lang, `/circuits?id=${circuit.id}`));
      await expect(main.getByRole('textbox', { name: t.titleLabel, exact: true })).toHaveValue(
        title,
      );

      // Deleting the circuit leaves the code in place, free.
      await post(page, 'delete_circuit', { id: circuit.id });
      await visit(page, url(lang, '/qrcodes'));
      await expect(line).toContainText(dict[lang].qrcodes.free);
    },
  );
}
for (const [title, run] of journeys) {
  test(title, ({ page, signIn }, testInfo) => run({ page, signIn }, testInfo));
}

test('a stop is dragged to another place by its handle', async ({ page, signIn }) => {
  await signIn();
  const id = tag();
  const a = await newArticle(page, `Statue ${id}`);
  const b = await newArticle(page, `Buste ${id}`);
  const c = await newArticle(page, `Médaille ${id}`);
  const title = `Sculptures ${id}`;
  await post(
    page,
    'save_circuit',
    { name: `sculptures-${id}`, title, intro: '', articleIds: [a.id, b.id, c.id] },
    201,
  );
  const t = dict.fr.circuits;
  const s = screen(page, 'fr');
  await visit(page, '/circuits');
  await s
    .item(title)
    .getByRole('button', { name: fill(t.editCircuit, { title }) })
    .click();
  await expect(s.stops).toHaveText([a.title, b.title, c.title]);

  // The last stop, dragged above the first (the mouse reaches what is on the screen only).
  await s.main.locator('.circuit-stops').scrollIntoViewIfNeeded();
  const handle = s.handle(c.title);
  const from = (await handle.boundingBox())!;
  const to = (await s.handle(a.title).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 8 });
  await page.mouse.move(to.x + to.width / 2, to.y - 4, { steps: 4 });
  await page.mouse.up();
  await expect(s.stops).toHaveText([c.title, a.title, b.title]);
  await expect(s.announcement).toHaveText(
    fill(t.moved, { title: c.title, position: '1', count: '3' }),
  );

  // Escape while dragging puts it back.
  const again = (await s.handle(a.title).boundingBox())!;
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x + again.width / 2, again.y + 200, { steps: 6 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(s.stops).toHaveText([c.title, a.title, b.title]);

  await s.save.click();
  await expect(toast(page, t.saved)).toBeVisible();
  await expect(s.itemStops(title)).toHaveText([c.title, a.title, b.title]);
});
