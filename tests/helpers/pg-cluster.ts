import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server made with the machine's own binaries (Debian's `postgresql`):
 * `npm run test:pg` runs the data tests on one, and the tests that must stop and restart the
 * server (faults, several processes) make their own. As root, PostgreSQL runs as the `postgres`
 * user the package creates.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:{port}/postgres, trust authentication. */
  url: string;
  port: number;
  version: string;
  /** Fast shutdown; the data stays, `start()` brings the same server back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export function findPgBin(name: string): string | undefined {
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

/** Whether this machine can make a throwaway server (initdb and postgres are installed). */
export const canMakePgCluster = (): boolean =>
  Boolean(findPgBin('initdb') && findPgBin('postgres'));

export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_CHOICES);
    if (await canListen(port)) return port;
  }
}

/**
 * Ports below Linux's ephemeral range (32768 and up), where the system never hands one out to a
 * process that asks for any port (PORT=0, an outgoing connection): a port found free here is not
 * taken by another test's process between this check and the server binding it.
 */
const FIRST_PORT = 20_000;
const PORT_CHOICES = 12_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ready means a query answers: the port opens while the server is still starting up, and a
 * query then fails with 57P03 ("the database system is starting up").
 */
async function waitForQueries(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 2_000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      last = error;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `PostgreSQL did not answer on port ${port} within ${timeoutMs} ms: ${(last as Error)?.message}`,
  );
}

export async function startPgCluster(): Promise<PgCluster> {
  const initdb = findPgBin('initdb');
  const postgres = findPgBin('postgres');
  if (!initdb || !postgres) {
    throw new Error(
      'A throwaway PostgreSQL needs its server binaries: install them (Debian: apt-get install ' +
        'postgresql) or set TEST_DATABASE_URL for the data tests.',
    );
  }
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
  const version = execFileSync(postgres, ['--version'], { encoding: 'utf8' }).trim();

  let server: ChildProcess | undefined;
  // The server's log goes to a file, never a pipe: a pipe is only emptied while the process that
  // made the cluster runs its event loop, and `npm run test:pg` waits for Vitest with spawnSync.
  // Once 64 KB of log lines (a checkpoint for every database made or dropped) filled it, the
  // checkpointer blocked on writing and every CREATE or DROP DATABASE waited for it for ever.
  const logPath = path.join(dir, 'server.log');
  const start = async () => {
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
    const log = fs.openSync(logPath, 'a');
    try {
      server = spawn(cmd!, rest, { stdio: ['ignore', 'ignore', log] });
    } finally {
      fs.closeSync(log);
    }
    try {
      await waitForQueries(port, 30_000);
    } catch (error) {
      const serverLog = fs.readFileSync(logPath, 'utf8');
      throw new Error(`${(error as Error).message}\n${serverLog}`, { cause: error });
    }
  };

  /**
   * Fast shutdown (SIGINT) sent to the postmaster itself: `runuser` does not pass signals on.
   * Its pid is the first line of postmaster.pid.
   */
  const stop = async () => {
    const current = server;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    try {
      const pid = Number(
        fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      process.kill(pid, 'SIGINT');
    } catch {
      current.kill('SIGINT');
    }
    // Cleared once the server is gone: a pending timer would keep the process (Vitest's main
    // one, for the run's shared cluster) alive for its 15 s.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, 15_000, 'timeout')));
    const outcome = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') current.kill('SIGKILL');
    server = undefined;
  };

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version,
    stop,
    start,
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
