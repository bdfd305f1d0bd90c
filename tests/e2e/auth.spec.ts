import type { Locator } from '@playwright/test';
import {
  staffJourneys,
  ADMIN,
  dict,
  escapeRegExp,
  expect,
  expectDashboard,
  expectLoggedOut,
  heading,
  LANGS,
  loginForm,
  PROTECTED_ROUTES,
  test,
  toast,
  topBar,
  unknownEmail,
  url,
  watchMain,
} from './fixtures.ts';
import { E2E_ORIGIN } from './settings.ts';

/**
 * Sign in, log out, protected screens and the session.
 *
 * Sign-in failures count per email and per address (src/features/auth/policy.ts): the whole
 * suite makes 2 failures for the real account (one per language) and 5 per language for the
 * throttling test, each with a fresh unknown email: 12 for the address, under its 30 (so
 * `--repeat-each=2` still passes; 3 would block the address for every later sign-in).
 */

/** No box of `controls` meets the box of `cover`: each is wholly beside, above or below it. */
async function expectApart(cover: Locator, controls: Locator[]) {
  const a = await cover.boundingBox();
  expect(a).not.toBeNull();
  for (const control of controls) {
    await expect(control).toBeVisible();
    const b = await control.boundingBox();
    if (a === null || b === null) throw new Error('No box');
    const apart =
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    expect(apart, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(true);
  }
}

const journeys = staffJourneys<'context' | 'signIn' | 'signInWithForm'>({
  // Each language starts as in a browser of its own: signed out, no route held, no flash kept.
  async between({ page, context }) {
    await page.unrouteAll({ behavior: 'wait' });
    await context.clearCookies();
    await page.evaluate(() => sessionStorage.clear());
  },
});

for (const lang of LANGS) {
  const t = dict[lang];

  journeys.test(
    'the sign-in page has its title, two fields and a way to ask for an account',
    lang,
    async ({ page }) => {
      const response = await page.goto(url(lang, '/login'));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${t.auth.signIn} · Legenda`);
      const form = loginForm(page, lang);
      await expect(form.heading).toBeVisible();
      await expect(form.email).toHaveAttribute('type', 'email');
      await expect(form.password).toHaveAttribute('type', 'password');
      await expect(form.submit).toBeEnabled();
      await expect(form.noAccount).toHaveAttribute('href', url(lang, '/contact'));
      await expectLoggedOut(page, lang);

      await form.noAccount.click();
      await expect(page).toHaveURL(url(lang, '/contact'));
    },
  );

  journeys.test(
    'a wrong password is refused, then Enter in the password field signs in',
    lang,
    async ({ page }) => {
      const form = loginForm(page, lang);
      // Typed before the form's script has run (a slow phone): it is held until both fields
      // are filled, and what was typed is kept and sent.
      let typed = () => {};
      const held = new Promise<void>((resolve) => (typed = resolve));
      await page.route('**/_astro/LoginForm.*.js', async (route) => {
        await held;
        await route.continue();
      });
      const sent: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/login') {
          sent.push(request.postDataJSON());
        }
      });
      await page.goto(url(lang, '/login'), { waitUntil: 'commit' });
      await expect(form.submit).toBeDisabled();
      await form.email.fill(ADMIN.email);
      await form.password.fill('not the right password');
      typed();
      await expect(form.submit).toBeEnabled();
      await expect(form.email).toHaveValue(ADMIN.email);
      await expect(form.password).toHaveValue('not the right password');
      await form.submit.click();

      await expect(toast(page, t.auth.loginFailed)).toBeVisible();
      expect(sent).toEqual([{ email: ADMIN.email, password: 'not the right password' }]);
      await expect(page).toHaveURL(url(lang, '/login'));
      await expect(form.email).toHaveValue(ADMIN.email);
      await expect(form.password).toHaveValue('');
      await expect(form.password).toBeFocused();
      await expect(topBar(page, lang).logout).toHaveCount(0);

      // An empty password: said at once, nothing sent.
      await form.submit.click();
      await expect(toast(page, t.auth.passwordMissing)).toBeVisible();
      await expect(form.password).toBeFocused();
      expect(sent).toHaveLength(1);
      // The network down: said, and both fields kept.
      await page.route('**/login', (route) =>
        route.request().method() === 'POST' ? route.abort() : route.continue(),
      );
      await form.password.fill(ADMIN.password);
      await form.submit.click();
      await expect(toast(page, t.common.networkError)).toBeVisible();
      await expect(form.email).toHaveValue(ADMIN.email);
      await expect(form.password).toHaveValue(ADMIN.password);
      await page.unroute('**/login');

      await form.password.fill(ADMIN.password);
      await form.password.press('Enter');
      await expect(page).toHaveURL(url(lang, '/dashboard'));
      await expect(toast(page, t.auth.loginSuccess)).toBeVisible();
      await expectDashboard(page, lang);
    },
  );

  journeys.test(
    'Enter in the email field signs in too; its toast hides none of the top bar',
    lang,
    async ({ page, signInWithForm }) => {
      await signInWithForm(lang, 'enter-in-email');
      await expect(page).toHaveURL(url(lang, '/dashboard'));
      // Toasts close after 5 s: check it before the rest of the page.
      const done = toast(page, t.auth.loginSuccess);
      await expect(done).toBeVisible();
      const bar = topBar(page, lang);
      await expectApart(done, [bar.logout, bar.langButton]);
      await expectDashboard(page, lang);

      // On a phone, the same toast (a page's flash) and the sign-out and menu buttons.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(
        (message) =>
          sessionStorage.setItem('legenda.flash', JSON.stringify([{ kind: 'success', message }])),
        t.auth.loginSuccess,
      );
      await page.reload();
      await expect(done).toBeVisible();
      await expectApart(done, [bar.logout, bar.burger]);
    },
  );

  journeys.test(
    'the sign-in button works and the session survives a reload',
    lang,
    async ({ page, signInWithForm }) => {
      await signInWithForm(lang, 'click');
      await expect(page).toHaveURL(url(lang, '/dashboard'));
      await expect(toast(page, t.auth.loginSuccess)).toBeVisible();
      await expectDashboard(page, lang);
      await page.reload();
      await expectDashboard(page, lang);
      await expect(toast(page, t.auth.loginSuccess)).toHaveCount(0);
    },
  );

  journeys.test(
    'the sign-in page sends a signed-in user to the dashboard',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      await page.goto(url(lang, '/login'));
      await expectDashboard(page, lang);
    },
  );

  journeys.test(
    'too many failures for one email are throttled with a delay',
    lang,
    async ({ page }) => {
      const email = unknownEmail();
      // Five failures through the API (the same counters as the form), the sixth in the form.
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await page.request.post('/login', {
          headers: { origin: E2E_ORIGIN },
          data: { email, password: `wrong password ${attempt}` },
        });
        expect(response.status(), `attempt ${attempt}`).toBe(401);
      }
      const form = loginForm(page, lang);
      await page.goto(url(lang, '/login'));
      await expect(form.submit).toBeEnabled();
      await form.email.fill(email);
      await form.password.fill('wrong password 6');
      await form.submit.click();

      const [before, after] = t.auth.throttled.split('{{delay}}') as [string, string];
      const message = new RegExp(
        `^${escapeRegExp(before)}\\d+\\s\\p{L}+${escapeRegExp(after)}$`,
        'u',
      );
      await expect(toast(page, message)).toBeVisible();
      await expect(toast(page, t.auth.loginFailed)).toHaveCount(0);
      await expect(page).toHaveURL(url(lang, '/login'));
      await expect(form.email).toHaveValue(email);
    },
  );

  journeys.test(
    'logging out ends the session and protected screens send to sign-in',
    lang,
    async ({ page, signIn }) => {
      const seen = await watchMain(page);
      await signIn();
      await page.goto(url(lang, '/dashboard'));
      const bar = topBar(page, lang);
      await expect(heading(page, t.dashboard.title)).toBeVisible();

      await bar.logout.click();
      await expect(toast(page, t.auth.logoutSuccess)).toBeVisible();
      await expect(page).toHaveURL(url(lang, '/'));
      await expectLoggedOut(page, lang);

      const protectedHeadings = [
        t.dashboard.title,
        t.articles.title,
        t.qrcodes.heading,
        t.stats.title,
        t.settings.title,
        t.glossary.title,
      ];
      for (const route of PROTECTED_ROUTES) {
        seen.length = 0;
        await page.goto(url(lang, route));
        await expect(page, `${route} redirects`).toHaveURL(url(lang, '/login'));
        await expect(loginForm(page, lang).heading).toBeVisible();

        const onProtected = seen.filter((entry) => entry.path !== url(lang, '/login'));
        // The protected page only ever showed its status line, never its content.
        expect(onProtected.filter((entry) => entry.kind === 'heading')).toEqual([]);
        expect(onProtected.map((entry) => entry.text)).toContain(t.common.loading);
        for (const entry of seen) expect(protectedHeadings).not.toContain(entry.text);
      }
    },
  );

  journeys.test(
    'a forged session cookie is refused and sends to sign-in',
    lang,
    async ({ page, context, signIn }) => {
      await signIn();
      const session = (await context.cookies()).find((c) => c.name === 'legenda_session');
      expect(session, 'session cookie after sign-in').toBeDefined();
      expect(session?.httpOnly).toBe(true);
      // Same shape as a real token (43 base64url characters), but issued by nobody.
      const forged = 'A'.repeat(43);
      expect(forged).not.toBe(session?.value);
      await context.addCookies([
        {
          name: 'legenda_session',
          value: forged,
          domain: session!.domain,
          path: session!.path,
          httpOnly: true,
          sameSite: session!.sameSite,
          expires: session!.expires,
        },
      ]);
      await page.goto(url(lang, '/dashboard'));
      await expect(page).toHaveURL(url(lang, '/login'));
      await expectLoggedOut(page, lang);
    },
  );
}

test.describe('sign in and out', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, context, signIn, signInWithForm }, testInfo) =>
      run({ page, context, signIn, signInWithForm }, testInfo),
    );
  }
});
