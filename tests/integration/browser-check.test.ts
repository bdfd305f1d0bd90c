import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingBrowser } from '../helpers/browser-check.ts';

/**
 * `npm test` on a machine without Chromium: the check that runs first stops the run at once with
 * the one command to run, instead of every end-to-end test failing in turn.
 */
describe('the browser check before the tests', () => {
  it('says which command installs Chromium when its path is missing', () => {
    const message = missingBrowser('/usr/bin/chromium', () => false);
    expect(message).toContain('/usr/bin/chromium');
    expect(message).toContain('apt-get install -y chromium');
    expect(message).toContain('CHROMIUM_PATH');
  });

  it('says nothing when the browser is there', () => {
    expect(missingBrowser('/usr/bin/chromium', () => true)).toBeUndefined();
  });
});

describe('npm test without Chromium', () => {
  it('stops at its first step with the command to run', () => {
    const run = spawnSync(process.execPath, ['scripts/check-browser.ts'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('there is none at /nonexistent/chromium');
    expect(run.stderr).toContain('sudo apt-get install -y chromium');
  });
});

describe('the test scripts', () => {
  it('check for the browser before running anything', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.test).toMatch(/^node scripts\/check-browser\.ts && /);
    expect(scripts['test:e2e']).toMatch(/^node scripts\/check-browser\.ts && /);
  });
});
