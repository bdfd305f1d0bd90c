import { randomUUID } from 'node:crypto';
import { devices, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newBlock, newDetail } from '../../src/features/articles/content.ts';

import { READER_SCRIPT } from '../../src/features/reader/render/document.ts';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import {
  ADMIN,
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  visit,
} from './fixtures.ts';
import { E2E_ORIGIN, FAKE_ENGINE_URL } from './settings.ts';

/**
 * The visitor page, on a phone, with JavaScript on and off (the page needs
 * none, so both must behave alike): a visitor picks a language (the browser's suggested, the list
 * searchable) and reads the article machine translated, with a way back to the original; stored
 * translations cost no engine call, an edit sends only what changed, a reset sends everything
 * again; a slow first translation is sent as it is made and ends on the article; an unknown
 * article is a friendly 404. The engine is the fake process of playwright.config.ts, which both
 * workers share: each test has its own article whose every text holds a unique tag, and reads
 * the engine's calls for that tag only. Only the slow test changes the engine, for a language no
 * other test asks for.
 */

type Json = Record<string, unknown>;
type Segment = { id: string; text: string };
type EngineCall = { index: number; targetLang: string; segments: Segment[] };

const PIXEL = devices['Pixel 7'];
const PHONE = {
  viewport: PIXEL.viewport,
  userAgent: PIXEL.userAgent,
  deviceScaleFactor: PIXEL.deviceScaleFactor,
  isMobile: PIXEL.isMobile,
  hasTouch: PIXEL.hasTouch,
  // The browser asks for Spanish (Accept-Language): the picker suggests it and speaks it.
  locale: 'es-ES',
};

const DESKTOP = devices['Desktop Chrome'];

const es = uiStrings('es');
const te = dict.fr.editor;

/**
 * A visitor page loads no script but its own (reader.js: offline reading), and says
 * nothing wrong in the console.
 */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: { text: string; url: string }[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push({ text: message.text(), url: message.location().url });
    }
  });
  page.on('pageerror', (error) => errors.push({ text: error.message, url: page.url() }));
  return {
    /** `notFound`: paths of pages the test opened knowing they answer 404 (Chromium logs it). */
    async expectClean(notFound: string[] = []) {
      expect(
        scripts.filter((url) => new URL(url).pathname + new URL(url).search !== READER_SCRIPT),
        'scripts loaded',
      ).toEqual([]);
      const expected = (error: { text: string; url: string }) => {
        if (!error.text.startsWith('Failed to load resource')) return false;
        const { pathname, search } = new URL(error.url);
        return notFound.includes(pathname + search);
      };
      expect(
        errors.filter((error) => !expected(error)),
        'console errors',
      ).toEqual([]);
      await expect(page.locator('script')).toHaveCount(1);
      await expect(page.locator('script')).toHaveAttribute('src', READER_SCRIPT);
    },
  };
}

/** axe-core finds no violation (it runs in the page: JavaScript on only). */

/** The article of one test: every text holds `tag`, so its engine calls are told apart. */
function makeArticle(tag: string) {
  const name = `amphore-${tag}`;
  const texts = {
    intro: `Amphore ${tag} : une jarre à vin romaine trouvée au large de Marseille.`,
    body: `Son col porte le sceau ${tag} d'un atelier de Campanie.`,
    header: `En savoir plus ${tag}`,
    detail1: `Les amphores ${tag} voyageaient par milliers dans les cales.`,
    detail2: `Celle-ci contenait encore des pépins de raisin ${tag}.`,
    outro: `Don de la famille Roux ${tag}, 1954.`,
  };
  const content = (body = texts.body): Json[] => [
    { type: 'metadatas', url: name, backgroundColor: '#341539' },
    { ...newBlock('text'), content: texts.intro },
    { ...newBlock('text'), content: body },
    {
      ...newBlock('accordion'),
      header: { ...newBlock('accordion').header, content: texts.header },
      details: [
        { ...newDetail('text'), content: texts.detail1 },
        { ...newDetail('text'), content: texts.detail2 },
      ],
    },
    { ...newBlock('text'), content: texts.outro },
  ];
  /** What the engine must be sent for the whole article, sorted (as `sent` gives them). */
  const segments = (body = texts.body): string[] =>
    [texts.intro, body, texts.header, texts.detail1, texts.detail2, texts.outro].sort();
  // The staff's private name (unformatted_name): no visitor page may show it.
  return { tag, name, texts, content, segments, title: `Réserve ${tag} (nom interne)`, blocks: 4 };
}
type Article = ReturnType<typeof makeArticle>;

/** The curator, signed in, in a browser context of their own (with JavaScript: the editor). */
async function curator(browser: Browser, baseURL: string) {
  // The test's phone and JavaScript setting are not theirs: a desktop, with JavaScript.
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    javaScriptEnabled: true,
    viewport: DESKTOP.viewport,
    userAgent: DESKTOP.userAgent,
    deviceScaleFactor: DESKTOP.deviceScaleFactor,
    isMobile: false,
    hasTouch: false,
  });
  const login = await context.request.post('/login', {
    headers: { origin: E2E_ORIGIN },
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const save = (id: number, article: Article, body?: string) =>
    post(context, 'update_article', {
      articleId: id,
      newContent: article.content(body),
      unformatted_name: article.title,
      instructions: '',
    });
  return {
    context,
    save,
    /** Creates and saves `article`; its id. */
    async publish(article: Article): Promise<number> {
      const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
      await save(id, article);
      return id;
    },
  };
}

/** Another visitor: a browser of their own, the same phone and languages as the test's. */
async function otherVisitor(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled });
  const page = await context.newPage();
  return { context, page, watched: watch(page) };
}

/** The engine's calls for one article (its tag) and one target language, in arrival order. */
async function engineCalls(request: APIRequestContext, tag: string, lang: string) {
  const response = await request.get(`${FAKE_ENGINE_URL}/_calls`);
  expect(response.status()).toBe(200);
  const { calls } = (await response.json()) as { calls: EngineCall[] };
  return calls.filter(
    (call) =>
      call.targetLang === lang && call.segments.some((segment) => segment.text.includes(tag)),
  );
}

/** The texts the calls sent (each call numbers its segments itself), sorted. */
const sent = (calls: EngineCall[]) =>
  calls.flatMap((call) => call.segments.map((segment) => segment.text)).sort();

const pageUrl = (name: string, lang?: string) =>
  `/article?name=${name}${lang === undefined ? '' : `&lang=${lang}`}`;

/** The list right after the picker's heading `h2`. */
const listAfter = (page: Page, h2: string) =>
  page
    .getByRole('heading', { level: 2, name: h2, exact: true })
    .locator('xpath=following-sibling::ul[1]');

/** The article as a visitor reads it: laid out like the preview, every text as `show` says. */
async function expectArticle(
  page: Page,
  article: Article,
  lang: string,
  show: (text: string) => string,
  body = article.texts.body,
) {
  const { texts } = article;
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('.reader')).toHaveCount(1);
  await expect(page.locator('.reader-blocks > *')).toHaveCount(article.blocks);
  await expect(page.locator('p.reader-text')).toHaveText(
    [texts.intro, body, texts.detail1, texts.detail2, texts.outro].map(show),
  );
  await expect(page.locator('summary.reader-summary')).toHaveText(show(texts.header));
}

const translated = (lang: string) => (text: string) => `[${lang}] ${text}`;
const untouched = (text: string) => text;

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';

  test.describe(`visitor page, on a phone (${mode})`, MUSEUM_SETTINGS, () => {
    test.use({ ...PHONE, javaScriptEnabled });

    /**
     * axe runs in the page, so only with JavaScript on (with it off, Chromium never runs it);
     * the markup is the same either way, the server cannot tell.
     */
    const expectAccessible = (page: Page) =>
      javaScriptEnabled ? expectNoViolations(page) : Promise.resolve();

    test('a visitor picks Spanish in the suggested languages and reads the article translated', async ({
      page,
      browser,
      baseURL,
    }) => {
      const watched = watch(page);
      const article = makeArticle(randomUUID().slice(0, 8));
      const staff = await curator(browser, baseURL!);
      await staff.publish(article);
      await staff.context.close();

      // The picker, in the browser's language: the original first, then Spanish, suggested.
      const response = await page.goto(pageUrl(article.name));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(
        page.getByRole('heading', { level: 1, name: es.chooseLanguage, exact: true }),
      ).toBeVisible();
      // The article's public first words, in French, never its private name.
      const firstWords = `Amphore ${article.tag} : une jarre à vin romaine trouvée au large…`;
      await expect(page.getByText(firstWords, { exact: true })).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(`${es.chooseLanguage} – ${firstWords}`);
      expect(await page.content()).not.toContain(article.title);
      await expect(
        page
          .getByRole('list')
          .first()
          .getByRole('link', { name: /^Français/ }),
      ).toContainText(es.original);
      const suggested = listAfter(page, es.suggested);
      await expect(suggested.getByRole('link', { name: 'Español', exact: true })).toBeVisible();
      // Every language, after the search form, under the same heading.
      const results = listAfter(page, es.allLanguages);
      // 100+ languages, by their own names.
      expect(await results.getByRole('link').count()).toBeGreaterThan(100);
      for (const name of ['Deutsch', 'English', 'Italiano', '日本語', 'العربية']) {
        await expect(
          results.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}`) }),
        ).toHaveCount(1);
      }
      await expectAccessible(page);

      // A search by the Spanish name (a GET form: it works without JavaScript), then the English.
      for (const query of ['alem', 'german']) {
        await page.getByLabel(es.search, { exact: true }).fill(query);
        await page.getByRole('button', { name: es.searchButton, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]q=${query}(&|#|$)`));
        await expect(page.getByLabel(es.search, { exact: true })).toHaveValue(query);
        await expect(results.getByRole('link', { name: /^Deutsch/ })).toBeVisible();
        await expect(results.getByRole('link', { name: /^Español/ })).toHaveCount(0);
      }

      // Spanish: the article translated, laid out like the preview, with the note.
      await suggested.getByRole('link', { name: 'Español', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(pageUrl(article.name, 'es'))}$`));
      await expectArticle(page, article, 'es', translated('es'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      const note = page.getByRole('note');
      await expect(note).toBeVisible();
      await expect(note).toContainText(es.machineTranslated);
      await expect(page.locator('a.reader-language')).toContainText('Español');
      await expectAccessible(page);

      // The way back to the original: the French text, no note.
      await note.getByRole('link', { name: es.showOriginal, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(pageUrl(article.name, 'fr'))}$`));
      await expectArticle(page, article, 'fr', untouched);
      await expect(page.getByRole('note')).toHaveCount(0);

      // Arabic, from the footer's language link: right to left.
      await page.locator('a.reader-language').click();
      await expect(
        page.getByRole('heading', { level: 1, name: es.chooseLanguage, exact: true }),
      ).toBeVisible();
      await results.getByRole('link', { name: /^العربية/ }).click();
      await expectArticle(page, article, 'ar', translated('ar'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('note')).toContainText(uiStrings('ar').machineTranslated);
      await expectAccessible(page);

      await watched.expectClean();
    });

    test('stored translations cost nothing, an edit sends only its paragraph, a reset sends all', async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(60_000);
      const watched = watch(page);
      const article = makeArticle(randomUUID().slice(0, 8));
      const staff = await curator(browser, baseURL!);
      const id = await staff.publish(article);
      const calls = () => engineCalls(request, article.tag, 'es');

      // The first Spanish visitor: every segment goes to the engine, once.
      await page.goto(pageUrl(article.name, 'es'));
      await expectArticle(page, article, 'es', translated('es'));
      const first = await calls();
      expect(sent(first)).toEqual(article.segments());

      // A second visitor chooses Spanish in the picker: read from storage, no engine call.
      const second = await otherVisitor(browser, baseURL!, javaScriptEnabled);
      await second.page.goto(pageUrl(article.name));
      await listAfter(second.page, es.suggested)
        .getByRole('link', { name: 'Español', exact: true })
        .click();
      await expectArticle(second.page, article, 'es', translated('es'));
      expect(await calls()).toHaveLength(first.length);

      // The curator edits one paragraph: the next visitor sends that paragraph, nothing else.
      const edited = `Son col porte le sceau ${article.tag} d'un atelier de Pompéi, vers 50 av. J.-C.`;
      await staff.save(id, article, edited);
      await second.page.reload();
      await expectArticle(second.page, article, 'es', translated('es'), edited);
      const afterEdit = (await calls()).slice(first.length);
      expect(sent(afterEdit)).toEqual([edited]);

      // 'Reset translations' in the editor, confirmed: the next visitor sends every segment.
      const editor = await staff.context.newPage();
      await visit(editor, `/article?id=${id}`);
      const main = editor.getByRole('main');
      await main.getByRole('button', { name: te.reset, exact: true }).click();
      const dialog = editor.getByRole('alertdialog');
      await expect(dialog).toHaveAccessibleName(te.resetTitle);
      await dialog.getByRole('button', { name: te.resetConfirm, exact: true }).click();
      await expect(toast(editor, te.resetDone)).toBeVisible();
      // The editor's preview and the visitor page draw the same blocks.
      const shape = (p: Page, root: string) =>
        p
          .locator(`${root} .reader-blocks`)
          .evaluate((blocks) =>
            [...blocks.querySelectorAll('*')].map((e) => `${e.tagName}.${e.className}`),
          );
      expect(await shape(second.page, 'main')).toEqual(await shape(editor, '.phone__screen'));
      const beforeReset = (await calls()).length;

      const third = await otherVisitor(browser, baseURL!, javaScriptEnabled);
      await third.page.goto(pageUrl(article.name, 'es'));
      await expectArticle(third.page, article, 'es', translated('es'), edited);
      expect(sent((await calls()).slice(beforeReset))).toEqual(article.segments(edited));

      await watched.expectClean();
      await second.watched.expectClean();
      await third.watched.expectClean();
      for (const context of [second.context, third.context, staff.context]) await context.close();
    });

    test('a slow first translation is sent as it is made and ends on the article by itself', async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(60_000);
      // Portuguese is slow here, and no other test asks for it (each mode its own variant).
      const slow = javaScriptEnabled ? 'pt' : 'pt-PT';
      const words = uiStrings(slow);
      const watched = watch(page);
      const article = makeArticle(randomUUID().slice(0, 8));
      const staff = await curator(browser, baseURL!);
      await staff.publish(article);
      await staff.context.close();

      // About 4 s for the engine's answer (it is one call: the article fits in the first
      // screen's batch): over the server's first wait of 1 s, under the engine timeout of 5 s.
      const answer = JSON.stringify({
        translations: article
          .segments()
          .map((text, i) => ({ id: `${i + 1}`, text: `[${slow}] ${text}` })),
      });
      const tokens = Math.ceil(answer.length / 4);
      const behaviour = await request.post(`${FAKE_ENGINE_URL}/_behaviour`, {
        data: { lang: slow, delayPerTokenMs: 4_000 / tokens },
      });
      expect(behaviour.status()).toBe(200);

      // The page comes as it is made (ADR 0017): it is loaded once the translation is done.
      const address = pageUrl(article.name, slow);
      const response = await page.goto(address);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      const html = (await response?.text()) ?? '';
      expect(html).not.toContain(article.title);
      expect(html).not.toContain('http-equiv="refresh"');
      await expect(page.locator('html')).toHaveAttribute('lang', slow);
      const { intro, body, detail1, detail2, outro } = article.texts;
      await expect(page.locator('p.reader-text')).toHaveText(
        [intro, body, detail1, detail2, outro].map(translated(slow)),
      );
      // The line that said the rest was coming is gone; the note says what the page is.
      await expect(page.getByRole('status')).toHaveCount(0);
      await expect(page.getByRole('note')).toContainText(words.machineTranslated);
      await expect(
        page.getByRole('link', { name: words.readOriginalMeanwhile, exact: true }),
      ).toBeHidden();
      if (javaScriptEnabled) await expectAccessible(page);

      // Stored: the same address now gives the page made once, like any other.
      await page.reload();
      expect(page.url()).toBe(new URL(address, baseURL).toString());
      await expectArticle(page, article, slow, translated(slow));
      // The tab and the heading screen readers announce: translated first words.
      await expect(page).toHaveTitle(/^\[pt(-PT)?\] Amphore /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[pt(-PT)?\] Amphore /);
      expect(await page.content()).not.toContain(article.title);
      await expect(page.getByRole('note')).toContainText(words.machineTranslated);
      const calls = await engineCalls(request, article.tag, slow);
      expect(sent(calls)).toEqual(article.segments());
      await watched.expectClean();
    });

    test("an unknown article is a friendly 404, in the visitor's language", async ({ page }) => {
      const watched = watch(page);
      const notFound = pageUrl(`nothing-here-${randomUUID().slice(0, 8)}`);
      const response = await page.goto(notFound);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(
        page.getByRole('heading', { level: 1, name: es.notFoundTitle, exact: true }),
      ).toBeVisible();
      await expect(page.getByText(es.notFoundText, { exact: true })).toBeVisible();
      await expectAccessible(page);

      // A name no article can have (a damaged link) is not found either, with the same page.
      const damaged = await page.goto(pageUrl('not%20a%20name'));
      expect(damaged?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(
        page.getByRole('heading', { level: 1, name: es.notFoundTitle, exact: true }),
      ).toBeVisible();
      await expect(page.getByText(es.notFoundText, { exact: true })).toBeVisible();
      await watched.expectClean([notFound, pageUrl('not%20a%20name')]);
    });
  });
}
