import { tempDir } from '../helpers/server.ts';
import { LANGS, PAGES, startStand, viewThroughCache } from '../cdn/stand.ts';
import { findVarnishd } from '../cdn/varnish.ts';

/**
 * The proxy's origin ratio: visitors' views of PAGES pages in LANGS through a real Varnish
 * running docs/cdn/varnish.vcl in front of Legenda (tests/cdn/stand.ts, as `npm run test:cdn`
 * starts it), and how many of their page requests reached Legenda. Each view's count request
 * goes through to the origin by design, and is reported apart.
 */
export const PROXY_VIEWS = 10_000;
/** What the views are of, for the report. */
export const PROXY_PAGES = `${PAGES} pages in ${LANGS.length} languages`;
/** Each page in each language fetched once from the origin, at most. */
export const PROXY_RATIO_TARGET = (PAGES * LANGS.length) / PROXY_VIEWS;

export interface ProxyResult {
  views: number;
  originPages: number;
  originCounts: number;
  /** Page requests that reached the origin over the views made. */
  ratio: number;
  seconds: number;
  wrong: string[];
}

/** Undefined when varnishd is not installed (Debian: apt-get install varnish). */
export async function proxyBench(views = PROXY_VIEWS): Promise<ProxyResult | undefined> {
  if (!findVarnishd()) return undefined;
  const stand = await startStand(tempDir('legenda-bench-'));
  try {
    const started = performance.now();
    const run = await viewThroughCache(stand, views);
    return {
      views: run.ran,
      originPages: run.originPages,
      originCounts: run.originCounts,
      ratio: run.originPages / run.ran,
      seconds: (performance.now() - started) / 1000,
      wrong: run.wrong,
    };
  } finally {
    await stand.close();
  }
}
