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

/**
 * The features Playwright 1.64 turns off itself. Chromium keeps only the last
 * `--disable-features` it is given, so a list of ours must repeat Playwright's
 * (tests/integration/chromium-flags.test.ts compares it with the installed Playwright).
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The full browser's address-bar popups, made as web pages: every window (one a test) preloads
 * two of them, each a renderer running its own script, unseen in a headless run. Turning them
 * off took a third off the whole browser's processor time (docs/adr/0029); the headless shell
 * has no address bar and ignores the names.
 */
const ADDRESS_BAR_POPUPS = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'OmniboxEverywhere',
  'WebUILocationBar',
];

/** The end-to-end journeys' browser flags (playwright.config.ts). */
export const E2E_CHROMIUM_ARGS: readonly string[] = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
];
