import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { loadTestSettings } from './src/server/config.ts';
import { e2eServerEnv } from './tests/e2e/server-env.ts';
import { ADMIN, E2E_PORT, FAKE_ENGINE_PORT, FAKE_ENGINE_URL } from './tests/e2e/settings.ts';
import { E2E_CHROMIUM_ARGS } from './tests/helpers/chromium.ts';
import { LEGENDA_SETTINGS } from './tests/helpers/settings-free-env.ts';

/**
 * End-to-end tests: the real build served by the real Node entry on a free port, with a fresh
 * copy of the migrated, empty embedded database (the first start creates the one admin account),
 * driven by the system Chromium (its headless shell when installed). `npm run test:e2e` (or `npx playwright test`) builds and serves by itself. The
 * translation engine is the fake one (tests/helpers/fake-engine-server.ts), started first.
 */

const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// The servers below inherit this process's environment, Playwright's settings laid over it: a
// shell's own Legenda settings (ADMIN_EMAIL, DATABASE_URL of a real install) are dropped, so
// only e2eServerEnv's reach them.
for (const key of LEGENDA_SETTINGS) delete process.env[key];

// Every run gets its own database directory under one parent; the server creates it. The config
// is also loaded by each worker, so nothing is created here; old runs' directories are removed.
const DATA_PARENT = path.join(os.tmpdir(), 'legenda-e2e');
const DATA_DIR = path.join(DATA_PARENT, `${Date.now()}-${randomUUID().slice(0, 8)}`);
pruneOldDataDirs(DATA_PARENT, 10 * 60 * 1000);

const { e2eChromiumPath } = loadTestSettings();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Two on this two-core machine: the browsers take most of the processor time. Sign-ins,
  // 128 MB of scrypt each, are few: each worker keeps one session for the tests that are not
  // about signing in (fixtures.ts).
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // Generous: a loaded two-core machine can take several times the usual; a pass costs nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    locale: 'fr-FR',
    // Still pages by default: the landing page's carousel and flag bursts kept a core half busy
    // for every test that passed through it (measured: 0.4-0.8 of a core while a page sat idle,
    // 0.1 without). The specs about motion ask for it back (landing-widgets, a11y).
    reducedMotion: 'reduce',
    headless: true,
    // Off: recording snapshots of large pages (the 300-element editor) cost minutes on a busy
    // machine. Debug a failure with `npx playwright test --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: e2eChromiumPath,
      args: [...E2E_CHROMIUM_ARGS],
    },
  },
  webServer: [
    {
      command: `node_modules/.bin/node tests/helpers/fake-engine-server.ts ${FAKE_ENGINE_PORT}`,
      url: `${FAKE_ENGINE_URL}/_calls`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // As `npm start` (tests/helpers/e2e-server.ts starts it on a copy of the migrated database):
      // builds into a folder of its own (.builds/, ADR 0010), so a developer's running `npm start`
      // or another run in this checkout keeps its pages.
      command: `node_modules/.bin/node tests/helpers/e2e-server.ts ${DATA_DIR}`,
      url: `${BASE_URL}/session`,
      timeout: 180_000,
      reuseExistingServer: false,
      // SIGTERM lets the server finish and close its database cleanly.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: e2eServerEnv({
        port: E2E_PORT,
        publicSiteUrl: BASE_URL,
        dataDir: DATA_DIR,
        admin: ADMIN,
      }),
    },
  ],
});

/** True when the directory's lock file names a living process (src/server/db/lock.ts). */
function serverRunsIn(dir: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(path.join(dir, 'legenda.lock'), 'utf8'), 10);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes run directories older than `ageMs` whose server has stopped. */
function pruneOldDataDirs(parent: string, ageMs: number): void {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(parent, name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs < ageMs || serverRunsIn(dir)) continue;
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run is pruning too, or the entry vanished: nothing to do.
    }
  }
}
