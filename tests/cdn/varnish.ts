import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadTestSettings } from '../../src/server/config.ts';
import { freePort } from '../helpers/pg-cluster.ts';
import { ROOT, tempDir } from '../helpers/server.ts';

/**
 * A throwaway Varnish in front of a test's origin, made with the machine's own varnishd (Debian:
 * apt-get install varnish), as pg-cluster.ts makes a PostgreSQL: its own working folder, a free
 * port, the documented VCL (docs/cdn/varnish.vcl) pointed at the origin, a small memory store.
 */

/** The example VCL users copy: the tests run it as it is, but for its backend's address. */
export const LEGENDA_VCL = path.join(ROOT, 'docs/cdn/varnish.vcl');

/** The purge hook's path in that VCL (Legenda's CDN_PURGE_URL names it). */
export const PURGE_PATH = '/.well-known/legenda-purge';

/** varnishd on PATH, else where Debian puts it (/usr/sbin, not on a user's PATH). */
export function findVarnishd(): string | undefined {
  const fromPath = spawnSync('sh', ['-c', 'command -v varnishd'], { encoding: 'utf8' }).stdout;
  if (fromPath.trim()) return fromPath.trim();
  return ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => fs.existsSync(p));
}

/**
 * Why this machine cannot run the Varnish tests, or undefined when it can. Under CI
 * (loadTestSettings().ci) a missing varnishd throws: .ci/run installs it, so its absence there
 * is a broken CI, not a reason to skip.
 */
export function varnishMissing(): string | undefined {
  if (findVarnishd()) return undefined;
  const reason = 'needs Varnish: install it (Debian: apt-get install varnish)';
  if (loadTestSettings().ci) throw new Error(`CI is set, so this does not skip: it ${reason}.`);
  return reason;
}

/** The VCL with its backend pointed at `origin` (host and port of an http:// address). */
export function vclFor(origin: string, vcl = fs.readFileSync(LEGENDA_VCL, 'utf8')): string {
  const { hostname, port } = new URL(origin);
  const backend = /(backend legenda \{[^}]*?\.host = ")[^"]*(";[^}]*?\.port = ")[^"]*(")/;
  if (!backend.test(vcl)) throw new Error('The VCL has no `backend legenda` with .host and .port.');
  return vcl.replace(backend, `$1${hostname}$2${port}$3`);
}

export interface Varnish {
  /** http://127.0.0.1:{port}, without a trailing slash. */
  url: string;
  /** The purge hook's address, as Legenda's CDN_PURGE_URL. */
  purgeUrl: string;
  /** What varnishd printed (its start, a VCL error). */
  output(): string;
  /** Stops varnishd and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts varnishd in the foreground (-F) with `vcl` in front of `origin`; ready when it listens.
 * `port`: one chosen beforehand (freePort), for an origin that must know the purge hook first.
 */
export async function startVarnish(
  origin: string,
  { vcl, port: chosen }: { vcl?: string; port?: number } = {},
): Promise<Varnish> {
  const varnishd = findVarnishd();
  if (!varnishd) throw new Error('varnishd is not installed (Debian: apt-get install varnish).');
  const dir = tempDir('legenda-varnish-');
  const vclPath = path.join(dir, 'legenda.vcl');
  fs.writeFileSync(vclPath, vclFor(origin, vcl));
  const port = chosen ?? (await freePort());
  // -j none: no jail, so varnishd runs as whoever starts it (as root it would switch to its own
  // users, who may not read a folder made under /tmp). -T none: no management port to take.
  const args = [
    '-F',
    '-j',
    'none',
    '-n',
    path.join(dir, 'work'),
    '-a',
    `127.0.0.1:${port}`,
    '-T',
    'none',
    '-f',
    vclPath,
    '-s',
    'malloc,32m',
  ];
  const child = spawn(varnishd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    await kill(child, exited);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${out}`, { cause: error });
  }
  const url = `http://127.0.0.1:${port}`;
  return { url, purgeUrl: `${url}${PURGE_PATH}`, output: () => out, stop };
}

/** SIGTERM (varnishd stops its child and exits), SIGKILL after 10 s. */
async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, 10_000, 'late')));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The port accepts connections once varnishd has compiled the VCL and opened it. */
async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`varnishd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`varnishd did not listen on port ${port} within ${timeoutMs} ms`);
}
