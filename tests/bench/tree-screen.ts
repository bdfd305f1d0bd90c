import { chromium } from '@playwright/test';
import { loadConfig, loadTestSettings } from '../../src/server/config.ts';
import { buildIfStale } from '../../src/app/build.ts';

/**
 * Builds the site when its sources changed (the bench serves the real pages), for `siteUrl`
 * (PUBLIC_SITE_URL: canonical links, sitemap) when given; the build reads the environment.
 */
export function ensureBuilt(siteUrl?: string): void {
  if (siteUrl === undefined) {
    buildIfStale(loadConfig().site);
    return;
  }
  const before = process.env.PUBLIC_SITE_URL;
  process.env.PUBLIC_SITE_URL = siteUrl;
  try {
    buildIfStale(loadConfig().site);
  } finally {
    if (before === undefined) delete process.env.PUBLIC_SITE_URL;
    else process.env.PUBLIC_SITE_URL = before;
  }
}

/**
 * Milliseconds from navigation start until the tree screen of `folderPath` shows `lines` lines,
 * in the system Chromium, signed in with `cookie`; the median of `runs` fresh page loads.
 */
export async function treeScreenTime(
  url: string,
  cookie: string,
  folderPath: number[],
  lines: number,
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
      const context = await browser.newContext();
      await context.addCookies([{ name, value, url }]);
      const page = await context.newPage();
      await page.goto(`${url}/articles/${folderPath.join('/')}`);
      const elapsed = await page.waitForFunction(
        (n) => (document.querySelectorAll('.tree__line').length >= n ? performance.now() : false),
        lines,
        { timeout: 60_000 },
      );
      times.push(Math.round((await elapsed.jsonValue()) as number));
      await context.close();
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}
