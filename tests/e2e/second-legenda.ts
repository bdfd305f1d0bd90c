import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { freePort } from '../helpers/pg-cluster.ts';
import { settingsFreeEnv } from '../helpers/settings-free-env.ts';
import { e2eServerEnv } from './server-env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The first server's account is not this one's: each Legenda has its own. */
export const OTHER_ADMIN = {
  email: 'restorer@other-museum.example',
  password: 'another horse staple',
} as const;

export interface SecondLegenda {
  /** Its address, what a browser context on it takes as baseURL. */
  baseURL: string;
  /** What it printed so far (a site build says so). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Another Legenda, started as playwright.config.ts starts the first (tests/helpers/e2e-server.ts
 * on a fresh copy of the migrated database, in a data directory of its own, on a free port,
 * with the same environment), and answering once its sign-in state does.
 *
 * PUBLIC_SITE_URL is the first server's: it is part of what the site was built for, so the
 * same value lets this server serve the build the first one made instead of building for
 * minutes. Its own pages' writes still pass the cross-site check, which always accepts the
 * server's own origin; only the printed QR addresses name the first server.
 */
export async function startSecondLegenda(firstServerUrl: string): Promise<SecondLegenda> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), 'legenda-e2e', `restore-${Date.now()}-${randomUUID()}`);
  const env = e2eServerEnv({
    port,
    publicSiteUrl: firstServerUrl,
    dataDir,
    admin: OTHER_ADMIN,
  });
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/node'),
    [path.join(ROOT, 'tests/helpers/e2e-server.ts'), dataDir],
    { cwd: ROOT, env: { ...settingsFreeEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await expect
      .poll(
        async () => {
          if (!running) throw new Error(`the second Legenda stopped:\n${output}`);
          try {
            return (await fetch(`${baseURL}/session`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 120_000, intervals: [250, 500, 1000] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, output: () => output, stop };
}
