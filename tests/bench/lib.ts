import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer as startTestServer, tempDir, type RunningServer } from '../helpers/server.ts';

/** Helpers for `npm run bench`: start servers, load them with autocannon, compare. */

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Target {
  /** Base URL, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Our server, which can also stop and leave its data behind for a look inside. */
export interface OurServer extends Target {
  dataDir: string;
  /** Stops it (SIGTERM: buffered counts are written) and keeps DATA_DIR; close() removes it. */
  stop(): Promise<void>;
}

/**
 * The real server (`src/app/main.ts`, started as the tests start it) with its own temporary
 * DATA_DIR. `close()` stops it with SIGTERM, removes the directory, and throws when the server
 * did not stop cleanly.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** A DATA_DIR made beforehand (removed by close() all the same); default: a new one. */
  made?: string,
): Promise<OurServer> {
  const dataDir = made ?? tempDir('legenda-bench-');
  let server: RunningServer;
  try {
    server = await startTestServer({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= server.stop('SIGTERM').then((code) => {
      if (code !== 0) throw new Error(`The server stopped with ${code}.\n${server.output()}`);
    }));
  return {
    url: server.url,
    dataDir,
    stop,
    async close() {
      try {
        await stop();
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A bare `node:http` server answering every request with `body` and `headers`, in a process of
 * its own as ours is, so both meet the load generator on equal terms.
 */
export async function bareServer(
  body: Uint8Array,
  headers: Record<string, string>,
  status = 200,
): Promise<Target> {
  const child = spawn(process.execPath, [path.join(root, 'tests/bench/bare-server.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify({ body: Buffer.from(body).toString('base64'), headers, status }));
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadOptions {
  /** Seconds. */
  duration: number;
  connections?: number;
  headers?: Record<string, string>;
  /** Every response must carry exactly this body. */
  expectBody?: string;
  /** Every response must have this status (default: any 2xx). */
  expectStatus?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  /**
   * Every request from a phone of its own (a user agent of its own), so that the server counts
   * each one: one phone's repeats within half an hour count once (stats/repeats.ts).
   */
  phones?: boolean;
}

export interface Measurement {
  reqPerSec: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
}

/** One autocannon run; throws when any response was not 2xx, failed or had another body. */
export async function measure(url: string, options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    ...(options.amount === undefined ? { duration: options.duration } : { amount: options.amount }),
    pipelining: 1,
    headers: {
      ...options.headers,
      ...(options.phones ? { 'user-agent': 'bench phone [<id>]' } : {}),
    },
    ...(options.phones ? { idReplacement: true } : {}),
    ...(options.expectBody === undefined ? {} : { expectBody: options.expectBody }),
  });
  const wanted = options.expectStatus;
  const unexpected =
    wanted === undefined
      ? result.non2xx
      : Object.entries(result.statusCodeStats)
          .filter(([code]) => Number(code) !== wanted)
          .reduce((n, [, stat]) => n + stat.count, 0);
  if (unexpected > 0 || result.errors > 0 || result.mismatches > 0) {
    throw new Error(
      `${url}: ${unexpected} responses with an unexpected status, ${result.errors} errors ` +
        `(${result.timeouts} timeouts), ${result.mismatches} unexpected bodies`,
    );
  }
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export interface Contender {
  url: string;
  options: LoadOptions;
}

export interface Comparison {
  ours: Measurement;
  bare: Measurement;
  /** ours / bare requests per second. */
  ratio: number;
  rounds: { ours: Measurement; bare: Measurement }[];
}

const mean = (ms: Measurement[]): Measurement => {
  const avg = (pick: (m: Measurement) => number) => ms.reduce((s, m) => s + pick(m), 0) / ms.length;
  return { reqPerSec: avg((m) => m.reqPerSec), p50: avg((m) => m.p50), p99: avg((m) => m.p99) };
};

/**
 * Warms both up for `warmup` seconds, then measures bare, ours, bare, ours... (`rounds` pairs).
 * Three seconds: V8 takes some 20,000 requests to optimise a busy path (a kept guide home took
 * 170 µs of CPU a request over its first 30,000 requests, 119 µs after), and a server that runs
 * for days answers at the optimised cost, which is what the ratio is about.
 * and averages each side, so that drift of the machine weighs on both alike.
 */
export async function compare(
  ours: Contender,
  bare: Contender,
  { warmup = 3, rounds = 2 } = {},
): Promise<Comparison> {
  for (const c of [bare, ours]) await measure(c.url, { ...c.options, duration: warmup });
  const done: Comparison['rounds'] = [];
  for (let i = 0; i < rounds; i++) {
    const b = await measure(bare.url, bare.options);
    const o = await measure(ours.url, ours.options);
    done.push({ ours: o, bare: b });
  }
  const result = { ours: mean(done.map((r) => r.ours)), bare: mean(done.map((r) => r.bare)) };
  return { ...result, ratio: result.ours.reqPerSec / result.bare.reqPerSec, rounds: done };
}

/** A GET whose body stays as sent (fetch would decompress it): for copying exact bytes. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') flat[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}
