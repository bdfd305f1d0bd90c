import {
  bothLanguages,
  dict,
  expect,
  expectLoggedOut,
  heading,
  LANGS,
  PROTECTED_ROUTES,
  test,
  topBar,
  url,
  homeTitle,
} from './fixtures.ts';

/** Public pages: home, not-found, what search engines may index, scrolling to the top on every route change. */

const ROBOTS_NOINDEX = /<meta\s+name="robots"\s+content="noindex"\s*\/?>/;
const ANY_ROBOTS = /<meta\s+name="robots"/;

const journeys = bothLanguages<'request'>();

for (const lang of LANGS) {
  const t = dict[lang];

  journeys.test(
    'home shows the top bar and, once logged out, the demo button',
    lang,
    async ({ page }) => {
      const response = await page.goto(url(lang, '/'));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(url(lang, '/'));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(heading(page, homeTitle(lang))).toBeVisible();

      const bar = topBar(page, lang);
      await expect(bar.logo).toHaveAttribute('href', url(lang, '/'));
      await expect(bar.nav.getByRole('link')).toHaveText([
        t.nav.blog,
        t.nav.dashboard,
        t.nav.contact,
      ]);
      await expect(bar.link(t.nav.blog)).toHaveAttribute('href', url(lang, '/blog'));
      await expect(bar.link(t.nav.dashboard)).toHaveAttribute('href', url(lang, '/dashboard'));
      await expect(bar.link(t.nav.contact)).toHaveAttribute('href', url(lang, '/contact'));
      await expect(bar.langButton).toBeVisible();
      await expect(bar.langButton).toHaveText(lang.toUpperCase());
      await expect(bar.langButton).toHaveAttribute('aria-haspopup', 'menu');

      await expectLoggedOut(page, lang);
      await expect(bar.bookDemo).toHaveText(t.nav.bookDemo);
    },
  );

  journeys.test('the logo leads home from another page', lang, async ({ page }) => {
    await page.goto(url(lang, '/contact'));
    await expect(heading(page, t.contact.title)).toBeVisible();
    await topBar(page, lang).logo.click();
    await expect(page).toHaveURL(url(lang, '/'));
    await expect(heading(page, homeTitle(lang))).toBeVisible();
  });

  journeys.test('an unknown address answers 404 with a way back home', lang, async ({ page }) => {
    const response = await page.goto(url(lang, '/nothing-here'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(heading(page, t.notFound.heading)).toBeVisible();
    const back = page.getByRole('main').getByRole('link', { name: t.notFound.backHome });
    await expect(back).toHaveAttribute('href', url(lang, '/'));
    await back.click();
    await expect(page).toHaveURL(url(lang, '/'));
    await expect(heading(page, homeTitle(lang))).toBeVisible();
  });

  journeys.test('an unknown nested address is a 404 too', lang, async ({ page }) => {
    const response = await page.goto(url(lang, '/blog/x/y/z?q=1'));
    expect(response?.status()).toBe(404);
    await expect(heading(page, t.notFound.heading)).toBeVisible();
  });

  journeys.test('staff screens are not indexed; public pages are', lang, async ({ request }) => {
    const staff = [...PROTECTED_ROUTES, '/article', '/qrcode'];
    for (const route of staff) {
      const response = await request.get(url(lang, route));
      expect(response.status(), route).toBe(200);
      expect(await response.text(), `${url(lang, route)} has robots noindex`).toMatch(
        ROBOTS_NOINDEX,
      );
    }
    for (const route of ['/', '/login', '/contact', '/blog']) {
      const response = await request.get(url(lang, route));
      expect(response.status(), route).toBe(200);
      expect(await response.text(), `${url(lang, route)} has no robots meta`).not.toMatch(
        ANY_ROBOTS,
      );
    }
  });

  journeys.test('a route change starts at the top of the page', lang, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 360 });
    const scrollY = () => page.evaluate(() => window.scrollY);
    const scrollToBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(scrollY).toBeGreaterThan(100);
    };

    await page.goto(url(lang, '/'));
    await expectLoggedOut(page, lang);
    await scrollToBottom();
    // The top bar is sticky: its links stay in reach while scrolled down.
    await topBar(page, lang).link(t.nav.contact).click();
    await expect(page).toHaveURL(url(lang, '/contact'));
    await expect(heading(page, t.contact.title)).toBeVisible();
    expect(await scrollY()).toBe(0);

    // From a scrolled page to a long one: the new page opens at its top, not at the old offset.
    await page.goto(url(lang, '/login'));
    await expectLoggedOut(page, lang);
    await scrollToBottom();
    await topBar(page, lang).logo.click();
    await expect(page).toHaveURL(url(lang, '/'));
    await expect(heading(page, homeTitle(lang))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      360 + 100,
    );
    expect(await scrollY()).toBe(0);
  });
}

test.describe('public pages', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, request }, testInfo) => run({ page, request }, testInfo));
  }
});
