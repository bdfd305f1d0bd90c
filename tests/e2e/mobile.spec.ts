import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  bothLanguages,
  dict,
  expect,
  fill,
  heading,
  loginForm,
  LANGS,
  other,
  post,
  test,
  topBar,
  url,
  visit,
  homeTitle,
} from './fixtures.ts';

/** The hamburger menu on a phone-sized screen: Dashboard, Blog, Contact and the language. */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

const journeys = bothLanguages<'context'>({
  // Each language starts as in a browser of its own: no language chosen yet.
  async between({ context }) {
    await context.clearCookies();
  },
});

for (const lang of LANGS) {
  const t = dict[lang];
  const target = other(lang);

  journeys.test(
    'repeats Dashboard, Blog, Contact and the language; closes outside and on navigation',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/'));
      const bar = topBar(page, lang);
      await expect(bar.bookDemo).toBeVisible();
      // The desktop links and switcher give way to the hamburger.
      await expect(bar.nav).toBeHidden();
      await expect(bar.langButton).toBeHidden();
      await expect(bar.burger).toBeVisible();
      await expect(bar.burger).toHaveAttribute('aria-expanded', 'false');
      await expect(bar.mobileNav).toBeHidden();

      await bar.burger.click();
      await expect(bar.burger).toHaveAttribute('aria-expanded', 'true');
      await expect(bar.mobileNav).toBeVisible();
      const links = bar.mobileNav.getByRole('link');
      await expect(links).toHaveText([t.nav.dashboard, t.nav.blog, t.nav.contact]);
      await expect(links.nth(0)).toHaveAttribute('href', url(lang, '/dashboard'));
      await expect(links.nth(1)).toHaveAttribute('href', url(lang, '/blog'));
      await expect(links.nth(2)).toHaveAttribute('href', url(lang, '/contact'));
      const langs = page.getByRole('group', { name: t.nav.language, exact: true });
      await expect(langs.getByRole('button')).toHaveCount(2);
      await expect(langs.getByRole('button').first()).toContainText('FR');
      await expect(langs.getByRole('button').last()).toContainText('EN');
      await expect(
        langs.getByRole('button', { name: new RegExp(`^${lang.toUpperCase()}`) }),
      ).toHaveAttribute('aria-pressed', 'true');

      // A tap below the panel closes it.
      await page.mouse.click(8, 836);
      await expect(bar.mobileNav).toBeHidden();
      await expect(bar.burger).toHaveAttribute('aria-expanded', 'false');

      // The button toggles it.
      await bar.burger.click();
      await expect(bar.mobileNav).toBeVisible();
      await bar.burger.click();
      await expect(bar.mobileNav).toBeHidden();

      // Navigating closes it, and it stays closed when the visitor comes back.
      await bar.burger.click();
      await bar.mobileNav.getByRole('link', { name: t.nav.blog, exact: true }).click();
      await expect(page).toHaveURL(url(lang, '/blog'));
      await expect(heading(page, t.blog.heading)).toBeVisible();
      await expect(bar.mobileNav).toBeHidden();
      await expect(bar.burger).toHaveAttribute('aria-expanded', 'false');
      await page.goBack();
      await expect(page).toHaveURL(url(lang, '/'));
      await expect(heading(page, homeTitle(lang))).toBeVisible();
      await expect(bar.mobileNav).toBeHidden();
    },
  );

  journeys.test(
    'the language choice in the menu opens the page in the other language (EN, then FR)',
    lang,
    async ({ page, context }) => {
      await visit(page, `${url(lang, '/contact')}?via=menu`);
      const bar = topBar(page, lang);
      await bar.burger.click();
      await page
        .getByRole('group', { name: t.nav.language, exact: true })
        .getByRole('button', { name: new RegExp(`^${target.toUpperCase()}`) })
        .click();
      await expect(page).toHaveURL(`${url(target, '/contact')}?via=menu`);
      await expect(page.locator('html')).toHaveAttribute('lang', target);
      expect(await langCookie(context)).toBe(target);
      await expect(topBar(page, target).mobileNav).toBeHidden();
    },
  );
}

test.describe('mobile menu', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, context }, testInfo) => run({ page, context }, testInfo));
  }
});

test.describe('a small phone, signed in', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the top bar with Logout fits: nothing scrolls sideways', async ({ page, signIn }) => {
    await signIn();
    for (const lang of LANGS) {
      await visit(page, url(lang, '/dashboard'));
      await expect(topBar(page, lang).logout).toBeVisible();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        bar: document.querySelector('.topbar__inner')!.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      expect(widths.bar).toBeLessThanOrEqual(widths.viewport);
    }
  });
});

/** Every staff screen, each at its plain address. */
const STAFF_SCREENS = [
  '/dashboard',
  '/articles',
  '/qrcodes',
  '/qrcodes/print',
  '/stats',
  '/translations',
  '/glossary',
  '/circuits',
  '/settings',
] as const;

/**
 * No staff page scrolls sideways on a 360 px phone (the statistics page was
 * 728 px wide, its hidden tables pushing it). Every staff screen, with content in it, in French
 * (the longer words).
 */
test.describe('a small phone, every staff page', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page is wider than 360 px; on a computer, all start at the left', async ({
    page,
    signIn,
  }) => {
    const t = dict.fr;
    const fits = async (route: string, ready: Locator) => {
      await visit(page, route);
      await expect(ready, route).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${route} is ${width} px wide`).toBeLessThanOrEqual(360);
    };
    const main = (p: Page) => p.getByRole('main');

    await fits('/login', loginForm(page, 'fr').heading);
    await signIn();

    const title = `Tapisserie de la reine Mathilde ${randomUUID().slice(0, 8)}`;
    const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
    await post(page, 'update_article', {
      articleId: id,
      newContent: [
        {
          type: 'metadatas',
          url: `mobile-${randomUUID().slice(0, 8)}`,
          backgroundColor: '#341539',
        },
        { type: 'text', content: 'Un texte.' },
      ],
      unformatted_name: title,
      instructions: '',
    });
    const code = await post<{ id: number; link: string }>(page, 'add_qrcode', {}, 201);
    await post(page, 'update_qrcode', { articleId: id, qrcodeId: code.id });

    await fits('/articles', main(page).getByText(title).first());
    await fits(
      `/article?id=${id}`,
      heading(page, fill(t.editor.heading, { id: String(id), name: title })),
    );
    await fits('/qrcodes', main(page).getByText(code.link).first());
    await fits(`/qrcode?id=${code.id}`, heading(page, fill(t.qrcode.heading, { link: code.link })));
    await fits('/qrcodes/print', main(page).getByText(title).first());
    // A scan, so the statistics page draws a chart and its hidden table (counts land each second).
    const scan = await page.request.get(`/r/${code.link}`, {
      maxRedirects: 0,
      headers: { 'user-agent': `e2e mobile ${randomUUID()}` },
    });
    expect(scan.status()).toBe(302);
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/stats/scans-per-article?days=10&lang=fr');
        return JSON.stringify(await response.json()).includes(title);
      })
      .toBe(true);
    await fits('/stats', main(page).getByRole('figure').first().locator('canvas'));
    await expect(main(page).getByText(t.stats.loading)).toHaveCount(0);
    await expect(main(page).locator('table').first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await fits('/settings', main(page).getByLabel(t.settings.timeZone, { exact: true }));
    await fits('/glossary', heading(page, t.glossary.title));
    await fits('/circuits', heading(page, t.circuits.title));

    // On a computer, every staff screen has one layout: the page's width from its left edge,
    // its heading where the page's content starts (none a narrow column in the middle).
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const route of STAFF_SCREENS) {
      await visit(page, route);
      const title = main(page).getByRole('heading', { level: 1 }).first();
      await expect(title, route).toBeVisible();
      const left = await main(page).evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.left + parseFloat(getComputedStyle(element).paddingLeft);
      });
      const box = await title.boundingBox();
      expect(
        Math.abs((box?.x ?? -1) - left),
        `${route}: heading at ${box?.x}, page at ${left}`,
      ).toBeLessThanOrEqual(1);
    }
  });
});
