import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../helpers/chromium.ts';

/**
 * Chromium keeps only the last `--disable-features` on its command line: the end-to-end flags
 * repeat the list Playwright passes, and this fails when an upgraded Playwright changes it.
 */
describe('the end-to-end browser flags', () => {
  it('repeat every feature the installed Playwright turns off', () => {
    const require = createRequire(import.meta.url);
    const lib = path.dirname(require.resolve('playwright-core/package.json'));
    const bundle = fs.readFileSync(path.join(lib, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
    expect(list, 'Playwright’s list of turned-off features').toBeDefined();
    const playwrights = [...list!.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((match) => match[1]);
    expect(playwrights.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(playwrights.sort());
  });

  it('pass one list of features to turn off, Playwright’s and the address bar’s popups', () => {
    const lists = E2E_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const features = lists[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES]));
    expect(features).toContain('WebUIOmniboxPopup');
  });
});
