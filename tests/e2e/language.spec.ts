import type { BrowserContext, Page } from '@playwright/test';
import {
  bothLanguages,
  dict,
  expect,
  heading,
  LANGS,
  other,
  test,
  topBar,
  url,
  visit,
  type Lang,
  homeTitle,
} from './fixtures.ts';

/** The language switcher and the remembered choice (docs/adr/0001). */

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

/** A click far from the top bar: the menu must close on it. */
async function clickOutside(page: Page) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.click(8, size.height - 8);
}

function menuItem(page: Page, lang: Lang, option: Lang) {
  return topBar(page, lang).langMenu.getByRole('menuitemradio', {
    name: new RegExp(`^${option.toUpperCase()}\\s*${dict[lang].nav[option]}`),
  });
}

test('French is the default for a new visitor, whatever the browser language', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(heading(page, homeTitle('fr'))).toBeVisible();
  await expect(topBar(page, 'fr').langButton).toHaveText('FR');
  expect(await langCookie(context)).toBeUndefined();
  await context.close();
});

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
    `opens a two-option menu that closes on a click outside and on Escape`,
    lang,
    async ({ page }) => {
      // A public page's top bar (plain script) and a staff screen's (React island) alike.
      for (const route of ['/blog', '/login']) {
        await visit(page, url(lang, route));
        const bar = topBar(page, lang);
        await expect(bar.langButton).toHaveAttribute('aria-expanded', 'false');
        await expect(bar.langMenu).toHaveCount(0);

        await bar.langButton.click();
        await expect(bar.langMenu).toBeVisible();
        await expect(bar.langButton).toHaveAttribute('aria-expanded', 'true');
        const items = bar.langMenu.getByRole('menuitemradio');
        await expect(items).toHaveCount(2);
        await expect(menuItem(page, lang, 'fr')).toBeVisible();
        await expect(menuItem(page, lang, 'en')).toBeVisible();
        await expect(items.first()).toContainText('FR');
        await expect(items.last()).toContainText('EN');
        await expect(menuItem(page, lang, lang)).toHaveAttribute('aria-checked', 'true');
        await expect(menuItem(page, lang, target)).toHaveAttribute('aria-checked', 'false');
        // The current language has focus when the menu opens.
        await expect(menuItem(page, lang, lang)).toBeFocused();

        await clickOutside(page);
        await expect(bar.langMenu).toHaveCount(0);
        await expect(bar.langButton).toHaveAttribute('aria-expanded', 'false');

        await bar.langButton.click();
        await expect(bar.langMenu).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(bar.langMenu).toHaveCount(0);
        await expect(bar.langButton).toBeFocused();

        // The button toggles the menu.
        await bar.langButton.click();
        await expect(bar.langMenu).toBeVisible();
        await bar.langButton.click();
        await expect(bar.langMenu).toHaveCount(0);
        await expect(page).toHaveURL(url(lang, route));
      }
    },
  );

  journeys.test('works from the keyboard', lang, async ({ page }) => {
    for (const route of ['/contact', '/login']) {
      // The choice made on the first page must not redirect the second.
      await page.context().clearCookies({ name: 'lang' });
      await visit(page, url(lang, route));
      const bar = topBar(page, lang);
      await bar.langButton.focus();
      await page.keyboard.press('ArrowDown');
      await expect(menuItem(page, lang, 'fr')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menuItem(page, lang, 'en')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menuItem(page, lang, 'fr')).toBeFocused();
      await page.keyboard.press('End');
      await expect(menuItem(page, lang, 'en')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(menuItem(page, lang, 'fr')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(bar.langMenu).toHaveCount(0);
      await expect(bar.langButton).toBeFocused();

      // ArrowUp opens on the last option; Enter chooses the focused one.
      await page.keyboard.press('ArrowUp');
      await expect(menuItem(page, lang, 'en')).toBeFocused();
      if (target === 'fr') await page.keyboard.press('ArrowUp');
      await expect(menuItem(page, lang, target)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url(target, route));
      await expect(page.locator('html')).toHaveAttribute('lang', target);
    }
  });

  journeys.test(
    'choosing the other language (EN in French, FR in English) opens the same page in it and is remembered',
    lang,
    async ({ page, context }) => {
      await visit(page, `${url(lang, '/blog')}?page=2&sort=new`);
      await expect(heading(page, t.blog.heading)).toBeVisible();
      await topBar(page, lang).langButton.click();
      await menuItem(page, lang, target).click();

      await expect(page).toHaveURL(`${url(target, '/blog')}?page=2&sort=new`);
      await expect(page.locator('html')).toHaveAttribute('lang', target);
      await expect(heading(page, dict[target].blog.heading)).toBeVisible();
      await expect(topBar(page, target).langButton).toHaveText(target.toUpperCase());
      expect(await langCookie(context)).toBe(target);

      // A later visit to a French route lands in the chosen language.
      await page.goto('/');
      await expect(page).toHaveURL(url(target, '/'));
      await expect(heading(page, homeTitle(target))).toBeVisible();
      await page.goto('/contact?from=qr');
      await expect(page).toHaveURL(`${url(target, '/contact')}?from=qr`);
      await page.goto('/dashboard');
      // Logged out: the dashboard of the chosen language, then its sign-in page.
      await expect(page).toHaveURL(url(target, '/login'));
    },
  );

  journeys.test(
    'choosing the current language stays on the page',
    lang,
    async ({ page, context }) => {
      await visit(page, url(lang, '/contact'));
      const bar = topBar(page, lang);
      await bar.langButton.click();
      await menuItem(page, lang, lang).click();
      await expect(bar.langMenu).toHaveCount(0);
      await expect(page).toHaveURL(url(lang, '/contact'));
      await expect(bar.langButton).toBeFocused();
      expect(await langCookie(context)).toBe(lang);
    },
  );
}

test.describe('language switcher', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, context }, testInfo) => run({ page, context }, testInfo));
  }
});

test('choosing FR after EN goes back to French and is remembered', async ({ page, context }) => {
  await visit(page, '/contact');
  await topBar(page, 'fr').langButton.click();
  await menuItem(page, 'fr', 'en').click();
  await expect(page).toHaveURL('/en/contact');
  expect(await langCookie(context)).toBe('en');
  // Remembered: the French home sends to the English one.
  await visit(page, '/');
  await expect(page).toHaveURL('/en');

  await topBar(page, 'en').langButton.click();
  await menuItem(page, 'en', 'fr').click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await langCookie(context)).toBe('fr');
  await page.goto('/blog');
  await expect(page).toHaveURL('/blog');
  await expect(heading(page, dict.fr.blog.heading)).toBeVisible();
  // English pages stay reachable by their own address.
  await page.goto('/en/blog');
  await expect(page).toHaveURL('/en/blog');
});
