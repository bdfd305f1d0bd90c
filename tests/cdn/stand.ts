import fs from 'node:fs';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { freePort } from '../helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { httpClient, type HttpClient } from './client.ts';
import {
  ADMIN,
  pagePath,
  pageText,
  seedPages,
  signIn,
  translated,
  view,
  warmUp,
  type Page,
} from './museum.ts';
import { startOriginCounter, type OriginCounter } from './origin-counter.ts';
import { PURGE_PATH, startVarnish, type Varnish } from './varnish.ts';

/**
 * Legenda behind a real Varnish running docs/cdn/varnish.vcl, on the embedded database, the fake
 * engine translating, with a counting pass-through between the two that tells what reached the
 * origin; Legenda purges through the VCL's hook (CDN_PURGE_URL). A museum of PAGES pages, each
 * complete in LANGS before the first visitor. `npm run test:cdn` and `npm run bench` share it.
 */

export const PAGES = 20;
/** The museum's own language, then two the fake engine translates into. */
export const LANGS = ['fr', 'es', 'de'] as const;
/** The path of a page's count request (an image the page shows, answered 204 by the origin). */
export const COUNT_PATH = '/seen';

/** Page `i` (from 1) as it reads in `lang`, at an edition. */
export const textIn = (i: number, lang: string, edition = 1) =>
  lang === 'fr' ? pageText(i, edition) : translated(pageText(i, edition), lang);

export interface Stand {
  /** Legenda itself (staff calls go straight there). */
  origin: string;
  varnish: Varnish;
  counter: OriginCounter;
  /** A curator of the museum, signed in. */
  cookie: string;
  pages: Page[];
  client: HttpClient;
  close(): Promise<void>;
}

/** Starts it all on `dataDir` (a DATA_DIR the stand removes when it closes). */
export async function startStand(dataDir: string): Promise<Stand> {
  const opened: (() => Promise<unknown> | void)[] = [
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (let undo = opened.pop(); undo; undo = opened.pop()) await undo();
  };
  try {
    // The ports first: Varnish needs Legenda's address, and Legenda the purge hook's.
    const [legendaPort, varnishPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${legendaPort}`;
    const engine: FakeOpenAI = await startFakeOpenAI();
    opened.push(() => engine.close());
    const counter = await startOriginCounter(origin);
    opened.push(() => counter.close());
    const [varnish, server] = await Promise.all([
      startVarnish(counter.url, { port: varnishPort }),
      startLegenda(
        dataDir,
        legendaPort,
        engine.url,
        `http://127.0.0.1:${varnishPort}${PURGE_PATH}`,
      ),
    ]);
    opened.push(() => varnish.stop());
    opened.push(() => server.stop('SIGTERM'));
    const client = httpClient(16);
    opened.push(() => client.close());
    const cookie = await signIn(origin);
    const pages = await seedPages(origin, cookie, PAGES);
    // A page still being translated is never kept by a shared cache.
    await warmUp(client, origin, pages, [...LANGS]);
    return { origin, varnish, counter, cookie, pages, client, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function startLegenda(
  dataDir: string,
  port: number,
  engineUrl: string,
  purgeUrl: string,
): Promise<RunningServer> {
  return startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OPENAI_BASE_URL: engineUrl,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'fake-model',
    CDN_PURGE_URL: purgeUrl,
    TRUST_PROXY: 'true',
    // The counts are written every second, as by default: written every 100 ms, the embedded
    // database's writes cost the run of views more than all its requests (measured: 17 s of the
    // server's CPU against 6.5 s).
    // Sixty first translations at once, from one address.
    VISITOR_NEW_TRANSLATIONS_PER_MINUTE: '1000',
    MUSEUM_NEW_TRANSLATIONS_PER_MINUTE: '1000',
  });
}

export interface Views {
  /** Views made (fewer than asked when the run was stopped). */
  ran: number;
  /** Views made, by article id and language. */
  made: Map<number, Map<string, number>>;
  /** Answers that were not the page asked for, or a count request not passed and answered 204. */
  wrong: string[];
  /** Page requests that reached the origin (all but count requests). */
  originPages: number;
  /** Count requests that reached the origin. */
  originCounts: number;
}

/**
 * `count` visitors' views through the cache, the pages in turn in every language, each from a
 * phone of its own (one phone's repeats within half an hour count once); the run ends early
 * once more than `maxOriginPages` pages have reached the origin.
 */
export async function viewThroughCache(
  stand: Stand,
  count: number,
  maxOriginPages = Infinity,
): Promise<Views> {
  const { client, counter, pages } = stand;
  counter.reset();
  const made = new Map<number, Map<string, number>>();
  const wrong: string[] = [];
  const originPages = () => counter.count((path) => path !== COUNT_PATH);
  const ran = await client.each(
    count,
    async (n) => {
      const i = n % PAGES;
      const lang = LANGS[Math.floor(n / PAGES) % LANGS.length]!;
      const page = pages[i]!;
      const path = pagePath(page, lang);
      const seen = await view(client, stand.varnish.url, path, `cdn phone ${n}`, lang);
      if (seen.page.status !== 200 || !seen.page.body.includes(textIn(i + 1, lang))) {
        wrong.push(`${path}: ${seen.page.status}`);
      }
      // The count request is the origin's every time: Varnish passes it, never keeps it.
      const counted = seen.counted;
      if (counted && (counted.status !== 204 || counted.headers['x-cache'] !== 'PASS')) {
        wrong.push(`count of ${path}: ${counted.status} ${counted.headers['x-cache']}`);
      }
      const byLang = made.get(page.articleId) ?? new Map<string, number>();
      byLang.set(lang, (byLang.get(lang) ?? 0) + 1);
      made.set(page.articleId, byLang);
    },
    () => originPages() > maxOriginPages,
  );
  return {
    ran,
    made,
    wrong,
    originPages: originPages(),
    originCounts: counter.count((path) => path === COUNT_PATH),
  };
}
