import net from 'node:net';
import os from 'node:os';
import type { LaunchedChrome } from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import { loadTestSettings } from '../../src/server/config.ts';
import { startServer, type Target } from './lib.ts';
import { CHROMIUM_ARGS } from '../helpers/chromium.ts';

/**
 * The marketing pages in Lighthouse (mobile, default simulated throttling, as
 * PageSpeed Insights measures), in the system Chromium, against the real server on a port of
 * its own with a fresh DATA_DIR and PUBLIC_SITE_URL set to that address (canonical and hreflang
 * links then point at the origin Lighthouse loads). Prints the scores against the targets and
 * every audit below 1, with its details; never fails on a score.
 */

/**
 * The pages the Lighthouse budget covers (performance 95, the rest 100): French home, English
 * home, blog, one post, contact.
 */
export const LIGHTHOUSE_PAGES = ['/', '/en', '/blog', '/blog/guarani', '/contact'] as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/**
 * Tried first, so the site (built with PUBLIC_SITE_URL) stays fresh between bench runs; any free
 * port when taken. Not 4321 (npm start), 4398 or 4399 (end-to-end tests).
 */
const PREFERRED_PORT = 4391;
const AVOID = new Set([4321, 4398, 4399]);

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

/** The address the Lighthouse server will listen on (the site is built for it first). */
export async function lighthouseSiteUrl(): Promise<string> {
  let port = await listenOn(PREFERRED_PORT);
  while (port === undefined || AVOID.has(port)) port = await listenOn(0);
  return `http://127.0.0.1:${port}`;
}

export interface PageResult {
  path: string;
  /** The document's HTTP status, asked once before Lighthouse. */
  status: number;
  /** Every successful run's performance score (0–100), in run order. */
  performanceRuns: number[];
  /** The run whose performance is the median (the lower one of two). */
  lhr: Result | undefined;
  /** Why runs gave no result (Lighthouse's runtime error), one line per failed run. */
  errors: string[];
}

const score = (lhr: Result | undefined, category: Category): number | null => {
  const s = lhr?.categories[category]?.score;
  return s === null || s === undefined ? null : Math.round(s * 100);
};

/** The median run by performance score: the lower middle one, so two runs report the worse. */
function medianRun(runs: Result[]): Result | undefined {
  const scored = runs
    .map((lhr) => ({ lhr, perf: score(lhr, 'performance') }))
    .filter((r): r is { lhr: Result; perf: number } => r.perf !== null)
    .sort((a, b) => a.perf - b.perf);
  return scored[Math.floor((scored.length - 1) / 2)]?.lhr;
}

/**
 * Loads a page and the same-origin files it names, compressed as Chromium asks, so that the
 * server's first-request work (reading, brotli at quality 11) is not in Lighthouse's timings.
 */
async function warmUp(url: string): Promise<number> {
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const res = await fetch(url, { headers, redirect: 'manual' });
  const html = await res.text();
  const files = new Set(
    [...html.matchAll(/(?:src|href)="(\/[^/"][^"]*)"/g)].map((m) => m[1] as string),
  );
  await Promise.all(
    [...files].map((file) =>
      fetch(new URL(file, url), { headers }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      ),
    ),
  );
  return res.status;
}

export interface LighthouseOptions {
  /** Where the server listens: from lighthouseSiteUrl(), the site already built for it. */
  siteUrl: string;
  runs: number;
  pages?: readonly string[];
  /** Called with each process started, so an interrupted bench can stop it too. */
  track?: (target: Target) => void;
}

export async function lighthouseBench(options: LighthouseOptions): Promise<PageResult[]> {
  const { siteUrl, runs, pages = LIGHTHOUSE_PAGES, track } = options;
  const port = new URL(siteUrl).port;
  let server: Target | undefined;
  let chrome: LaunchedChrome | undefined;
  let chromeClosed: Promise<void> | undefined;
  const closeChrome = () =>
    (chromeClosed ??= Promise.resolve(chrome?.kill()).then(() => undefined));
  // Loaded here: two seconds the other benches need not wait.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  try {
    server = await startServer({
      PORT: port,
      PUBLIC_SITE_URL: siteUrl,
      NODE_ENV: 'production',
    });
    track?.(server);
    if (server.url !== siteUrl) {
      throw new Error(`The server listens at ${server.url}, not at ${siteUrl}.`);
    }
    chrome = await chromeLauncher.launch({
      chromePath: loadTestSettings().chromiumPath,
      chromeFlags: CHROME_FLAGS,
      // run.ts stops everything on Ctrl-C; chrome-launcher's own handler would exit first.
      handleSIGINT: false,
      logLevel: 'silent',
    });
    track?.({ url: `http://127.0.0.1:${chrome.port}`, close: closeChrome });
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    };
    const results: PageResult[] = [];
    for (const path of pages) {
      const url = `${siteUrl}${path}`;
      const status = await warmUp(url);
      const done: Result[] = [];
      const errors: string[] = [];
      let retries = 1;
      for (let run = 1; done.length < runs; run++) {
        const started = performance.now();
        let lhr: Result | undefined;
        let failure: string | undefined;
        try {
          lhr = (await lighthouse(url, flags))?.lhr;
          if (!lhr) failure = 'no result';
        } catch (e) {
          failure = (e as Error).message;
        }
        if (lhr?.runtimeError) failure = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
        if (lhr && !failure) done.push(lhr);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        console.log(
          `  ${path} run ${run}: ` +
            (failure
              ? `failed (${lhr?.runtimeError?.code ?? 'error'})`
              : `performance ${score(lhr, 'performance') ?? '–'}`) +
            ` in ${seconds} s`,
        );
        if (!failure) continue;
        errors.push(`run ${run}: ${failure}`);
        // A page answering an error status fails every time; a broken trace (NO_NAVSTART) may
        // not: one more try.
        if (status >= 400 || retries-- === 0) break;
      }
      const performanceRuns = done
        .map((lhr) => score(lhr, 'performance'))
        .filter((p): p is number => p !== null);
      results.push({ path, status, performanceRuns, lhr: medianRun(done), errors });
    }
    return results;
  } finally {
    await closeChrome();
    await server?.close();
  }
}

// Printing.

const mark = (value: number | null, category: Category) =>
  value === null
    ? '  –  '
    : `${String(value).padStart(3)} ${value >= TARGETS[category] ? '✓' : '✗'}`;

const numeric = (lhr: Result | undefined, id: string) => lhr?.audits[id]?.numericValue;

const msCell = (value: number | undefined) =>
  value === undefined
    ? '–'
    : value < 1000
      ? `${Math.round(value)} ms`
      : `${(value / 1000).toFixed(1)} s`;

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid)
    ? Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2)
    : (sorted[Math.floor(mid)] as number);
}

/** Above one runnable process per CPU, other work competes with Chromium. */
const busy = (load: number) => load > os.availableParallelism();

export function printLighthouse(results: PageResult[], runs: number, loadAtStart: number): void {
  const first = results.find((r) => r.lhr)?.lhr;
  if (first) {
    console.log(
      `Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
        `mobile, simulated throttling; benchmark index ${Math.round(first.environment.benchmarkIndex)} ` +
        `(load average ${os.loadavg()[0]?.toFixed(2)} on ${os.availableParallelism()} CPUs).`,
    );
  }
  if (busy(loadAtStart)) {
    console.log(
      `The machine was busy before Lighthouse started (load average ${loadAtStart.toFixed(2)} on ` +
        `${os.availableParallelism()} CPUs): performance (TBT above all) reads lower than on a quiet machine.`,
    );
  }
  console.log(
    `Median performance of ${runs} runs per page; the other columns come from the run with the ` +
      `lower-middle performance. Targets: performance >= ${TARGETS.performance}, accessibility, ` +
      `best practices and SEO ${TARGETS.seo}.\n`,
  );
  const head = [
    'page',
    'status',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'KB',
  ];
  const rows = results.map((r) => {
    const perfs = r.performanceRuns;
    const perf = medianOf(perfs);
    const bytes = numeric(r.lhr, 'total-byte-weight');
    const cls = numeric(r.lhr, 'cumulative-layout-shift');
    const scored = r.lhr && !r.lhr.runtimeError;
    return [
      r.path,
      String(r.status),
      scored
        ? `${mark(perf, 'performance')}${perfs.length > 1 ? ` (${perfs.join(', ')})` : ''}`
        : '–',
      scored ? mark(score(r.lhr, 'accessibility'), 'accessibility') : '–',
      scored ? mark(score(r.lhr, 'best-practices'), 'best-practices') : '–',
      scored ? mark(score(r.lhr, 'seo'), 'seo') : '–',
      scored ? msCell(numeric(r.lhr, 'first-contentful-paint')) : '–',
      scored ? msCell(numeric(r.lhr, 'largest-contentful-paint')) : '–',
      scored ? msCell(numeric(r.lhr, 'total-blocking-time')) : '–',
      scored && cls !== undefined ? cls.toFixed(3) : '–',
      scored && bytes !== undefined ? String(Math.round(bytes / 1024)) : '–',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));

  for (const r of results) {
    console.log(`\n${r.path} (HTTP ${r.status})`);
    for (const error of r.errors) console.log(`  Lighthouse ${error}`);
    if (!r.lhr || r.lhr.runtimeError) continue;
    for (const warning of r.lhr.runWarnings) console.log(`  warning: ${clip(warning, 400)}`);
    const failing = failingAudits(r.lhr);
    if (failing.length === 0) console.log('  every audit passes');
    for (const f of failing) {
      console.log(`  [${f.category}] ${f.id}: ${f.title}${f.value ? ` — ${f.value}` : ''}`);
      for (const d of f.details) console.log(`      ${d}`);
    }
  }
  console.log('');
}

interface Failing {
  category: string;
  id: string;
  title: string;
  value: string;
  details: string[];
}

const SKIPPED_MODES = new Set(['informative', 'notApplicable', 'manual']);
const ITEMS_SHOWN = 6;

/** Audits scored below 1 in the four categories (not the hidden performance insights). */
function failingAudits(lhr: Result): Failing[] {
  const out: Failing[] = [];
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      if (ref.group === 'hidden' || seen.has(ref.id)) continue;
      const audit = lhr.audits[ref.id];
      if (!audit || SKIPPED_MODES.has(audit.scoreDisplayMode)) continue;
      const failed =
        audit.scoreDisplayMode === 'error' || (audit.score !== null && audit.score < 1);
      if (!failed) continue;
      seen.add(ref.id);
      const details: string[] = [];
      if (audit.errorMessage) details.push(`error: ${audit.errorMessage}`);
      if (audit.explanation) details.push(clip(audit.explanation, 300));
      // Metrics are in the table; their details are empty.
      if (ref.group !== 'metrics') details.push(...describeItems(audit.details));
      out.push({
        category,
        id: ref.id,
        title: audit.title,
        value: [
          audit.score !== null && audit.scoreDisplayMode !== 'binary'
            ? `score ${audit.score.toFixed(2)}`
            : '',
          audit.displayValue ?? '',
          ref.weight > 0 ? `weight ${ref.weight}` : '',
        ]
          .filter(Boolean)
          .join(', '),
        details,
      });
    }
  }
  return out;
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

type Item = Record<string, unknown>;

/** One line per item of a table, list or opportunity: the element or file, and what it costs. */
function describeItems(details: unknown): string[] {
  if (!details || typeof details !== 'object') return [];
  const d = details as { type?: string; items?: unknown[] };
  if (d.type === 'list') {
    return (d.items ?? []).flatMap((sub) => describeItems(sub));
  }
  if (!Array.isArray(d.items) || d.type === 'debugdata' || d.type === 'screenshot') return [];
  const lines = d.items.slice(0, ITEMS_SHOWN).map((item) => describeItem(item as Item));
  if (d.items.length > ITEMS_SHOWN) lines.push(`… and ${d.items.length - ITEMS_SHOWN} more`);
  return lines.filter(Boolean);
}

function describeItem(item: Item): string {
  const parts: string[] = [];
  const node = item.node as
    { snippet?: string; selector?: string; explanation?: string } | undefined;
  if (node?.snippet) parts.push(clip(node.snippet, 160));
  if (node?.selector) parts.push(`(${node.selector})`);
  for (const key of ['url', 'source', 'description', 'label', 'reason', 'failureReason']) {
    const value = item[key];
    if (typeof value === 'string' && value) parts.push(clip(value, 200));
    else if (value && typeof value === 'object' && 'url' in value) {
      parts.push(String((value as { url: unknown }).url));
    }
  }
  const location = item.sourceLocation as { url?: string; line?: number } | undefined;
  if (location?.url) parts.push(`at ${location.url}:${(location.line ?? 0) + 1}`);
  // Main-thread work by kind.
  if (typeof item.groupLabel === 'string') parts.push(item.groupLabel);
  if (typeof item.duration === 'number') parts.push(`${Math.round(item.duration)} ms`);
  // JavaScript execution time by script.
  if (typeof item.total === 'number') {
    parts.push(
      `${Math.round(item.total)} ms` +
        (typeof item.scripting === 'number' ? ` (${Math.round(item.scripting)} ms scripting)` : ''),
    );
  }
  if (typeof item.wastedMs === 'number') parts.push(`${Math.round(item.wastedMs)} ms`);
  const kb = (bytes: unknown) =>
    typeof bytes === 'number' ? (bytes / 1024).toFixed(1) : undefined;
  const total = kb(item.totalBytes);
  const wasted = kb(item.wastedBytes);
  if (total) parts.push(`${total} KB`);
  if (wasted) parts.push(`(${wasted} KB to save)`);
  if (typeof item.cacheLifetimeMs === 'number') {
    parts.push(`cached ${Math.round(item.cacheLifetimeMs / 1000)} s`);
  }
  if (node?.explanation) parts.push(`— ${clip(node.explanation, 300)}`);
  // Nested rows (the LCP element's phases, a script's sub-items).
  const sub = item.subItems as { items?: Item[] } | undefined;
  if (sub?.items?.length) {
    parts.push(
      `[${sub.items
        .slice(0, 4)
        .map((s) => describeItem(s))
        .join('; ')}]`,
    );
  }
  if (parts.length === 0) {
    // Something else: its short string and number fields.
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === 'number') parts.push(`${key}: ${Math.round(value * 100) / 100}`);
      else if (typeof value === 'string') parts.push(`${key}: ${clip(value, 80)}`);
    }
  }
  return `- ${parts.join(' ')}`;
}
