import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadTestSettings } from '../src/server/config.ts';

/**
 * `npm run test:pg`: the data tests against a real PostgreSQL server. With TEST_DATABASE_URL set
 * it uses that server; otherwise it makes a throwaway cluster with the machine's initdb, runs
 * the tests and removes it.
 */
const vitestArgs = ['run', 'src', ...process.argv.slice(2)];

function runVitest(url: string): number {
  const vitest = path.resolve('node_modules/.bin/vitest');
  const result = spawnSync(vitest, vitestArgs, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return result.status ?? 1;
}

function findBin(name: string): string | undefined {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], {
    encoding: 'utf8',
  }).stdout.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`PostgreSQL did not listen on port ${port} within ${timeoutMs} ms`);
}

const given = loadTestSettings().databaseUrl;
if (given) process.exit(runVitest(given));

const initdb = findBin('initdb');
const postgres = findBin('postgres');
if (!initdb || !postgres) {
  console.error(
    'test:pg needs PostgreSQL: set TEST_DATABASE_URL to a server where the user may create ' +
      'databases, or install the server (Debian: apt-get install postgresql).',
  );
  process.exit(1);
}

// PostgreSQL refuses to run as root; run it as the postgres user that the package creates.
const asRoot = process.getuid?.() === 0;
const prefix = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-pg-'));
if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
const dataDir = path.join(dir, 'data');
const port = await freePort();

const run = (args: string[]) => {
  const [cmd, ...rest] = [...prefix, ...args];
  execFileSync(cmd!, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
};
run([initdb, '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);

const [cmd, ...rest] = [
  ...prefix,
  postgres,
  '-D',
  dataDir,
  '-p',
  String(port),
  '-h',
  '127.0.0.1',
  '-k',
  dir,
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
];
const server = spawn(cmd!, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
let serverLog = '';
server.stderr?.on('data', (d) => (serverLog += d));

let status = 1;
try {
  await waitForPort(port, 30_000);
  const version = execFileSync(postgres, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`[test:pg] ${version}, on port ${port}`);
  status = runVitest(`postgres://postgres@127.0.0.1:${port}/postgres`);
} catch (error) {
  console.error(String(error), serverLog);
} finally {
  await stopPostgres();
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Fast shutdown (SIGINT) sent to the postmaster itself: `runuser` does not pass signals on.
 * Its pid is the first line of postmaster.pid.
 */
async function stopPostgres(): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  if (server.exitCode !== null) return;
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 'SIGINT');
  } catch {
    server.kill('SIGINT');
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, 15_000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') server.kill('SIGKILL');
}
process.exit(status);
