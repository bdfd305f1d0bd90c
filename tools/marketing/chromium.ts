/**
 * The system Chromium's flags for the picture and video tools: no sandbox (root in CI), no GPU,
 * and none of the background connections this closed network refuses by the dozen. The same
 * flags as the tests' (tests/helpers/chromium.ts); this package imports nothing from tests/.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
