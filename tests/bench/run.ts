import os from 'node:os';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  bareServer,
  compare,
  measure,
  rawGet,
  startServer,
  type Comparison,
  type Target,
} from './lib.ts';
import { countedScans, linkedCode } from './scans.ts';
import { statsBench } from './stats.ts';
import { TRANSLATION_STATUS_P99_TARGET_MS, translationStatusBench } from './translation-status.ts';
import { seedMuseum } from './seed.ts';
import { ensureBuilt, treeScreenTime } from './tree-screen.ts';
import { largeArticle, percentile, typingLatency } from './editor-typing.ts';
import { reviewScreenTimes } from './review-screen.ts';
import { panelArticle, publish, translationBench } from './visitor.ts';
import { GUIDE_PANELS, GUIDE_SLUG, guideContent, guideMuseum } from './guide.ts';
import { tempDir } from '../helpers/server.ts';
import {
  FIRST_BLOCK_TARGET_MS,
  firstWordsBench,
  TOKENS_PER_SECOND,
  TOKENS_TARGET,
  WHOLE_TARGET,
} from './first-words.ts';
import { GLOSSARY_TOKENS_TARGET, glossaryTokens } from './glossary.ts';
import { PROXY_PAGES, PROXY_RATIO_TARGET, proxyBench } from './proxy.ts';
import {
  LIGHTHOUSE_PAGES,
  lighthouseBench,
  lighthouseSiteUrl,
  printLighthouse,
} from './lighthouse.ts';
import { startFakeOpenAI } from '../helpers/fake-openai.ts';
import { functionsBench, printFunctions } from './functions.ts';

/**
 * `npm run bench [-- --duration 5] [--only name] [--runs 2] [--page /contact]`: GET /session
 * for a signed-in user, in requests per second, as a ratio to a bare node:http server answering
 * the same JSON (target: at least 0.5), and the other benches below (`--only functions`: the
 * Netlify functions' bundles and cold starts); `--runs` and `--page` are Lighthouse's. Exits
 * non-zero only when something failed, not when a ratio is below target.
 */

const SESSION_TARGET = 0.5;
const TREE_TARGET = 0.3;
const TYPING_TARGET_MS = 16;
const REVIEW_TARGET_MS = 1000;
/** Once 0.5 (half a bare node:http server), raised since: the visitor page stays at or above what it was (0.91). */
const VISITOR_TARGET = 0.91;
/** The language picker a first scan lands on (no language yet), kept like a visitor page. */
const PICKER_TARGET = 0.9;
/** The museum's guide home, kept like a visitor page. */
const GUIDE_TARGET = 0.9;
const TRANSLATION_TARGET = 1.3;
const SCAN_TARGET = 0.5;
const SCAN_LANGUAGE_TARGET = 0.6;
const SCANS = 10_000;
const SCAN_CLIENTS = 100;
/** One phone's loop of scans and page loads (what one client can do to the counts). */
const RELOADS = 1000;
const PAGE_BUDGET_BYTES = 14 * 1024;
const BENCHES = [
  'session',
  'tree',
  'editor',
  'visitor',
  'picker',
  'guide',
  'scan',
  'stats',
  'translation',
  'functions',
  'proxy',
  'lighthouse',
] as const;
const STATS_P99_TARGET_MS = 50;
const EMAIL = 'bench@legenda.local';
const PASSWORD = 'bench password 123';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    only: { type: 'string' },
    // Lighthouse passes per page; the median performance is reported.
    runs: { type: 'string', default: '2' },
    // Lighthouse on these pages only (repeatable): `--page /contact`.
    page: { type: 'string', multiple: true },
  },
});
const only = values.only;
if (only !== undefined && !(BENCHES as readonly string[]).includes(only)) {
  console.error(`--only takes ${BENCHES.join(', ')}`);
  process.exit(2);
}
const duration = Number(values.duration);
if (!(duration > 0)) {
  console.error('--duration must be a positive number of seconds');
  process.exit(2);
}
const lighthousePages = values.page ?? LIGHTHOUSE_PAGES;
if (!lighthousePages.every((p) => p.startsWith('/'))) {
  console.error('--page takes a path: /contact');
  process.exit(2);
}
const lighthouseRuns = Number(values.runs);
if (!(Number.isInteger(lighthouseRuns) && lighthouseRuns > 0)) {
  console.error('--runs must be a positive whole number');
  process.exit(2);
}

const open: Target[] = [];
const closeAll = async () => {
  for (let t = open.pop(); t; t = open.pop()) {
    await t.close().catch((error: unknown) => {
      console.error(`Cleanup failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
  }
};
process.once('SIGINT', () => void closeAll().finally(() => process.exit(130)));

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('legenda_session='));
  if (!res.ok || !cookie) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Same bytes on the wire: our body and headers, but for those node:http writes itself. */
async function bareLike(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; body: Uint8Array; target: Target }> {
  const res = await rawGet(url, headers);
  const sent = Object.fromEntries(
    Object.entries(res.headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  const target = await bareServer(
    res.body,
    { ...sent, 'content-length': String(res.body.byteLength) },
    res.status,
  );
  open.push(target);
  return { status: res.status, type: res.headers['content-type'] ?? '', body: res.body, target };
}

const rps = (n: number) => `${Math.round(n)} req/s`.padStart(11);
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

function report(label: string, result: Comparison, target: number): void {
  result.rounds.forEach((r, i) =>
    console.log(`  round ${i + 1}: bare ${rps(r.bare.reqPerSec)}, ours ${rps(r.ours.reqPerSec)}`),
  );
  console.log(
    `${label}   ours: ${rps(result.ours.reqPerSec)}  p50 ${ms(result.ours.p50)}  p99 ${ms(result.ours.p99)}`,
  );
  console.log(`bare node:http, same bytes : ${rps(result.bare.reqPerSec)}`);
  console.log(
    `ratio: ${result.ratio.toFixed(2)} (target >= ${target})  ` +
      (result.ratio >= target ? 'OK' : 'BELOW TARGET'),
  );
  console.log('');
}

async function benchSession(url: string, cookie: string): Promise<void> {
  const headers = { cookie };
  const { status, type, body, target } = await bareLike(`${url}/session`, headers);
  const text = new TextDecoder().decode(body);
  if (status !== 200 || !type.startsWith('application/json') || JSON.parse(text).email !== EMAIL) {
    throw new Error(`GET /session does not show the signed-in user: ${status} ${text}`);
  }
  const result = await compare(
    { url: `${url}/session`, options: { duration, headers, expectBody: text } },
    { url: `${target.url}/session`, options: { duration, expectBody: text } },
  );
  report('GET /session (signed in)', result, SESSION_TARGET);
}

async function benchTree(url: string, cookie: string): Promise<void> {
  const started = Date.now();
  const shape = await seedMuseum(url, cookie);
  console.log(
    `Seeded ${shape.folders} folders (${shape.depth} deep) and ${shape.articles} articles ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s; the largest folder holds ` +
      `${shape.largest.articles} articles.`,
  );
  // As a browser asks: compressed.
  const headers = { cookie, 'accept-encoding': 'gzip' };
  const { status, body, target } = await bareLike(`${url}/api/tree`, headers);
  if (status !== 200) throw new Error(`GET /api/tree answered ${status}`);
  const json = gunzipSync(body).toString('utf8');
  const items = JSON.parse(json) as unknown[];
  console.log(
    `GET /api/tree sends ${body.byteLength} bytes of gzip (${json.length} of JSON, ` +
      `${items.length} root folders).`,
  );
  const result = await compare(
    { url: `${url}/api/tree`, options: { duration, headers } },
    { url: `${target.url}/api/tree`, options: { duration, headers } },
  );
  report('GET /api/tree (5,000 articles)', result, TREE_TARGET);

  const times = await treeScreenTime(url, cookie, shape.largest.path, shape.largest.articles);
  console.log(
    `Tree screen of the largest folder (${shape.largest.articles} lines) in Chromium: ` +
      `median ${times[Math.floor(times.length / 2)]} ms from navigation start ` +
      `(runs: ${times.join(', ')} ms).`,
  );
}

/** The review screen of the 300-element article, once it is translated into Spanish. */
async function benchReviewScreen(url: string, cookie: string, id: number): Promise<void> {
  // Translated first (fake engine), as a visitor's reading would: the screen shows machine text.
  for (let i = 0; i < 60; i++) {
    const page = await fetch(`${url}/article?name=bench-editor&lang=es&ignoreStats=true`);
    if ((await page.text()).includes('[es] ')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const doc = await fetch(`${url}/api/read/translations?articleId=${id}&lang=es`, {
    headers: { cookie },
  });
  const { segments } = (await doc.json()) as { segments: unknown[] };
  const times = await reviewScreenTimes(url, cookie, id, 'es', segments.length);
  const median = times[Math.floor(times.length / 2)] ?? Infinity;
  console.log(
    `Review screen of the 300-element article in Spanish (${segments.length} texts, Chromium): ` +
      `all shown ${ms(median)} after the translations fetch (median; runs: ` +
      `${times.join(', ')} ms) ${median < REVIEW_TARGET_MS ? 'OK' : 'OVER TARGET'} ` +
      `(target: under ${REVIEW_TARGET_MS} ms)`,
  );
}

async function benchEditor(url: string, cookie: string): Promise<void> {
  const id = await publish(url, cookie, largeArticle('bench-editor', 300), 'Bench: 300 elements');
  const { updated, painted } = await typingLatency(url, cookie, id);
  const line = (label: string, values: number[]) =>
    `${label} median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
  console.log(
    `Editor with 300 elements, ${updated.length} keystrokes in a text element (Chromium):`,
  );
  console.log(line('  keystroke → preview updated:', updated));
  console.log(line('  keystroke → next frame:     ', painted));
  const median = percentile(updated, 50);
  console.log(
    `target: median under ${TYPING_TARGET_MS} ms  ${median < TYPING_TARGET_MS ? 'OK' : 'BELOW TARGET'}`,
  );
  await benchReviewScreen(url, cookie, id);
  console.log('');
}

async function benchVisitor(url: string, cookie: string): Promise<void> {
  await publish(url, cookie, panelArticle('bench-panel'));
  const page = `${url}/article?name=bench-panel&lang=es`;
  // The first request translates (fake engine); the bench measures the stored translation.
  for (let i = 0; i < 30; i++) {
    const text = await (await fetch(page)).text();
    if (text.includes('[es] ')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // As a phone asks when it reloads: compressed, with the language it chose remembered (issue
  // 19; the first showing set the cookie, a reload is not sent it again).
  const headers = {
    'accept-language': 'es-ES,es;q=0.9',
    'accept-encoding': 'gzip',
    cookie: 'legenda_lang=es',
  };
  const { status, body, target } = await bareLike(page, headers);
  const html = gunzipSync(body).toString('utf8');
  if (status !== 200 || !html.includes('[es] ')) {
    throw new Error(`The visitor page did not show the translation: ${status}`);
  }
  const size = body.byteLength;
  console.log(
    `Visitor page (25 blocks, Spanish, stored translation): ${html.length} characters, ` +
      `${size} bytes gzip (budget ${PAGE_BUDGET_BYTES}) ${size <= PAGE_BUDGET_BYTES ? 'OK' : 'OVER BUDGET'}`,
  );
  const result = await compare(
    { url: page, options: { duration, headers } },
    { url: `${target.url}/article`, options: { duration, headers } },
  );
  report('GET /article?name=…&lang=es (one phone: its reloads)', result, VISITOR_TARGET);
}

/**
 * The language picker a first scan lands on (/article?name=… without a language, none
 * remembered), as phones of one language ask it: compressed, every language of the catalogue.
 */
async function benchPicker(url: string, cookie: string): Promise<void> {
  await publish(url, cookie, panelArticle('bench-picker'));
  const page = `${url}/article?name=bench-picker`;
  const headers = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5', 'accept-encoding': 'gzip' };
  const { status, body, target } = await bareLike(page, headers);
  const html = gunzipSync(body).toString('utf8');
  if (status !== 200 || !html.includes('Elija su idioma')) {
    throw new Error(`The picker was not shown in Spanish: ${status}`);
  }
  console.log(
    `Language picker (every language, Spanish phone): ${html.length} characters, ` +
      `${body.byteLength} bytes gzip`,
  );
  const result = await compare(
    { url: page, options: { duration, headers } },
    { url: `${target.url}/article`, options: { duration, headers } },
  );
  report('GET /article?name=… (first scan: the picker)', result, PICKER_TARGET);
}

/**
 * The guide home (/visit/{slug}) of a museum of GUIDE_PANELS panels and two circuits, in stored
 * Spanish, as a phone reloads it: on a server of its own, whose museum's guide address was set
 * by `npm run users -- museum` before it started.
 */
async function benchGuide(engineUrl: string): Promise<void> {
  const dataDir = tempDir('legenda-bench-');
  await guideMuseum(dataDir, { email: EMAIL, password: PASSWORD });
  const server = await startServer(
    { OPENAI_BASE_URL: engineUrl, OPENAI_API_KEY: 'bench', NODE_ENV: 'production' },
    dataDir,
  );
  open.push(server);
  const cookie = await signIn(server.url);
  await guideContent(server.url, cookie);
  const page = `${server.url}/visit/${GUIDE_SLUG}?lang=es`;
  // The first request translates the guide's texts (fake engine); the bench measures them stored.
  for (let i = 0; i < 30; i++) {
    const text = await (await fetch(page)).text();
    if (text.includes('<h1>[es] ')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const headers = {
    'accept-language': 'es-ES,es;q=0.9',
    'accept-encoding': 'gzip',
    cookie: 'legenda_lang=es',
  };
  const { status, body, target } = await bareLike(page, headers);
  const html = gunzipSync(body).toString('utf8');
  if (status !== 200 || !html.includes('<h1>[es] ')) {
    throw new Error(`The guide home did not show its translation: ${status}`);
  }
  const size = body.byteLength;
  console.log(
    `Guide home (${GUIDE_PANELS} articles, 2 circuits, Spanish, stored translation): ` +
      `${html.length} characters, ${size} bytes gzip (budget ${PAGE_BUDGET_BYTES}) ` +
      (size <= PAGE_BUDGET_BYTES ? 'OK' : 'OVER BUDGET'),
  );
  const result = await compare(
    { url: page, options: { duration, headers } },
    { url: `${target.url}/visit/${GUIDE_SLUG}?lang=es`, options: { duration, headers } },
  );
  report(`GET /visit/{slug}?lang=es (one phone: its reloads)`, result, GUIDE_TARGET);
}

async function benchScan(url: string, cookie: string): Promise<void> {
  const articleId = await publish(url, cookie, panelArticle('bench-scan'));
  const link = await linkedCode(url, cookie, articleId);
  const headers = { 'accept-language': 'es-ES,es;q=0.9' };
  const { status, target } = await bareLike(`${url}/r/${link}`, headers);
  if (status !== 302) throw new Error(`GET /r/${link} answered ${status}`);
  const result = await compare(
    { url: `${url}/r/${link}`, options: { duration, headers, expectStatus: 302 } },
    { url: `${target.url}/r/${link}`, options: { duration, headers, expectStatus: 302 } },
  );
  report(`GET /r/{code} (302, one phone: its rescans)`, result, SCAN_TARGET);
  // A visitor who chose a language before is sent straight to the article in it.
  const remembered = { ...headers, cookie: 'legenda_lang=ja' };
  const chosen = await bareLike(`${url}/r/${link}`, remembered);
  if (chosen.status !== 302) throw new Error(`GET /r/${link} answered ${chosen.status}`);
  const withLanguage = await compare(
    { url: `${url}/r/${link}`, options: { duration, headers: remembered, expectStatus: 302 } },
    {
      url: `${chosen.target.url}/r/${link}`,
      options: { duration, headers: remembered, expectStatus: 302 },
    },
  );
  report(
    `GET /r/{code} with a remembered language (302 to it)`,
    withLanguage,
    SCAN_LANGUAGE_TARGET,
  );
}

/**
 * 10,000 scans from 10,000 phones over 100 connections at once, on a server of its own, counted
 * in memory and written every second (Node) or written one by one (COUNTS_FLUSH_MS=0, as on
 * Netlify): the day's count must be exactly 10,000 once the server has stopped. Then what one
 * phone can do: a loop of RELOADS scans and RELOADS visitor pages, which count once each (one
 * phone's repeats within half an hour count once, stats/repeats.ts).
 */
async function benchScanCount(flushMs: string): Promise<void> {
  const server = await startServer({
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    NODE_ENV: 'production',
    COUNTS_FLUSH_MS: flushMs,
  });
  open.push(server);
  const cookie = await signIn(server.url);
  const articleId = await publish(server.url, cookie, panelArticle('bench-count'));
  const link = await linkedCode(server.url, cookie, articleId);
  const started = performance.now();
  await measure(`${server.url}/r/${link}`, {
    duration: 0,
    amount: SCANS,
    connections: SCAN_CLIENTS,
    expectStatus: 302,
    phones: true,
  });
  const seconds = (performance.now() - started) / 1000;

  // One phone in a loop, one request after another.
  const loopId = await publish(server.url, cookie, panelArticle('bench-loop'));
  const loopLink = await linkedCode(server.url, cookie, loopId);
  const phone = { 'accept-language': 'es-ES', 'user-agent': 'one bench phone' };
  for (let i = 0; i < RELOADS; i++) {
    await fetch(`${server.url}/r/${loopLink}`, { redirect: 'manual', headers: phone });
    const html = await (
      await fetch(`${server.url}/article?name=bench-loop&lang=fr`, { headers: phone })
    ).text();
    // As a browser, the page's count request (docs/adr/0031-visitor-pages-behind-a-cdn.md).
    const seen = /<img src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    if (seen) await (await fetch(`${server.url}${seen}`, { headers: phone })).arrayBuffer();
  }

  await server.stop();
  const days = await countedScans(server.dataDir, articleId);
  const total = days.reduce((n, d) => n + d.count, 0);
  const mode = flushMs === '0' ? 'each written at once' : `written every ${flushMs} ms`;
  console.log(
    `${SCANS} scans from ${SCANS} phones over ${SCAN_CLIENTS} connections (${mode}) in ` +
      `${seconds.toFixed(1)} s: counted ${days.map((d) => `${d.count} on ${d.day}`).join(', ')}  ` +
      (total === SCANS ? 'OK' : `WRONG (expected ${SCANS})`),
  );
  if (total !== SCANS) process.exitCode = 1;
  const sum = (rows: { count: number }[]) => rows.reduce((n, d) => n + d.count, 0);
  const loopScans = sum(await countedScans(server.dataDir, loopId));
  const loopPages = sum(await countedScans(server.dataDir, loopId, 'request'));
  console.log(
    `One phone in a loop (${mode}): ${RELOADS} scans counted ${loopScans}, ${RELOADS} page ` +
      `loads counted ${loopPages} ` +
      (loopScans === 1 && loopPages === 1 ? 'OK (once per half hour)' : 'NOT ONCE'),
  );
}

async function benchStats(): Promise<void> {
  const result = await statsBench();
  console.log(
    `Statistics over ${result.rows.toLocaleString('en')} daily counts (a year, 1,000 articles, ` +
      `30 languages; seeded in ${result.seedSeconds.toFixed(0)} s), through the app on PGlite:`,
  );
  for (const t of result.timings) {
    const verdict = t.label.includes('10 days')
      ? t.p99 < STATS_P99_TARGET_MS
        ? 'OK'
        : 'OVER TARGET'
      : '(no target)';
    console.log(
      `  ${t.label.padEnd(32)} p50 ${ms(t.p50).padStart(7)}  p99 ${ms(t.p99).padStart(7)}  ` +
        `${Math.round(t.bytes / 1024)} KB  ${verdict}`,
    );
  }
  console.log(`target: p99 under ${STATS_P99_TARGET_MS} ms for the default 10 days\n`);
  const overview = await translationStatusBench();
  console.log(
    `Translations overview, GET /api/read/translation_status over ` +
      `${overview.rows.toLocaleString('en')} counts (1,000 articles × 30 languages), on PGlite: ` +
      `p50 ${ms(overview.p50)}  p99 ${ms(overview.p99)}  ${Math.round(overview.bytes / 1024)} KB  ` +
      (overview.p99 < TRANSLATION_STATUS_P99_TARGET_MS ? 'OK' : 'OVER TARGET') +
      ` (target: p99 under ${TRANSLATION_STATUS_P99_TARGET_MS} ms)\n`,
  );
}

async function benchTranslation(): Promise<void> {
  const result = await translationBench();
  console.log(
    `First translation of ${result.words} words in ${result.batches} batches: ` +
      `${Math.round(result.totalMs)} ms, largest batch ${Math.round(result.largestBatchMs)} ms, ` +
      `ratio ${result.ratio.toFixed(2)} (target <= ${TRANSLATION_TARGET}) ` +
      (result.ratio <= TRANSLATION_TARGET ? 'OK' : 'OVER TARGET'),
  );
  console.log('Engine work:');
  for (const w of result.work) {
    console.log(
      `  ${w.label.padEnd(30)} ${String(w.calls).padStart(3)} calls, ` +
        `${String(w.segments).padStart(4)} segments, ${String(w.promptTokens).padStart(6)} prompt ` +
        `+ ${String(w.completionTokens).padStart(6)} completion tokens, ${w.ms} ms`,
    );
  }
  console.log(
    `First words: a visitor's first look at the Spanish page, the engine writing ` +
      `${TOKENS_PER_SECOND} tokens/s:`,
  );
  for (const r of await firstWordsBench()) {
    const whole = r.wholeMs / r.largestBatchMs;
    console.log(
      `  ${String(r.words).padStart(6)} words, ${String(r.batches).padStart(2)} batches: ` +
        `first block ${ms(r.firstBlockMs)} ` +
        `(target <= ${ms(FIRST_BLOCK_TARGET_MS)}) ${r.firstBlockMs <= FIRST_BLOCK_TARGET_MS ? 'OK' : 'OVER TARGET'}; ` +
        `whole ${ms(r.wholeMs)}, largest batch ${ms(r.largestBatchMs)}, ratio ${whole.toFixed(2)} ` +
        `(target <= ${WHOLE_TARGET}) ${whole <= WHOLE_TARGET ? 'OK' : 'OVER TARGET'}; ` +
        `${r.tokens} engine tokens, ${r.tokensRatio.toFixed(3)}× before streaming ` +
        `(target <= ${TOKENS_TARGET}) ${r.tokensRatio <= TOKENS_TARGET ? 'OK' : 'OVER TARGET'}; ` +
        `${r.requests} request(s)`,
    );
  }
  const glossary = await glossaryTokens();
  console.log(
    `With a ${glossary.terms}-term glossary (${glossary.entriesSent} entries sent): ` +
      `${glossary.with} prompt tokens against ${glossary.without} without, ` +
      `ratio ${glossary.ratio.toFixed(2)} (target <= ${GLOSSARY_TOKENS_TARGET}) ` +
      (glossary.ratio <= GLOSSARY_TOKENS_TARGET ? 'OK' : 'OVER TARGET'),
  );
  console.log('');
}

/** The Netlify functions visitors meet: bundle size, cold import, first page (functions.ts). */
async function benchFunctions(): Promise<void> {
  const runs = 5;
  printFunctions(await functionsBench({ runs, track: (target) => open.push(target) }), runs);
}

/** Visitors' views through a real Varnish in front of Legenda: how many reached the origin. */
async function benchProxy(): Promise<void> {
  const result = await proxyBench();
  if (!result) {
    console.log(
      'Proxy origin ratio: skipped, varnishd is not installed (apt-get install varnish)\n',
    );
    return;
  }
  const ok = result.ratio <= PROXY_RATIO_TARGET && result.wrong.length === 0;
  console.log(
    `Through Varnish (docs/cdn/varnish.vcl), ${result.views} views of ${PROXY_PAGES} ` +
      `in ${result.seconds.toFixed(1)} s: ${result.originPages} page requests reached the origin, ` +
      `origin ratio ${result.ratio.toFixed(4)} (target <= ${PROXY_RATIO_TARGET}) ` +
      (ok ? 'OK' : 'OVER TARGET') +
      `; ${result.originCounts} count requests passed through to it (one a view)` +
      (result.wrong.length
        ? `; ${result.wrong.length} wrong answers, first: ${result.wrong[0]}`
        : ''),
  );
  console.log('');
}

/** `loadAtStart`: the load average before this bench built the site. */
async function benchLighthouse(siteUrl: string, loadAtStart: number): Promise<void> {
  console.log(
    `Lighthouse (mobile) on the public pages at ${siteUrl}, ${lighthouseRuns} runs each:`,
  );
  const results = await lighthouseBench({
    siteUrl,
    runs: lighthouseRuns,
    pages: lighthousePages,
    track: (target) => open.push(target),
  });
  printLighthouse(results, lighthouseRuns, loadAtStart);
}

async function main(): Promise<void> {
  // Lighthouse's server has its own address, and the site is built for it (canonical links);
  // it runs first, on a quiet machine.
  const loadAtStart = os.loadavg()[0] ?? 0;
  const lighthouseUrl = !only || only === 'lighthouse' ? await lighthouseSiteUrl() : undefined;
  // The benches that open screens in Chromium need the built site.
  if (!only || only === 'tree' || only === 'editor' || lighthouseUrl) ensureBuilt(lighthouseUrl);
  if (lighthouseUrl) await benchLighthouse(lighthouseUrl, loadAtStart);
  if (only === 'lighthouse') return;
  if (!only || only === 'translation') await benchTranslation();
  if (!only || only === 'stats') await benchStats();
  if (!only || only === 'functions') await benchFunctions();
  if (!only || only === 'proxy') await benchProxy();
  if (['translation', 'stats', 'functions', 'proxy'].includes(only ?? '')) return;
  const engine = await startFakeOpenAI();
  open.push({ url: engine.url, close: () => engine.close() });
  // On a server of its own (its museum's guide address set before it starts).
  if (only === 'guide') return benchGuide(engine.url);
  const ours = await startServer({
    OPENAI_BASE_URL: engine.url,
    OPENAI_API_KEY: 'bench',
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  });
  open.push(ours);
  const cookie = await signIn(ours.url);
  console.log(
    `${duration} s per run, 10 connections, bare/ours/bare/ours after 3 s warm-up; ` +
      `${os.availableParallelism()} CPUs. Each server runs in its own process; autocannon in this one.\n`,
  );
  if (!only || only === 'session') await benchSession(ours.url, cookie);
  if (!only || only === 'tree') await benchTree(ours.url, cookie);
  if (!only || only === 'editor') await benchEditor(ours.url, cookie);
  if (!only || only === 'visitor') await benchVisitor(ours.url, cookie);
  if (!only || only === 'picker') await benchPicker(ours.url, cookie);
  if (!only) await benchGuide(engine.url);
  if (!only || only === 'scan') {
    await benchScan(ours.url, cookie);
    await benchScanCount('1000');
    await benchScanCount('0');
    console.log('');
  }
}

try {
  await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeAll();
}
