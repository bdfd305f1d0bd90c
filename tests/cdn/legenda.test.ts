import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { pagePath, requestsPerLanguage, savePage, statsLanguage } from './museum.ts';
import { LANGS, PAGES, startStand, textIn, viewThroughCache, type Stand } from './stand.ts';
import { describeWithVarnish } from './with-varnish.ts';

/**
 * Legenda behind a real Varnish (docs/cdn/varnish.vcl): visitors' pages come from the cache, yet
 * every view is counted and a publish shows at once (stand.ts starts it all).
 */

const VIEWS = 10_000;
/** Each page in each language fetched once: every later view is the cache's. */
const MAX_ORIGIN_PAGES = PAGES * LANGS.length;

describeWithVarnish('Legenda behind Varnish', () => {
  let stand: Stand;

  beforeAll(async () => {
    stand = await startStand(migratedDataDir('legenda-cdn-'));
  });
  afterAll(async () => {
    await stand?.close();
  });

  it(`${VIEWS} views of ${PAGES} pages in ${LANGS.length} languages reach the origin at most ${MAX_ORIGIN_PAGES} times, each one counted`, async () => {
    // Past the bound, the rest would only load the origin for minutes: the run ends there.
    const views = await viewThroughCache(stand, VIEWS, MAX_ORIGIN_PAGES);
    console.log(
      `[test:cdn] ${views.ran} views: ${views.originPages} pages and ${views.originCounts} ` +
        `count requests reached the origin (${[...stand.counter.byPath()]
          .map(([path, n]) => `${path} ${n}`)
          .join(', ')})`,
    );
    expect(views.wrong.slice(0, 5)).toEqual([]);
    // Pages hardly ever reached the origin; every count request did.
    expect(views.originPages).toBeLessThanOrEqual(MAX_ORIGIN_PAGES);
    expect(views.ran).toBe(VIEWS);
    expect(views.originCounts).toBe(VIEWS);

    // The statistics: the views made, per article and language (written every second).
    const expected = Object.fromEntries(
      stand.pages.map((page) => [
        page.articleId,
        Object.fromEntries(
          [...views.made.get(page.articleId)!].map(([lang, n]) => [statsLanguage(lang), n]),
        ),
      ]),
    );
    const counted = async () =>
      Object.fromEntries(
        await Promise.all(
          stand.pages.map(async (page) => [
            page.articleId,
            await requestsPerLanguage(stand.origin, stand.cookie, page.articleId),
          ]),
        ),
      );
    await expect.poll(counted, { timeout: 10_000, interval: 200 }).toEqual(expected);
  });

  it('after a publish, the next request through the cache shows the new text within 1 s', async () => {
    const { client, varnish, pages } = stand;
    const [first, second] = [pages[0]!, pages[1]!];
    // Kept by the cache before the change (the run above asked for them all).
    for (const lang of LANGS) {
      const kept = await client.get(`${varnish.url}${pagePath(first, lang)}`);
      expect(kept.headers['x-cache'], lang).toBe('HIT');
    }
    await savePage(stand.origin, stand.cookie, first, 1, 2);
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
