/**
 * The system Chromium's flags for every tool that drives it (tests, bench, the image and video
 * scripts): no sandbox (root in CI), no GPU, and none of the background connections this
 * closed network refuses by the dozen.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
