import { chromium } from '@playwright/test';
import { loadTestSettings } from '../../src/server/config.ts';

/**
 * The review screen of a large article in Chromium. For each of `runs` fresh page
 * loads, the milliseconds from the end of the translations fetch (GET /api/read/translations,
 * its resource timing) until the screen shows all `rows` texts; sorted.
 */
export async function reviewScreenTimes(
  url: string,
  cookie: string,
  articleId: number,
  lang: string,
  rows: number,
  runs = 5,
): Promise<number[]> {
  const [name, value] = cookie.split('=') as [string, string];
  const browser = await chromium.launch({
    executablePath: loadTestSettings().chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name, value, url }]);
      const page = await context.newPage();
      await page.goto(`${url}/translations?articleId=${articleId}&lang=${lang}`);
      const shown = await page.waitForFunction(
        (n) => {
          if (document.querySelectorAll('.review-row').length < n) return false;
          const fetched = performance
            .getEntriesByType('resource')
            .find((e) => e.name.includes('/api/read/translations?')) as
            PerformanceResourceTiming | undefined;
          return fetched ? performance.now() - fetched.responseEnd : false;
        },
        rows,
        { timeout: 60_000, polling: 'raf' },
      );
      times.push(Math.round((await shown.jsonValue()) as number));
      await context.close();
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}
