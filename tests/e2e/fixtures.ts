import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Frame,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import en from '../../src/i18n/en.json' with { type: 'json' };
import fr from '../../src/i18n/fr.json' with { type: 'json' };
import { landingTextFor } from '../../src/site/landing/text.ts';
import { ADMIN, E2E_ORIGIN } from './settings.ts';

export { expect };
export { ADMIN };

export type Lang = 'fr' | 'en';
/** Every journey runs in both languages. */
export const LANGS: readonly Lang[] = ['fr', 'en'];
/** The dictionaries themselves, so a wording change is caught in one place. */
export const dict = { fr, en } as const;
/** The landing page's words, from its text dictionary. */
export const landing = (lang: Lang) => landingTextFor(lang);
/** The landing page's one h1. */
export const homeTitle = (lang: Lang) => landingTextFor(lang).box1Landing.title;

export const other = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr');

/** A route in a language: French at the spec's routes, English under /en. Query kept. */
export function url(lang: Lang, route: string): string {
  if (lang === 'fr') return route;
  return route === '/' ? '/en' : route.startsWith('/?') ? `/en${route.slice(1)}` : `/en${route}`;
}

/** Fills i18next-style {{placeholders}}. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? `{{${name}}}`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Screens only a signed-in user may see, as reached from a link or a QR code. */
export const PROTECTED_ROUTES = [
  '/dashboard',
  '/articles',
  '/articles/1/2',
  '/article?id=1',
  '/qrcodes',
  '/qrcodes/print',
  '/qrcode?id=1',
  '/stats',
  '/settings',
  '/translations?articleId=1&lang=es',
  '/glossary',
  '/circuits',
] as const;

/**
 * A Playwright test lock (1.63+): held by the tests that change the museum's settings (its
 * source language, its time zone), by those that read days of counts, and by those that read
 * visitor pages in the museum's source language. Other tests keep running in parallel.
 */
export const MUSEUM_SETTINGS = { lock: 'museum-settings' } as const;

/** An address no account has: each gets its own sign-in failure counter. */
export const unknownEmail = () => `wrong-${randomUUID().slice(0, 12)}@museum.example`;

/** The top navigation bar of a page in `lang`. */
export function topBar(page: Page, lang: Lang) {
  const t = dict[lang];
  const banner = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: t.nav.main, exact: true });
  return {
    logo: banner.getByRole('link', { name: 'Legenda', exact: true }),
    nav,
    link: (name: string) => nav.getByRole('link', { name, exact: true }),
    langButton: page.getByRole('button', {
      name: fill(t.nav.languageButton, { current: lang.toUpperCase() }),
      exact: true,
    }),
    langMenu: page.getByRole('menu', { name: t.nav.language, exact: true }),
    logout: page.getByRole('button', { name: t.nav.logout, exact: true }),
    bookDemo: page.getByRole('link', { name: t.nav.bookDemo, exact: true }),
    burger: page.getByRole('button', { name: t.nav.menu, exact: true }),
    mobileNav: page.getByRole('navigation', { name: t.nav.mobile, exact: true }),
  };
}

/** A toast (react-toastify renders role=alert) holding exactly `text`. */
export function toast(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) : text;
  return page.getByRole('alert').filter({ hasText: pattern });
}

export function heading(page: Page, name: string) {
  return page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });
}

export function loginForm(page: Page, lang: Lang) {
  const t = dict[lang];
  const main = page.getByRole('main');
  return {
    heading: heading(page, t.auth.signIn),
    email: main.getByLabel(t.auth.email, { exact: true }),
    password: main.getByLabel(t.auth.password, { exact: true }),
    submit: main.getByRole('button', { name: t.auth.submit, exact: true }),
    noAccount: main.getByRole('link', { name: t.auth.noAccount, exact: true }),
  };
}

/**
 * Opens a page and waits until every island is hydrated (Astro removes their `ssr` attribute):
 * before that, the top bar's buttons are server-rendered HTML and a click on them does nothing.
 */
export async function visit(page: Page, route: string) {
  const response = await page.goto(route);
  // Islands hydrated at load or when idle; those waiting to be scrolled into view (client:visible,
  // the landing carousel) are not waited for.
  await page.waitForFunction(
    () => document.querySelector('astro-island[ssr]:not([client="visible"])') === null,
  );
  return response;
}

/** Waits until the page's islands ran the session check: logged out. */
export async function expectLoggedOut(page: Page, lang: Lang) {
  const bar = topBar(page, lang);
  await expect(bar.bookDemo).toBeVisible();
  await expect(bar.logout).toHaveCount(0);
}

/** The dashboard of a signed-in user, with its tiles in order. */
export async function expectDashboard(page: Page, lang: Lang) {
  const t = dict[lang];
  await expect(page).toHaveURL(url(lang, '/dashboard'));
  await expect(heading(page, t.dashboard.title)).toBeVisible();
  const tiles = page.getByRole('main').getByRole('link');
  const expected = [
    ['/articles', t.dashboard.articles],
    ['/circuits', t.dashboard.circuits],
    ['/qrcodes', t.dashboard.qrcodes],
    ['/stats', t.dashboard.stats],
    ['/translations', t.dashboard.translations],
    ['/glossary', t.dashboard.glossary],
    ['/settings', t.dashboard.settings],
  ] as const;
  await expect(tiles).toHaveCount(expected.length);
  for (const [index, [route, title]] of expected.entries()) {
    const tile = tiles.nth(index);
    await expect(tile).toHaveAccessibleName(new RegExp(`^${escapeRegExp(title)}\\s`));
    await expect(tile).toHaveAttribute('href', url(lang, route));
  }
  const bar = topBar(page, lang);
  await expect(bar.logout).toBeVisible();
  await expect(bar.bookDemo).toHaveCount(0);
}

export type SubmitWith = 'click' | 'enter-in-password' | 'enter-in-email';

/** Signs in through the form; `submitWith` says how the form is sent. */
async function signInWithForm(page: Page, lang: Lang, submitWith: SubmitWith) {
  const form = loginForm(page, lang);
  await page.goto(url(lang, '/login'));
  // The button is enabled once the form is hydrated; before that it cannot submit.
  await expect(form.submit).toBeEnabled();
  await form.email.fill(ADMIN.email);
  await form.password.fill(ADMIN.password);
  if (submitWith === 'click') await form.submit.click();
  else if (submitWith === 'enter-in-password') await form.password.press('Enter');
  else await form.email.press('Enter');
}

export type SeenEntry = { path: string; kind: 'heading' | 'status'; text: string };

const watchedPages = new WeakMap<Page, SeenEntry[]>();

/**
 * Records, from the first byte of every document the page loads, each h1 and status line that
 * appears in <main>: proof of what a visitor could have seen, however briefly.
 */
export async function watchMain(page: Page): Promise<SeenEntry[]> {
  // A page watched already (a journey run again in the same page) keeps its recorder, emptied.
  const watched = watchedPages.get(page);
  if (watched) {
    watched.length = 0;
    return watched;
  }
  const seen: SeenEntry[] = [];
  watchedPages.set(page, seen);
  await page.exposeBinding('__e2eSeen', (_source, entry: SeenEntry) => {
    seen.push(entry);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __e2eSeen: (entry: SeenEntry) => void }).__e2eSeen;
    const reported = new Set<string>();
    const check = (element: Element) => {
      if (!element.closest('main')) return;
      const kind = element.tagName === 'H1' ? 'heading' : 'status';
      const text = (element.textContent ?? '').trim();
      const key = `${kind}:${text}`;
      if (reported.has(key)) return;
      reported.add(key);
      void report({ path: location.pathname + location.search, kind, text });
    };
    const scan = (root: ParentNode) => {
      if (root instanceof Element && root.matches('h1, [role="status"]')) check(root);
      root.querySelectorAll('h1, [role="status"]').forEach(check);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        // Nodes added and removed within one task still show up here.
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) scan(node);
        });
      }
      scan(document);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return seen;
}

/** A JSON answer of the staff API. */
export type Json = Record<string, unknown>;

/**
 * The staff API as a signed-in browser: POST /api/manage/{path} with `data` through `owner`'s
 * request context (a page's or a browser context's: it carries their session cookie), expects
 * `status` (the answer's text in the message otherwise) and answers the JSON.
 */
export async function post<T = Json>(
  owner: { request: APIRequestContext },
  path: string,
  data: unknown,
  status = 200,
): Promise<T> {
  const response = await owner.request.post(`/api/manage/${path}`, {
    data,
    headers: { origin: E2E_ORIGIN },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

type Fixtures = {
  /**
   * Signs the page's browser context in (cookies are shared): for speed, with the worker's
   * session when it is still open, else through the API.
   */
  signIn: () => Promise<void>;
  /** Signs in through the sign-in page of `lang`, as a person would. */
  signInWithForm: (lang: Lang, submitWith?: SubmitWith) => Promise<void>;
};

type WorkerFixtures = {
  /** The session cookie of the worker's last API sign-in, reused by the tests that follow. */
  workerSession: { cookie?: Cookie };
};

const SESSION_COOKIE = 'legenda_session';

/**
 * Puts the worker's session cookie into `context` and answers whether the server still knows
 * it: a test before may have ended it (signed out, or signed in again over it).
 */
async function reuseSession(context: BrowserContext, cookie: Cookie): Promise<boolean> {
  await context.addCookies([cookie]);
  const response = await context.request.get('/session');
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { email?: string };
  if (body.email === ADMIN.email) return true;
  await context.clearCookies({ name: SESSION_COOKIE });
  return false;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  workerSession: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture asks for from this parameter; this one asks for none.
    async ({}, use) => {
      await use({});
    },
    { scope: 'worker' },
  ],
  signIn: async ({ page, workerSession }, use) => {
    await use(async () => {
      // Each sign-in costs the server a production-strength password hash (scrypt, 128 MB):
      // the tests that are not about signing in share one session per worker.
      const context = page.context();
      if (workerSession.cookie && (await reuseSession(context, workerSession.cookie))) return;
      const response = await page.request.post('/login', {
        headers: { origin: E2E_ORIGIN },
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(response.status(), await response.text()).toBe(200);
      workerSession.cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
      expect(workerSession.cookie, 'session cookie after sign-in').toBeDefined();
    });
  },
  signInWithForm: async ({ page }, use) => {
    await use((lang, submitWith = 'click') => signInWithForm(page, lang, submitWith));
  },
});

/** The fixtures a test may ask for. */
type TestArgs = PlaywrightTestArgs & PlaywrightTestOptions & PlaywrightWorkerArgs & Fixtures;
type Journey<K extends keyof TestArgs> = (
  args: Pick<TestArgs, K | 'page'>,
  testInfo: TestInfo,
) => Promise<void>;

/**
 * A journey written once per language, run as one test: `journeys.test(title, lang, body)` in
 * each language's loop; then, where the tests belong, `for (const [title, run] of journeys)
 * test(title, ({ page, …fixtures }, testInfo) => run({ page, … }, testInfo))`. The test runs
 * the languages one after the other in the same page (a page of its own for each cost a browser
 * page, a context and a first load of the site's scripts), the window set back to its first
 * size between them, each language a step of its own in the report. `K`: the fixtures the
 * journeys use besides the page; `between`: what to undo before each language after the first.
 * For the public site, whose every page is a requirement in both languages.
 */
export function bothLanguages<K extends keyof TestArgs = 'page'>(
  options: { between?: Journey<K> } = {},
) {
  return journeysBy<K>((runs) => runs, options);
}

/**
 * The staff's journeys: written in both languages like `bothLanguages`, each run in one of them,
 * French and English in turn from one journey to the next, so both dictionaries stay exercised
 * at half the cost (the interface's wording in both is held by the dictionaries' own tests).
 */
export function staffJourneys<K extends keyof TestArgs = 'page'>(
  options: { between?: Journey<K> } = {},
) {
  return journeysBy<K>((runs, position) => {
    const wanted = LANGS[position % LANGS.length];
    const chosen = runs.filter(([lang]) => lang === wanted);
    return chosen.length > 0 ? chosen.slice(0, 1) : runs.slice(0, 1);
  }, options);
}

function journeysBy<K extends keyof TestArgs>(
  pick: (runs: [Lang, Journey<K>][], position: number) => [Lang, Journey<K>][],
  options: { between?: Journey<K> },
) {
  const journeys = new Map<string, [Lang, Journey<K>][]>();
  return {
    test(title: string, lang: Lang, body: Journey<K>): void {
      journeys.set(title, [...(journeys.get(title) ?? []), [lang, body]]);
    },
    *[Symbol.iterator](): Generator<[string, Journey<K>]> {
      for (const [position, [title, all]] of [...journeys].entries()) {
        const runs = pick(all, position);
        yield [
          title,
          async (args, testInfo) => {
            testInfo.setTimeout(testInfo.timeout * runs.length);
            const viewport = args.page.viewportSize();
            for (const [index, [lang, run]] of runs.entries()) {
              await test.step(lang, async () => {
                if (index > 0 && options.between) await options.between(args, testInfo);
                if (viewport) await args.page.setViewportSize(viewport);
                await run(args, testInfo);
              });
            }
          },
        ];
      }
    },
  };
}

/**
 * axe-core on the page as it is now: no violation, of any impact. `exclude`: selectors axe need
 * not walk (a QR code's hundreds of shapes inside a named role="img").
 */
export async function expectNoViolations(page: Page, exclude: string[] = []): Promise<void> {
  // A sandboxed frame runs no script, so axe cannot walk it and would wait for it forever; the
  // review screen's phone preview frames the visitor page, checked where visitors read it (walked
  // here, its own <main> would be a second one of the staff page's).
  const excluded = ['iframe[sandbox]', '.review-preview__phone iframe', ...exclude];
  // Only violations are read: axe then skips building selectors and details for the thousands
  // of nodes that pass (axe-core's API, 'Performance'), the slowest part of a run here.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of excluded) builder = builder.exclude(selector);
  // axe's default run finishes every walk in a new blank page (a renderer started and closed
  // each time, over half a second of browser time); its single-page run walks the same rules
  // over the same elements and frames, only not frames of another origin. It is used unless
  // such a frame is to be walked.
  if (!(await walksFrameOfOtherOrigin(page, excluded))) builder = builder.setLegacyMode(true);
  const results = await builder.analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** True when a frame of another origin than the page's sits outside every `excluded` selector. */
async function walksFrameOfOtherOrigin(page: Page, excluded: string[]): Promise<boolean> {
  const main = page.mainFrame();
  const origin = new URL(main.url()).origin;
  for (const frame of page.frames()) {
    const address = frame.url();
    // A frame yet to load (no address) or an about: one holds a document of its parent's origin.
    if (frame === main || address === '' || address.startsWith('about:')) continue;
    if (URL.canParse(address) && new URL(address).origin === origin) continue;
    // A frame gone meanwhile counts as walked: axe's default run then, as before.
    if (!(await insideExcluded(frame, excluded).catch(() => false))) return true;
  }
  return false;
}

/** True when `frame`'s element, or that of a frame around it, is or sits in an excluded one. */
async function insideExcluded(frame: Frame, excluded: string[]): Promise<boolean> {
  for (let current: Frame | null = frame; current?.parentFrame(); current = current.parentFrame()) {
    const element = await current.frameElement();
    const matched = await element.evaluate(
      (node, selectors) =>
        selectors.some((selector) => (node as Element).closest(selector) !== null),
      excluded,
    );
    if (matched) return true;
  }
  return false;
}

/** React's own code: react-dom's client and the elements React's JSX makes. */
const REACT_CODE = /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.transitional\.element/;

/**
 * Records the scripts the page loads from now on; `withReact()` names those holding React's own
 * code, read again from the server (a response's body may be gone after a navigation).
 */
export function recordScripts(page: Page) {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return {
    clear: () => urls.clear(),
    async withReact(): Promise<string[]> {
      const found: string[] = [];
      for (const address of urls) {
        const code = await (await page.request.get(address)).text();
        if (REACT_CODE.test(code)) found.push(new URL(address).pathname);
      }
      return found;
    },
  };
}
