/**
 * The system Chromium's flags for the tests and the bench (the marketing tools keep a copy,
 * tools/marketing/chromium.ts): no sandbox (root in CI), no GPU, and none of the background
 * connections this closed network refuses by the dozen.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
