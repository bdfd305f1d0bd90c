import type { BrowserContext } from '@playwright/test';
import {
  dict,
  expect,
  heading,
  LANGS,
  other,
  test,
  topBar,
  url,
  visit,
  homeTitle,
} from './fixtures.ts';

/** The hamburger menu on a phone-sized screen (spec 2, top navigation bar). */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

for (const lang of LANGS) {
  const t = dict[lang];
  const target = other(lang);

  test.describe(`mobile menu (${lang})`, () => {
    test('repeats Dashboard, Blog, Contact and the language; closes outside and on navigation', async ({
      page,
    }) => {
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
    });

    test(`the language choice in the menu opens the page in ${target.toUpperCase()}`, async ({
      page,
      context,
    }) => {
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
    });
  });
}

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
