import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository's root: the product whose server the recording runs. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the product's Node server (src/app/main.ts, with this Node 24) with `env` and waits
 * until it says where it runs.
 */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'src/app/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      if (!/Legenda is running at http:\/\//.test(out)) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({
        output: () => out,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${out}`));
    });
  });
}
