import fs from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { freePort } from '../helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { httpClient } from './client.ts';
import {
  ADMIN,
  pagePath,
  pageText,
  requestsPerLanguage,
  savePage,
  seedPages,
  signIn,
  statsLanguage,
  translated,
  view,
  warmUp,
  type Page,
} from './museum.ts';
import { startOriginCounter, type OriginCounter } from './origin-counter.ts';
import { startVarnish, type Varnish } from './varnish.ts';
import { describeWithVarnish } from './with-varnish.ts';

/**
 * Legenda behind a real Varnish running docs/cdn/varnish.vcl, on the embedded database, the
 * fake engine translating: visitors' pages come from the cache, yet every view is counted and a
 * publish shows at once. Between Varnish and Legenda, a counting pass-through tells what reached
 * the origin. Legenda purges through the VCL's hook (CDN_PURGE_URL).
 */

const PAGES = 20;
/** The museum's own language, then two the fake engine translates into. */
const LANGS = ['fr', 'es', 'de'] as const;
const VIEWS = 10_000;
/** Each page in each language fetched once: every later view is the cache's. */
const MAX_ORIGIN_PAGES = PAGES * LANGS.length;
/** The path of the page's count request (an image the page shows, answered 204 by the origin). */
const COUNT_PATH = '/seen';

const textIn = (i: number, lang: string, edition = 1) =>
  lang === 'fr' ? pageText(i, edition) : translated(pageText(i, edition), lang);

describeWithVarnish('Legenda behind Varnish', () => {
  let engine: FakeOpenAI;
  let dataDir: string;
  let counter: OriginCounter;
  let varnish: Varnish;
  let server: RunningServer;
  let origin: string;
  let cookie: string;
  let pages: Page[];
  const client = httpClient(16);

  beforeAll(async () => {
    vi.setConfig({ testTimeout: 120_000 });
    dataDir = migratedDataDir('legenda-cdn-');
    // The ports first: Varnish needs Legenda's address, and Legenda the purge hook's.
    const [legendaPort, varnishPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${legendaPort}`;
    engine = await startFakeOpenAI();
    counter = await startOriginCounter(origin);
    const purgeUrl = `http://127.0.0.1:${varnishPort}/.well-known/legenda-purge`;
    [varnish, server] = await Promise.all([
      startVarnish(counter.url, { port: varnishPort }),
      startServer({
        PORT: String(legendaPort),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        OPENAI_BASE_URL: engine.url,
        OPENAI_API_KEY: 'test-key',
        OPENAI_MODEL: 'fake-model',
        CDN_PURGE_URL: purgeUrl,
        TRUST_PROXY: 'true',
        COUNTS_FLUSH_MS: '100',
        // Sixty first translations at once, from one test address.
        VISITOR_NEW_TRANSLATIONS_PER_MINUTE: '1000',
        MUSEUM_NEW_TRANSLATIONS_PER_MINUTE: '1000',
      }),
    ]);
    expect(varnish.purgeUrl).toBe(purgeUrl);
    cookie = await signIn(origin);
    pages = await seedPages(origin, cookie, PAGES);
    // Complete in every language before the first visitor: a page still being translated is
    // never kept by a shared cache.
    await warmUp(client, origin, pages, [...LANGS]);
  });

  afterAll(async () => {
    client.close();
    await server?.stop('SIGTERM');
    await Promise.all([varnish?.stop(), counter?.close(), engine?.close()]);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${VIEWS} views of ${PAGES} pages in ${LANGS.length} languages reach the origin at most ${MAX_ORIGIN_PAGES} times, each one counted`, async () => {
    counter.reset();
    /** Views made, by article and language. */
    const made = new Map<number, Map<string, number>>();
    const wrong: string[] = [];
    const originPages = () => counter.count((path) => path !== COUNT_PATH);
    // Past the bound, the rest would only load the origin for minutes: the run ends there.
    const ran = await client.each(
      VIEWS,
      async (n) => {
        const i = n % PAGES;
        const lang = LANGS[Math.floor(n / PAGES) % LANGS.length]!;
        const page = pages[i]!;
        // Each view from a phone of its own: one phone's repeats within half an hour count once.
        const seen = await view(client, varnish.url, pagePath(page, lang), `cdn phone ${n}`, lang);
        if (seen.page.status !== 200 || !seen.page.body.includes(textIn(i + 1, lang))) {
          wrong.push(`${pagePath(page, lang)}: ${seen.page.status}`);
        }
        if (seen.counted && seen.counted.status !== 204) {
          wrong.push(`count of ${pagePath(page, lang)}: ${seen.counted.status}`);
        }
        const byLang = made.get(page.articleId) ?? new Map<string, number>();
        byLang.set(lang, (byLang.get(lang) ?? 0) + 1);
        made.set(page.articleId, byLang);
      },
      () => originPages() > MAX_ORIGIN_PAGES,
    );
    expect(wrong.slice(0, 5)).toEqual([]);

    const originCounts = counter.count((path) => path === COUNT_PATH);
    console.log(
      `[test:cdn] ${ran} views: ${originPages()} pages and ${originCounts} count requests ` +
        `reached the origin (${[...counter.byPath()].map(([p, c]) => `${p} ${c}`).join(', ')})`,
    );
    // Pages hardly ever reached the origin; every count request did.
    expect(originPages()).toBeLessThanOrEqual(MAX_ORIGIN_PAGES);
    expect(ran).toBe(VIEWS);
    expect(originCounts).toBe(VIEWS);

    // The statistics: the views made, per article and language (written every 100 ms).
    const expected = Object.fromEntries(
      pages.map((page) => [
        page.articleId,
        Object.fromEntries(
          [...made.get(page.articleId)!].map(([lang, n]) => [statsLanguage(lang), n]),
        ),
      ]),
    );
    const counted = async () =>
      Object.fromEntries(
        await Promise.all(
          pages.map(async (page) => [
            page.articleId,
            await requestsPerLanguage(origin, cookie, page.articleId),
          ]),
        ),
      );
    await expect.poll(counted, { timeout: 10_000, interval: 200 }).toEqual(expected);
  });

  it('after a publish, the next request through the cache shows the new text within 1 s', async () => {
    const [first, second] = [pages[0]!, pages[1]!];
    // Kept by the cache before the change (the run above asked for them all).
    for (const lang of LANGS) {
      const kept = await client.get(`${varnish.url}${pagePath(first, lang)}`);
      expect(kept.headers['x-cache'], lang).toBe('HIT');
    }
    await savePage(origin, cookie, first, 1, 2);
    for (const lang of LANGS) {
      await expect
        .poll(async () => (await client.get(`${varnish.url}${pagePath(first, lang)}`)).body, {
          timeout: 1_000,
          interval: 50,
        })
        .toContain(textIn(1, lang, 2));
    }
    // Only what changed was purged: another page stays the cache's.
    const other = await client.get(`${varnish.url}${pagePath(second, 'fr')}`);
    expect(other.headers['x-cache']).toBe('HIT');
    expect(other.body).toContain(textIn(2, 'fr'));
  });
});
