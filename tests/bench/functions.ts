import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  bundledBy,
  bundleFunction,
  netlifyPassOnly,
  VISITOR_BYTES_TARGET,
  type FunctionBundle,
} from '../helpers/netlify-bundle.ts';
import { canMakePgCluster, startPgCluster } from '../helpers/pg-cluster.ts';
import { ROOT } from '../helpers/server.ts';
import { startServer, type Target } from './lib.ts';
import { panelArticle, publish } from './visitor.ts';

/**
 * The Netlify functions visitors meet, as Netlify deploys them (tests/helpers/netlify-bundle.ts):
 * each file's size, its cold import in a fresh process, and its first visitor page with a
 * database (a PostgreSQL of its own, as a function has; skipped without PostgreSQL's binaries).
 * `api` is the whole app, which answered visitors before they had a function of their own;
 * `visitor` is theirs; `unbuilt` is theirs as Netlify would deploy its source without
 * `npm run build:functions`, each package loaded from node_modules (docs/adr/0033); `login` is the
 * staff's sign-in, a function of its own. Times are CPU time (user + system) of the function's process, the median
 * of `runs` processes; the wall time beside it depends on how busy the machine is.
 */

export { VISITOR_BYTES_TARGET } from '../helpers/netlify-bundle.ts';
export const VISITOR_IMPORT_TARGET_MS = 150;

const PAGE = 'bench-function';
const EMAIL = 'bench@legenda.local';
const PASSWORD = 'bench password 123';

interface Timing {
  cpuMs: number;
  wallMs: number;
}

export interface FunctionResult {
  name: string;
  bytes: number;
  largest: { name: string; bytes: number }[];
  imported: Timing;
  /** Undefined without PostgreSQL. */
  firstPage: (Timing & { status: number }) | undefined;
}

interface ColdRun {
  imported: Timing;
  page?: Timing & { status: number; bytes: number };
}

/** The function's environment, and none of this process's compile cache or loader hooks. */
export function functionEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('NODE_') || name.startsWith('VITEST')) delete env[name];
  }
  return {
    ...env,
    NODE_DISABLE_COMPILE_CACHE: '1',
    DATABASE_URL: databaseUrl,
    PUBLIC_SITE_URL: 'https://legenda.example',
    BLOB_STORE: 'memory',
    LOG_LEVEL: 'silent',
  };
}

export function coldRun(bundle: string, env: NodeJS.ProcessEnv, target?: string): Promise<ColdRun> {
  const script = path.join(ROOT, 'tests/bench/cold-function.ts');
  const args = [script, bundle, ...(target ? [target] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${path.basename(bundle)} exited with ${code}: ${err}`));
      else resolve(JSON.parse(out) as ColdRun);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const medianOf = (timings: Timing[]): Timing => ({
  cpuMs: median(timings.map((t) => t.cpuMs)),
  wallMs: median(timings.map((t) => t.wallMs)),
});

/** A PostgreSQL of its own, migrated and holding one published page, by the Node server. */
export async function databaseWithPage(track: (t: Target) => void): Promise<string> {
  const cluster = await startPgCluster();
  track({ url: cluster.url, close: () => cluster.destroy() });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database legenda_bench');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/legenda_bench';
  const server = await startServer({
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    NODE_ENV: 'production',
  });
  try {
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    if (!login.ok || !cookie) throw new Error(`Sign-in failed: ${login.status}`);
    await publish(server.url, cookie, panelArticle(PAGE));
  } finally {
    await server.close();
  }
  return url.toString();
}

export async function functionsBench(options: {
  runs: number;
  track: (t: Target) => void;
}): Promise<FunctionResult[]> {
  const outdir = path.join(ROOT, '.tmp', `bench-functions-${process.pid}`);
  options.track({ url: outdir, close: async () => fs.rmSync(outdir, { recursive: true }) });
  const bundles: [string, FunctionBundle][] = [
    ['api', await bundleFunction('api', outdir)],
    ['visitor', await bundleFunction('visitor', outdir)],
    ['unbuilt', await netlifyPassOnly('visitor', outdir)],
    // The sign-in alone (no visitor page to ask it for).
    ['login', await bundleFunction('login', outdir)],
  ];
  const databaseUrl = canMakePgCluster() ? await databaseWithPage(options.track) : undefined;
  const page = `/_legenda/visitor-page?name=${PAGE}&lang=fr`;

  const results: FunctionResult[] = [];
  for (const [name, bundle] of bundles) {
    const imports: Timing[] = [];
    const pages: (Timing & { status: number })[] = [];
    for (let i = 0; i < options.runs; i++) {
      // Without a database: the import alone (the pool connects at its first query).
      const unreachable = functionEnv('postgres://nobody@127.0.0.1:9/unreachable');
      imports.push((await coldRun(bundle.file, unreachable)).imported);
      if (databaseUrl && name !== 'login')
        pages.push((await coldRun(bundle.file, functionEnv(databaseUrl), page)).page!);
    }
    results.push({
      name,
      bytes: bundle.bytes,
      largest: bundledBy(bundle.metafile).slice(0, 8),
      imported: medianOf(imports),
      firstPage: pages.length ? { ...medianOf(pages), status: pages[0]!.status } : undefined,
    });
  }
  return results;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const ms = (t: Timing) => `${Math.round(t.cpuMs)} ms CPU (${Math.round(t.wallMs)} ms wall)`;

export function printFunctions(results: FunctionResult[], runs: number): void {
  console.log(
    `Netlify functions as Netlify deploys them (npm run build:functions, then Netlify's pass), ` +
      `each started cold in a fresh process, median of ${runs}:`,
  );
  for (const r of results) {
    const page = r.firstPage
      ? `first visitor page with PostgreSQL ${ms(r.firstPage)}, ${r.firstPage.status}`
      : r.name === 'login'
        ? 'serves no visitor page'
        : 'first visitor page not measured (no PostgreSQL binaries)';
    console.log(
      `  ${r.name.padEnd(8)} ${mb(r.bytes).padStart(8)}  import ${ms(r.imported)}; ${page}`,
    );
    console.log(
      `           largest: ${r.largest.map((p) => `${p.name} ${Math.round(p.bytes / 1024)} KB`).join(', ')}`,
    );
  }
  const visitor = results.find((r) => r.name === 'visitor');
  if (visitor) {
    const size = visitor.bytes <= VISITOR_BYTES_TARGET ? 'OK' : 'OVER TARGET';
    const start = visitor.imported.cpuMs <= VISITOR_IMPORT_TARGET_MS ? 'OK' : 'OVER TARGET';
    console.log(
      `visitor: bundle ${mb(visitor.bytes)} (target <= ${mb(VISITOR_BYTES_TARGET)}) ${size}; ` +
        `cold import ${Math.round(visitor.imported.cpuMs)} ms CPU ` +
        `(target <= ${VISITOR_IMPORT_TARGET_MS} ms) ${start}`,
    );
  }
  console.log('');
}
