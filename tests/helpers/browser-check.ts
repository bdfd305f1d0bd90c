import fs from 'node:fs';

/**
 * What `npm test` says before anything else when the end-to-end tests' browser is missing: the
 * one command that installs it. It does not install it itself: a test run should not change the
 * machine, and apt-get needs root; CI's script (.ci/run) installs it before running the tests.
 */
export function missingBrowser(
  path: string,
  exists: (path: string) => boolean = fs.existsSync,
): string | undefined {
  if (exists(path)) return undefined;
  return [
    `The end-to-end tests need Chromium, and there is none at ${path}.`,
    'Install it (Debian, Ubuntu), then run the tests again:',
    '',
    '  sudo apt-get install -y chromium',
    '',
    'Or point CHROMIUM_PATH at a Chromium or Chrome you already have.',
  ].join('\n');
}
