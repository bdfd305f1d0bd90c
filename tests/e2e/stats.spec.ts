import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { languageChoices } from '../../src/features/settings/languages.ts';
import { PALETTE } from '../../src/features/stats/palette.ts';
import {
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  fill,
  heading,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  url,
  visit,
  watchMain,
} from './fixtures.ts';
import { E2E_ORIGIN, GUIDE_SLUG } from './settings.ts';

/**
 * The statistics page and the settings form: real scans
 * and visitor pages counted by the server, and Listen presses sent as listen.js
 * sends them, read back through the charts' hidden tables, the Fetch button, the range, the CSV
 * download; in French, with the English wording checked too.
 *
 * The e2e server is shared: series are the test's own articles (unique titles), never totals.
 * The tests that count days or change the museum's time zone hold the 'museum-settings' lock.
 */

type Row = Record<string, string | number>;
type Article = { id: number; name: string; title: string };

const fr = dict.fr;
const en = dict.en;

/** A saved article with a public url, so visitors can read it. */
async function publish(page: Page, prefix: string): Promise<Article> {
  const suffix = randomUUID().slice(0, 8);
  const title = `${prefix} ${suffix}`;
  const name = `stats-${prefix.toLowerCase()}-${suffix}`;
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name, backgroundColor: '#341539' },
      { type: 'text', content: `Texte de ${title}.` },
    ],
    unformatted_name: title,
    instructions: '',
  });
  return { id, name, title };
}

/** A new QR code linked to `article`: its public short code. */
async function codeFor(page: Page, article: Article): Promise<string> {
  const code = await post<{ id: number; link: string }>(page, 'add_qrcode', {}, 201);
  await post(page, 'update_qrcode', { articleId: article.id, qrcodeId: code.id });
  return code.link;
}

/**
 * Each scan and page from a phone of its own: one phone's repeats within half an hour count
 * once (src/features/stats/repeats.ts), and every request here comes from one address.
 */
let phones = 0;
const newPhone = () => ({ 'user-agent': `e2e phone ${process.pid}-${++phones}` });

/** A visitor's phone scanning a printed code: counted, answered with a redirect. */
async function scan(page: Page, link: string, acceptLanguage: string) {
  const response = await page.request.get(`/r/${link}`, {
    maxRedirects: 0,
    headers: { 'accept-language': acceptLanguage, ...newPhone() },
  });
  expect(response.status()).toBe(302);
}

/** A visitor's page of `article` in `lang`: counted as a request for that language. */
async function read(page: Page, article: Article, lang: string) {
  const headers = newPhone();
  const response = await page.request.get(`/article?name=${article.name}&lang=${lang}`, {
    headers,
  });
  expect(response.status()).toBeLessThan(400);
  // As a browser, the page's count request, its first image (it is what counts the view).
  const seen = /<img src="([^"]+)"/.exec(await response.text())?.[1]?.replaceAll('&amp;', '&');
  expect(seen).toBeDefined();
  expect((await page.request.get(seen!, { headers })).status()).toBe(204);
}

/**
 * A visitor pressing Listen on `article`'s page in `lang`: public/listen.js sends
 * POST /listened from the page, so with the site's own origin (another site's is refused).
 * Counted only where the page is readable in `lang` (the source, or a translation made).
 */
async function listen(page: Page, baseURL: string, article: Article, lang: string) {
  const { origin } = new URL(`/article?name=${article.name}`, baseURL);
  const response = await page.request.post(`/listened?name=${article.name}&lang=${lang}`, {
    headers: { origin, ...newPhone() },
  });
  expect(response.status()).toBe(204);
}

/** A series' total over a chart's days, through the API (counts are written every second). */
async function apiTotal(page: Page, path: string, series: string): Promise<number> {
  const response = await page.request.get(path);
  if (!response.ok()) return -1;
  const rows = (await response.json()) as Row[];
  return rows.reduce((sum, row) => sum + Number(row[series] ?? 0), 0);
}

/** A chart's text alternative: its hidden table, as rows of cell texts (header row first). */
async function tableOf(chart: Locator): Promise<string[][]> {
  return chart
    .locator('table')
    .evaluate((table: HTMLTableElement) =>
      [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? '')),
    );
}

/** A series' column of a table: its counts, oldest day first (undefined: not a series). */
function column(table: string[][], series: string): number[] | undefined {
  const index = table[0]?.indexOf(series) ?? -1;
  if (index < 1) return undefined;
  return table.slice(1).map((row) => Number(row[index]));
}

const sum = (values: number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);

/** Whether the chart's canvas shows bars: pixels in the palette's colours. */
async function barsDrawn(chart: Locator): Promise<boolean> {
  const colours = PALETTE.map((hex) => {
    const n = Number.parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  });
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement, palette) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let matches = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] !== 255) continue;
      if (palette.some(([r, g, b]) => data[i] === r && data[i + 1] === g && data[i + 2] === b)) {
        matches++;
      }
    }
    return matches > 50;
  }, colours);
}

/** A chart's canvas as drawn on the page, in CSS pixels. */
const canvasSize = (chart: Locator) =>
  chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const box = canvas.getBoundingClientRect();
    return { width: Math.round(box.width), height: Math.round(box.height) };
  });

/** The screen's pieces, in `lang`. */
function screen(page: Page, lang: 'fr' | 'en') {
  const t = dict[lang].stats;
  const main = page.getByRole('main');
  const figures = main.getByRole('figure');
  return {
    heading: heading(page, t.title),
    back: main.getByRole('link', { name: dict[lang].common.backToDashboard, exact: true }),
    perArticle: main.getByRole('figure', { name: t.perArticle, exact: true }),
    perLanguage: main.getByRole('figure', { name: t.perLanguage, exact: true }),
    requests: figures.nth(2),
    /** One article's Listen presses, named with the article once fetched. */
    listened: figures.nth(3),
    article: main.getByLabel(t.article, { exact: true }),
    fetch: main.getByRole('button', { name: t.fetch, exact: true }),
    range: (n: number) =>
      main.getByRole('radio', { name: fill(t.rangeDays, { n: String(n) }), exact: true }),
  };
}

/** Console errors and uncaught exceptions (a CSP violation is a console error). */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A status the test forced itself is logged by the browser as a failed resource.
    if (message.text().startsWith('Failed to load resource')) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * How far the page's main content reaches past the window's right edge (0 or less: no sideways
 * scrolling because of it). The top bar is left out: signed in at 375 px, its Logout button and
 * hamburger overflow on every page (reported; not these screens').
 */
const mainOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('main')!;
    let right = main.getBoundingClientRect().right;
    for (const element of main.querySelectorAll('*')) {
      // Visually hidden text (the charts' tables) is clipped to one pixel.
      if (element.closest('.visually-hidden')) continue;
      const box = element.getBoundingClientRect();
      right = Math.max(right, box.right);
    }
    return Math.ceil(right - width);
  });

test.describe('statistics, counting real visits', MUSEUM_SETTINGS, () => {
  test('a curator reads scans, requests and listens, fetches an article, changes the range, downloads', async ({
    page,
    baseURL,
    signIn,
  }) => {
    const t = fr.stats;
    const errors = watchConsole(page);
    await signIn();
    const a = await publish(page, 'Port');
    const b = await publish(page, 'Navire');
    const [codeA, codeB] = [await codeFor(page, a), await codeFor(page, b)];
    for (let i = 0; i < 3; i++) await scan(page, codeA, 'es-ES,es;q=0.9');
    await scan(page, codeB, 'de-DE,de;q=0.9');
    // The Spanish text is made first, by an uncounted preview (a loaded machine can take longer
    // than the visitor page's first wait, and a page then ends with a reload).
    await expect
      .poll(async () => {
        const preview = await page.request.get(`/article?name=${a.name}&lang=es&ignoreStats=true`);
        return (await preview.text()).includes('http-equiv="refresh"');
      })
      .toBe(false);
    await read(page, a, 'es');
    await read(page, a, 'es');
    // Three visitors press Listen on A's page, two in Spanish and one in French (the
    // museum's language); B's is not A's.
    await listen(page, baseURL!, a, 'es');
    await listen(page, baseURL!, a, 'es');
    await listen(page, baseURL!, a, 'fr');
    await listen(page, baseURL!, b, 'fr');

    // The server writes its counts every second.
    const perArticle = '/api/stats/scans-per-article?days=10&lang=fr';
    const perA = `/api/stats/requests-per-language?days=10&lang=fr&articleId=${a.id}`;
    await expect.poll(() => apiTotal(page, perArticle, a.title)).toBe(3);
    await expect.poll(() => apiTotal(page, perArticle, b.title)).toBe(1);
    await expect.poll(() => apiTotal(page, perA, 'Español (Espagnol)')).toBe(2);
    const listenedPerA = `/api/stats/listened-per-language?days=10&lang=fr&articleId=${a.id}`;
    await expect.poll(() => apiTotal(page, listenedPerA, 'Español (Espagnol)')).toBe(2);
    await expect.poll(() => apiTotal(page, listenedPerA, 'Français')).toBe(1);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/stats/')) sent.push(request.url());
    });
    await visit(page, '/stats');
    const s = screen(page, 'fr');
    await expect(s.heading).toBeVisible();
    await expect(s.back).toHaveAttribute('href', '/dashboard');
    await expect(s.perArticle.getByRole('heading', { level: 2 })).toHaveText(t.perArticle);
    await expect(s.perLanguage.getByRole('heading', { level: 2 })).toHaveText(t.perLanguage);
    await expect(s.range(10)).toBeChecked();

    // Chart 1: today's scans of A and B, in its table; the canvas names the chart and its unit.
    await expect(s.perArticle.locator('table')).toHaveCount(1);
    const scans = await tableOf(s.perArticle);
    expect(scans[0]?.[0]).toBe(t.date);
    expect(scans).toHaveLength(11);
    expect(column(scans, a.title)?.at(-1)).toBe(3);
    expect(column(scans, b.title)?.at(-1)).toBe(1);
    const canvas1 = s.perArticle.getByRole('img');
    await expect(canvas1).toHaveAccessibleName(
      new RegExp(
        `^${escapeRegExp(t.perArticle)}\\. .*\\(${t.scansAxis}\\).*${escapeRegExp(a.title)} 3`,
      ),
    );
    await expect.poll(() => barsDrawn(s.perArticle)).toBe(true);
    // 1000x400 where it fits (the window is 1280 px wide).
    expect(await canvasSize(s.perArticle)).toEqual({ width: 1000, height: 400 });

    // Chart 2: the same scans by language.
    await expect(s.perLanguage.locator('table')).toHaveCount(1);
    const languages = await tableOf(s.perLanguage);
    expect(column(languages, 'Español (Espagnol)')?.at(-1)).toBeGreaterThanOrEqual(3);
    expect(column(languages, 'Deutsch (Allemand)')?.at(-1)).toBeGreaterThanOrEqual(1);
    await expect(s.perLanguage.getByRole('img')).toHaveAccessibleName(
      new RegExp(`\\(${t.scansAxis}\\)`),
    );
    await expect.poll(() => barsDrawn(s.perLanguage)).toBe(true);

    // Chart 3 and the listens start empty, each saying what Fetch will show; Fetch with no
    // article sends nothing.
    const emptyCaption = fill(t.forArticle, { name: '' }).trim();
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(emptyCaption);
    await expect(s.requests.getByRole('status')).toHaveText(t.noData);
    await expect(s.requests.getByText(t.fetchHint, { exact: true })).toBeVisible();
    const emptyListened = fill(t.listenedFor, { name: '' }).trim();
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(emptyListened);
    await expect(s.listened).toHaveAccessibleName(emptyListened);
    await expect(s.listened).toHaveAccessibleDescription(t.listenedNote);
    await expect(s.listened.getByRole('status')).toHaveText(t.noData);
    await expect(s.listened.getByText(t.listenedHint, { exact: true })).toBeVisible();
    await expect(s.listened.getByRole('link')).toHaveCount(0);
    await expect(s.article).toHaveValue('');
    await s.fetch.click();
    await expect(s.requests.getByRole('status')).toHaveText(t.noData);
    await expect(s.listened.getByRole('status')).toHaveText(t.noData);

    // Article A, then Fetch: Spanish twice, and A's title in the caption.
    await s.article.selectOption({ label: a.title });
    await s.fetch.click();
    const captionA = fill(t.forArticle, { name: a.title });
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(captionA);
    await expect(s.requests.locator('table')).toHaveCount(1);
    // One request for chart 3 and one for the listens in all: the Fetch without an article sent
    // none.
    expect(sent.filter((address) => address.includes('/requests-per-language?'))).toHaveLength(1);
    expect(sent.filter((address) => address.includes('/listened-per-language?'))).toHaveLength(1);
    const requests = await tableOf(s.requests);
    expect(column(requests, 'Español (Espagnol)')?.at(-1)).toBe(2);
    await expect(s.requests.getByRole('img')).toHaveAccessibleName(
      new RegExp(
        `^${escapeRegExp(captionA)}\\. .*\\(${t.requestsAxis}\\).*Español \\(Espagnol\\) 2`,
      ),
    );
    await expect.poll(() => barsDrawn(s.requests)).toBe(true);

    // The listens, loaded by the same Fetch: A's title in their caption, what is counted under it.
    const listenedA = fill(t.listenedFor, { name: a.title });
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(listenedA);
    await expect(s.listened).toHaveAccessibleDescription(t.listenedNote);
    await expect(s.listened.locator('table')).toHaveCount(1);
    const listens = await tableOf(s.listened);
    expect(listens[0]?.[0]).toBe(t.date);
    expect(listens).toHaveLength(11);
    expect(column(listens, 'Español (Espagnol)')?.at(-1)).toBe(2);
    expect(column(listens, 'Français')?.at(-1)).toBe(1);
    await expect(s.listened.getByRole('img')).toHaveAccessibleName(
      new RegExp(
        `^${escapeRegExp(listenedA)}\\. .*\\(${t.listenedAxis}\\).*Español \\(Espagnol\\) 2, Français 1`,
      ),
    );
    await expect.poll(() => barsDrawn(s.listened)).toBe(true);
    expect(await canvasSize(s.listened)).toEqual({ width: 1000, height: 400 });

    // Choosing B without fetching changes nothing.
    await s.article.selectOption({ label: b.title });
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(captionA);
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(listenedA);

    // 30 days: every chart reloads, a row per day; chart 3 stays A's.
    await s.range(30).check();
    await expect(s.range(30)).toBeChecked();
    for (const chart of [s.perArticle, s.perLanguage, s.requests, s.listened]) {
      await expect(chart.locator('table tbody tr')).toHaveCount(30);
    }
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(captionA);
    expect(sum(column(await tableOf(s.requests), 'Español (Espagnol)'))).toBe(2);
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(listenedA);
    expect(sum(column(await tableOf(s.listened), 'Español (Espagnol)'))).toBe(2);

    // The CSV of chart 1, for the range chosen: its header names A.
    const link = s.perArticle.getByRole('link', {
      name: fill(t.downloadOf, { caption: t.perArticle }),
      exact: true,
    });
    await expect(link).toHaveAttribute(
      'href',
      '/api/stats/scans-per-article?format=csv&days=30&lang=fr',
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^scans-per-article-.*\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const header = csv.split(/\r?\n/)[0] ?? '';
    expect(header).toContain(a.title);
    expect(csv.split(/\r?\n/).filter((line) => line.trim() !== '')).toHaveLength(31);
    await expect(s.requests.getByRole('link', { name: /CSV/ })).toHaveAttribute(
      'href',
      `/api/stats/requests-per-language?format=csv&days=30&lang=fr&articleId=${a.id}`,
    );
    // The listens' CSV: every day of the range, A's Spanish and French.
    const listenedLink = s.listened.getByRole('link', {
      name: fill(t.downloadOf, { caption: listenedA }),
      exact: true,
    });
    await expect(listenedLink).toHaveAttribute(
      'href',
      `/api/stats/listened-per-language?format=csv&days=30&lang=fr&articleId=${a.id}`,
    );
    const [listenedDownload] = await Promise.all([
      page.waitForEvent('download'),
      listenedLink.click(),
    ]);
    expect(listenedDownload.suggestedFilename()).toMatch(/^listened-per-language-.*\.csv$/);
    const listenedCsv = (await readFile(await listenedDownload.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(listenedCsv).toHaveLength(31);
    expect(listenedCsv[0]).toBe('date,Español (Espagnol),Français');
    expect(listenedCsv.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},2,1$/);

    // On a phone, the charts shrink and keep their 2.5 to 1; nothing widens the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => {
        const { width, height } = await canvasSize(s.perArticle);
        return width > 300 && width < 390 && Math.abs(width / height - 2.5) < 0.05;
      })
      .toBe(true);
    // Every chart resizes on its own observer's turn (the first one measured above is not the
    // last on a busy machine): polled, not read once.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);

    // No CSP violation or script error on the way.
    expect(errors).toEqual([]);
  });

  test('a server error leaves its chart empty, without a toast; the others fill', async ({
    page,
    signIn,
  }) => {
    const t = fr.stats;
    await signIn();
    const article = await publish(page, 'Phare');
    await scan(page, await codeFor(page, article), 'it-IT');
    await read(page, article, 'fr');
    const perLanguage = '/api/stats/scans-per-language?days=10&lang=fr';
    await expect
      .poll(() => apiTotal(page, perLanguage, 'Italiano (Italien)'))
      .toBeGreaterThanOrEqual(1);
    const requests = `/api/stats/requests-per-language?days=10&lang=fr&articleId=${article.id}`;
    await expect.poll(() => apiTotal(page, requests, 'Français')).toBe(1);

    await page.route(
      (address) =>
        address.pathname === '/api/stats/scans-per-article' ||
        address.pathname === '/api/stats/listened-per-language',
      (route) =>
        route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'Something went wrong.' } },
        }),
    );
    await visit(page, '/stats');
    const s = screen(page, 'fr');
    await expect(s.perLanguage.locator('table')).toHaveCount(1);
    expect(
      column(await tableOf(s.perLanguage), 'Italiano (Italien)')?.at(-1),
    ).toBeGreaterThanOrEqual(1);
    await expect(s.perArticle.getByRole('status')).toHaveText(t.noData);
    await expect(s.perArticle.locator('table, canvas')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Fetch: the requests fill; the listens' failure leaves their chart as it was.
    await s.article.selectOption({ label: article.title });
    await s.fetch.click();
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(
      fill(t.forArticle, { name: article.title }),
    );
    await expect(s.requests.locator('table')).toHaveCount(1);
    expect(column(await tableOf(s.requests), 'Français')?.at(-1)).toBe(1);
    await expect(s.listened.getByRole('status')).toHaveText(t.noData);
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(
      fill(t.listenedFor, { name: '' }).trim(),
    );
    await expect(s.listened.getByText(t.listenedHint, { exact: true })).toBeVisible();
    await expect(s.listened.locator('table, canvas, a')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('listens in English', MUSEUM_SETTINGS, () => {
  test('a listen shows in its chart in English; with it drawn, no axe violations and no sideways scroll at 390 px', async ({
    page,
    baseURL,
    signIn,
  }) => {
    // Axe twice over the page with five charts drawn: slow on a busy two-core machine.
    test.slow();
    const t = en.stats;
    const errors = watchConsole(page);
    await signIn();
    const article = await publish(page, 'Lighthouse');
    // Italian, made first by an uncounted preview (only a readable page is listened to).
    await expect
      .poll(async () => {
        const preview = await page.request.get(
          `/article?name=${article.name}&lang=it&ignoreStats=true`,
        );
        return (await preview.text()).includes('http-equiv="refresh"');
      })
      .toBe(false);
    await listen(page, baseURL!, article, 'it');
    await listen(page, baseURL!, article, 'fr');
    await listen(page, baseURL!, article, 'fr');
    const listened = `/api/stats/listened-per-language?days=10&lang=en&articleId=${article.id}`;
    await expect.poll(() => apiTotal(page, listened, 'Français (French)')).toBe(2);
    await expect.poll(() => apiTotal(page, listened, 'Italiano (Italian)')).toBe(1);

    await visit(page, '/en/stats');
    const s = screen(page, 'en');
    await expect(s.heading).toBeVisible();
    await s.article.selectOption({ label: article.title });
    await s.fetch.click();
    const caption = fill(t.listenedFor, { name: article.title });
    await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(caption);
    await expect(s.listened).toHaveAccessibleDescription(t.listenedNote);
    await expect(s.listened.locator('table')).toHaveCount(1);
    const table = await tableOf(s.listened);
    expect(table[0]).toEqual([t.date, 'Français (French)', 'Italiano (Italian)']);
    expect(column(table, 'Français (French)')?.at(-1)).toBe(2);
    expect(column(table, 'Italiano (Italian)')?.at(-1)).toBe(1);
    await expect(s.listened.getByRole('img')).toHaveAccessibleName(
      new RegExp(
        `^${escapeRegExp(caption)}\\. .*\\(${t.listenedAxis}\\).*Français \\(French\\) 2, Italiano \\(Italian\\) 1`,
      ),
    );
    await expect.poll(() => barsDrawn(s.listened)).toBe(true);
    await expect(
      s.listened.getByRole('link', { name: fill(t.downloadOf, { caption }), exact: true }),
    ).toHaveAttribute(
      'href',
      `/api/stats/listened-per-language?format=csv&days=10&lang=en&articleId=${article.id}`,
    );
    // The requests of the same article: none, as nobody opened its page.
    await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(
      fill(t.forArticle, { name: article.title }),
    );
    await expect(s.requests.getByRole('status')).toHaveText(t.noData);

    for (const chart of [s.perArticle, s.perLanguage]) {
      await expect(chart.getByRole('status')).not.toHaveText(t.loading);
    }
    await expectNoViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => {
        const { width, height } = await canvasSize(s.listened);
        return width > 300 && width < 390 && Math.abs(width / height - 2.5) < 0.05;
      })
      .toBe(true);
    await expect.poll(() => mainOverflow(page)).toBeLessThanOrEqual(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await expectNoViolations(page);
    expect(errors).toEqual([]);
  });
});

test('the statistics and settings pages in English', async ({ page, signIn }) => {
  const t = en.stats;
  const seen = await watchMain(page);
  await signIn();
  await visit(page, '/en/stats');
  const s = screen(page, 'en');
  await expect(s.heading).toBeVisible();
  await expect(s.back).toHaveAttribute('href', '/en/dashboard');
  await expect(s.perArticle).toBeVisible();
  await expect(s.perLanguage).toBeVisible();
  await expect(s.requests.getByRole('heading', { level: 2 })).toHaveText(
    fill(t.forArticle, { name: '' }).trim(),
  );
  await expect(s.requests.getByRole('status')).toHaveText(t.noData);
  await expect(s.listened.getByRole('heading', { level: 2 })).toHaveText(
    fill(t.listenedFor, { name: '' }).trim(),
  );
  await expect(s.listened).toHaveAccessibleDescription(t.listenedNote);
  await expect(s.listened.getByText(t.listenedHint, { exact: true })).toBeVisible();
  await expect(page.getByLabel(t.article, { exact: true })).toBeVisible();
  await expect(s.fetch).toBeVisible();
  await expect(s.range(90)).toBeVisible();
  await expect(s.perLanguage.getByRole('status')).not.toHaveText(t.loading);
  expect(seen.map((entry) => entry.text)).toContain(t.loading);

  // The engine's usage this month, below the charts: its two charts and the budgets (none set).
  const b = en.budget;
  const usage = page.getByRole('region', { name: b.usageTitle, exact: true });
  await expect(usage.getByRole('figure', { name: b.usageTokens, exact: true })).toBeVisible();
  await expect(usage.getByRole('figure', { name: b.usageSpeech, exact: true })).toBeVisible();
  await expect(
    usage.getByText(new RegExp(`^${escapeRegExp(b.noBudget.split(' (')[0]!)}`)),
  ).toHaveCount(2);

  // The settings form, in English too.
  const ts = en.settings;
  await visit(page, '/en/settings');
  const main = page.getByRole('main');
  await expect(heading(page, ts.title)).toBeVisible();
  await expect(main.getByLabel(ts.museum, { exact: true })).not.toHaveValue('');
  await expect(main.getByLabel(ts.museum, { exact: true })).toHaveAccessibleDescription(
    `${ts.museumHint} ${ts.museumHintLink}`,
  );
  await expect(main.getByRole('link', { name: ts.museumHintLink })).toHaveAttribute(
    'href',
    '/en/contact',
  );
  await expect(main.getByLabel(ts.guideAddress, { exact: true })).toHaveValue(
    new RegExp(`/visit/${GUIDE_SLUG}$`),
  );
  await expect(main.getByLabel(ts.sourceLanguage, { exact: true })).toBeVisible();
  // Each language by its own name, then its English name.
  await expect(main.getByLabel(ts.sourceLanguage).locator('option')).toHaveText(
    languageChoices('en').map((choice) => choice.label),
  );
  await expect(main.getByLabel(ts.timeZone, { exact: true })).toBeVisible();
  const offered = main.getByRole('radiogroup', { name: en.offeredLanguages.label });
  // Its hint names the museum's own language, always offered.
  await expect(offered).toHaveAccessibleDescription(/^Visitors choose among these languages .+/);
  await expect(offered.getByRole('radio')).toHaveCount(2);
  await expect(main.getByRole('button', { name: ts.save, exact: true })).toBeVisible();
  // The engine budget, read-only below the form: none set on this server.
  const budget = main.getByRole('region', { name: b.title, exact: true });
  await expect(budget.getByText(b.tokens, { exact: true })).toBeVisible();
  await expect(budget.getByText(/^No budget set \(\d[\d,]* used this month\)$/)).toHaveCount(2);
  await expect(budget.getByRole('link', { name: b.hintLink })).toHaveAttribute(
    'href',
    '/en/contact',
  );
});

test.describe('engine usage', MUSEUM_SETTINGS, () => {
  test('a visitor’s first translation shows in the engine usage, with its CSV', async ({
    page,
    signIn,
  }) => {
    const b = fr.budget;
    await signIn();
    const article = await publish(page, 'Moteur');
    // A new language: the fake engine translates it, its tokens counted in today's row.
    await read(page, article, 'ka');
    const today = async () => {
      const answer = await page.request.get('/api/stats/engine-usage?lang=fr');
      const body = (await answer.json()) as { tokens: Row[] };
      return Number(body.tokens.at(-1)?.['Jetons envoyés'] ?? 0);
    };
    await expect.poll(today).toBeGreaterThan(100);
    await visit(page, '/stats');
    const usage = page.getByRole('region', { name: b.usageTitle, exact: true });
    const tokens = usage.getByRole('figure', { name: b.usageTokens, exact: true });
    await expect(tokens.locator('table')).toHaveCount(1);
    const table = await tableOf(tokens);
    expect(column(table, 'Jetons envoyés')?.at(-1)).toBeGreaterThan(100);
    expect(column(table, 'Jetons reçus')?.at(-1)).toBeGreaterThan(0);
    await expect(tokens).toHaveAccessibleDescription(b.usageTokensNote);
    const csv = await page.request.get((await tokens.getByRole('link').getAttribute('href')) ?? '');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('date,Jetons envoyés,Jetons reçus');
  });
});

test.describe('settings', MUSEUM_SETTINGS, () => {
  test('the museum changes its language and time zone, and finds them again', async ({
    page,
    signIn,
  }) => {
    const t = fr.settings;
    await signIn();
    const restore = () =>
      page.request.post('/api/manage/update_settings', {
        headers: { origin: E2E_ORIGIN },
        data: { sourceLanguage: 'fr', timeZone: 'Europe/Paris', visitorLanguages: null },
      });
    try {
      await visit(page, '/settings');
      const main = page.getByRole('main');
      const museum = main.getByLabel(t.museum, { exact: true });
      const language = main.getByLabel(t.sourceLanguage, { exact: true });
      const zone = main.getByLabel(t.timeZone, { exact: true });
      const save = main.getByRole('button', { name: t.save, exact: true });
      const saveAndWait = async () => {
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api/manage/update_settings')),
          save.click(),
        ]);
        expect(response.status()).toBe(200);
      };
      await expect(heading(page, t.title)).toBeVisible();
      await expect(museum).not.toHaveValue('');
      await expect(museum).toHaveAttribute('readonly', '');
      // Why it cannot be changed here, and where to ask.
      await expect(museum).toHaveAccessibleDescription(`${t.museumHint} ${t.museumHintLink}`);
      await expect(main.getByRole('link', { name: t.museumHintLink })).toHaveAttribute(
        'href',
        '/contact',
      );
      // The guide home's address, read only: the Legenda team sets it.
      const guide = main.getByLabel(t.guideAddress, { exact: true });
      await expect(guide).toHaveValue(`${new URL(page.url()).origin}/visit/${GUIDE_SLUG}`);
      await expect(guide).toHaveAttribute('readonly', '');
      // Each language by its own name, then its French name ('Shqip (Albanais)', never
      // 'Albanian (Albanais)' or a raw code): the names Node gives, whatever the browser's ICU.
      const options = language.locator('option');
      await expect(options).toHaveText(languageChoices('fr').map((choice) => choice.label));
      await expect(options.filter({ hasText: /^Shqip \(Albanais\)$/ })).toHaveCount(1);
      await expect(options.filter({ hasText: /^[A-Z][a-z]{1,2}$/ })).toHaveCount(0);
      await expect(language).toHaveValue('fr');
      await expect(language.locator('option:checked')).toHaveText('Français');
      await expect(zone).toHaveValue('Europe/Paris');

      // A refused save: the error toast, nothing changed.
      await page.route('**/api/manage/update_settings', (route) =>
        route.fulfill({
          status: 422,
          json: { error: { code: 'invalid_body', message: 'timeZone: bad' } },
        }),
      );
      await save.click();
      // Said in the user's language, from the error's code (ui/apiErrors.ts).
      await expect(toast(page, fr.apiErrors.invalid_body)).toBeVisible();
      await page.unroute('**/api/manage/update_settings');

      await zone.selectOption('America/New_York');
      await language.selectOption('en');
      await saveAndWait();
      await expect(toast(page, t.saved)).toBeVisible();
      await page.reload();
      await expect(language).toHaveValue('en');
      await expect(zone).toHaveValue('America/New_York');

      // Languages visitors may choose: all by default, or a list; the original always offered.
      const o = fr.offeredLanguages;
      const offered = main.getByRole('radiogroup', { name: o.label });
      await expect(
        offered.getByRole('radio', { name: fill(o.all, { count: '145' }) }),
      ).toBeChecked();
      await offered.getByRole('radio', { name: o.some }).check();
      const list = main.getByRole('combobox', { name: o.list, exact: true });
      await list.selectOption('es');
      await list.selectOption('de');
      await expect(main.getByRole('list', { name: o.list })).toHaveText(/Español.*Deutsch/s);
      // The priority languages are chosen within the list.
      const priority = main.getByRole('combobox', { name: t.priorityLanguages, exact: true });
      await expect(priority.locator('option')).toHaveCount(3);
      await priority.selectOption('de');
      // Taken out of the list: out of the priority languages too, and said.
      await main
        .getByRole('list', { name: o.list })
        .getByRole('button', { name: fill(t.removeLanguage, { language: 'Deutsch (Allemand)' }) })
        .click();
      await expect(main.getByRole('status').filter({ hasText: /Deutsch/ })).toBeVisible();
      await expect(main.getByRole('list', { name: t.priorityLanguages })).toHaveCount(0);
      // Other specs read pages in many languages while this one runs, and a real short list
      // would show them the picker: the form's list is checked as sent and as read back, and
      // the server keeps all languages (settings.test.ts saves real lists).
      let sent: unknown;
      await page.route('**/api/manage/update_settings', (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        sent = body.visitorLanguages;
        return route.continue({ postData: JSON.stringify({ ...body, visitorLanguages: null }) });
      });
      await page.route('**/api/read/settings', async (route) => {
        const real = await route.fetch();
        const json = { ...(await real.json()), visitorLanguages: sent };
        return route.fulfill({ response: real, json });
      });
      await saveAndWait();
      expect(sent).toEqual(['en', 'es']);
      expect(await (await page.request.get('/api/read/settings')).json()).toMatchObject({
        priorityLanguages: [],
      });
      await page.reload();
      await expect(offered.getByRole('radio', { name: o.some })).toBeChecked();
      await expect(main.getByRole('list', { name: o.list })).toHaveText(/Español/);
      await page.unroute('**/api/read/settings');
      await page.unroute('**/api/manage/update_settings');
      await offered.getByRole('radio', { name: fill(o.all, { count: '145' }) }).check();

      // Back as they were: other tests share the museum.
      await language.selectOption({ label: 'Français' });
      await zone.selectOption('Europe/Paris');
      await saveAndWait();
      await expect(toast(page, t.saved).last()).toBeVisible();
      const settings = await page.request.get('/api/read/settings');
      expect(await settings.json()).toMatchObject({
        sourceLanguage: 'fr',
        timeZone: 'Europe/Paris',
        visitorLanguages: null,
      });
    } finally {
      await restore();
    }
  });
});

test('statistics and settings: no axe violations on a desktop and a phone', async ({
  page,
  signIn,
}) => {
  // Axe over four pages: 20 s alone on a busy two-core machine.
  test.slow();
  await signIn();
  await visit(page, '/stats');
  const s = screen(page, 'fr');
  for (const chart of [s.perArticle, s.perLanguage]) {
    await expect(chart.getByRole('status')).not.toHaveText(fr.stats.loading);
  }
  // The engine's usage too: its charts drawn at this width before the phone's is measured.
  const usage = page.getByRole('region', { name: fr.budget.usageTitle, exact: true });
  await expect(usage.getByRole('figure')).toHaveCount(2);
  await expect(usage.getByText(fr.stats.loading)).toHaveCount(0);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => mainOverflow(page)).toBeLessThanOrEqual(0);
  // Nothing hidden widens the page either (the charts' hidden tables once did).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page);

  await visit(page, url('fr', '/settings'));
  await expect(page.getByRole('main').getByLabel(fr.settings.timeZone)).toBeVisible();
  expect(await mainOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoViolations(page);
});

test.describe('reading time and circuit completion', MUSEUM_SETTINGS, () => {
  test('a visitor reads a circuit with JavaScript; staff in French at 390 px see legends, the chooser above, reading time and completion', async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const t = fr.stats;
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    const a = await publish(page, 'Lecture');
    const b = await publish(page, 'Fin');
    const tag = randomUUID().slice(0, 8);
    const circuit = await post<{ id: number; name: string; title: string }>(
      page,
      'save_circuit',
      { name: `lecture-${tag}`, title: `Parcours ${tag}`, articleIds: [a.id, b.id] },
      201,
    );

    // A visitor's phone, with JavaScript: the first stop, opened from the circuit, kept visible
    // 42 s (a fake clock), then hidden (another app); then the last stop, by the Next link.
    const visitor = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
      userAgent: `e2e reading phone ${tag}`,
    });
    const phone = await visitor.newPage();
    await phone.clock.install();
    const beacons: string[] = [];
    phone.on('request', (r) => {
      if (r.method() === 'POST') beacons.push(new URL(r.url()).pathname);
    });
    await phone.goto(`/article?name=${a.name}&lang=fr&circuit=${circuit.name}`);
    await expect(phone.locator('[data-read]')).toHaveCount(1);
    await expect.poll(() => beacons).toContain('/circuit-progress');
    await phone.clock.fastForward(42_000);
    await phone.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await expect.poll(() => beacons).toContain('/reading');
    await phone.locator('a.reader-nav-next').click();
    await expect(phone).toHaveURL(new RegExp(`name=${b.name}`));
    await expect.poll(() => beacons.filter((p) => p === '/circuit-progress').length).toBe(2);
    await visitor.close();

    await visit(page, '/stats');
    const s = screen(page, 'fr');
    await expect(s.heading).toBeVisible();
    // The stacked charts name their series in a legend: one per series of the table.
    for (const chart of [s.perArticle, s.perLanguage]) {
      await expect(chart.getByRole('status')).not.toHaveText(t.loading);
      if ((await chart.locator('table').count()) === 0) continue;
      const series = (await tableOf(chart))[0]!.slice(1);
      await expect(chart.locator('.stats-chart__legend li')).toHaveText(series);
    }
    // The chooser sits above the charts it drives.
    const chooser = (await s.article.boundingBox())!;
    expect(chooser.y).toBeLessThan((await s.requests.boundingBox())!.y);
    await s.article.selectOption({ label: a.title });
    await s.fetch.click();

    const reading = page.getByRole('figure', {
      name: fill(t.readingFor, { name: a.title }),
      exact: true,
    });
    await expect(reading.locator('table')).toHaveCount(1);
    // One reading of 42 s (the 30 to 45 s span): its quartiles inside it.
    expect(await tableOf(reading)).toEqual([
      [t.language, t.firstQuartile, t.median, t.thirdQuartile],
      [`Français (${fill(t.readings, { n: '1' })})`, '34', '38', '41'],
    ]);
    await expect(reading.locator('.stats-chart__legend li')).toHaveText([
      t.firstQuartile,
      t.median,
      t.thirdQuartile,
    ]);
    await expect(
      reading.getByRole('link', {
        name: fill(t.downloadOf, { caption: fill(t.readingFor, { name: a.title }) }),
      }),
    ).toHaveAttribute(
      'href',
      `/api/stats/reading-time?format=csv&articleId=${a.id}&days=10&lang=fr`,
    );

    const chooseCircuit = page.getByLabel(t.circuit, { exact: true });
    await chooseCircuit.selectOption({ label: circuit.title });
    const completion = page.getByRole('figure', {
      name: fill(t.completionFor, { name: circuit.title }),
      exact: true,
    });
    expect((await chooseCircuit.boundingBox())!.y).toBeLessThan(
      (await completion.boundingBox())!.y,
    );
    await expect(completion).toHaveAccessibleDescription(
      fill(t.completionNote, { completed: '1', started: '1', rate: '100' }),
    );
    const table = await tableOf(completion);
    expect(table[0]).toEqual([t.date, t.started, t.completed]);
    expect(table.at(-1)!.slice(1)).toEqual(['1', '1']);
    await expect.poll(() => mainOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
