import {
  dict,
  expect,
  expectDashboard,
  expectLoggedOut,
  expectNoViolations,
  LANGS,
  loginForm,
  test,
  topBar,
  url,
} from './fixtures.ts';

/**
 * axe-core finds no violation (all its rules, best practices included) on the shell's pages in
 * the states other tests do not reach: menus and dialogs open, an error shown, signed in. The
 * public pages as they load (home, not-found page…) are checked in site.spec.ts, still; here
 * they move (the carousel's Pause button shows only then).
 */
test.use({ reducedMotion: 'no-preference' });

// Each state is checked in both languages in one page: a page of its own for each cost a
// browser page and a first load of the site's scripts, for the same checks.
test.describe('accessibility', () => {
  test('home with the language menu open', async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto(url(lang, '/'));
      await expectLoggedOut(page, lang);
      await topBar(page, lang).langButton.click();
      await expect(topBar(page, lang).langMenu).toBeVisible();
      await expectNoViolations(page);
    }
  });

  test('home on a phone with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of LANGS) {
      await page.goto(url(lang, '/'));
      await expectLoggedOut(page, lang);
      await topBar(page, lang).burger.click();
      await expect(topBar(page, lang).mobileNav).toBeVisible();
      await expectNoViolations(page);
    }
  });

  test('sign-in page, with an error toast', async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto(url(lang, '/login'));
      await expectLoggedOut(page, lang);
      await expectNoViolations(page);
      const form = loginForm(page, lang);
      // An empty form is refused without counting as a failed sign-in (nothing is sent), and
      // says what is missing.
      await form.submit.click();
      await expect(
        page.getByRole('alert').filter({ hasText: dict[lang].auth.fieldsMissing }),
      ).toBeVisible();
      await expectNoViolations(page);
    }
  });

  test('dashboard, signed in', async ({ page, signIn }) => {
    await signIn();
    for (const lang of LANGS) {
      await page.goto(url(lang, '/dashboard'));
      await expectDashboard(page, lang);
      await expectNoViolations(page);
    }
  });
});
