import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { settingsFreeEnv } from './settings-free-env.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  output: () => string;
  child: ChildProcess;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Node's compile cache for the processes the tests start: each one imports the whole app, and
 * the cache spares the later ones part of that (a tenth of a start-up here). A setting of the
 * environment wins.
 */
const compileCache = {
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(ROOT, '.tmp/node-compile-cache'),
};

/** Node's options for those processes: the resolver hook of fast-resolve.ts (a second each). */
const NODE_OPTIONS = ['--import', path.join(ROOT, 'tests/helpers/fast-resolve.ts')];

export function tempDir(prefix = 'legenda-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs a script of the project with Node 24 and collects what it prints. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_OPTIONS, path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...settingsFreeEnv(), ...compileCache, LOG_LEVEL: 'info', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Starts `src/app/main.ts` on a free port and waits until it says where it runs. */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...NODE_OPTIONS, path.join(ROOT, 'src/app/main.ts')], {
    cwd: ROOT,
    env: {
      ...settingsFreeEnv(),
      ...compileCache,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The fake engine answers `[es] ` and the source text: in another language than asked.
      TRANSLATION_LANGUAGE_CHECK: 'off',
      ...env,
    },
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      // Plain text or a JSON line (LOG_FORMAT=json), where the message goes on after `\n`.
      const match = /Legenda is running at (http:\/\/[^\s\\"]+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url: match[1].replace('localhost', '127.0.0.1'),
        output: () => out,
        child,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${out}`));
    });
  });
}
