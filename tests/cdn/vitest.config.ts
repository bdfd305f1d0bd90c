import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cdn`: Legenda behind a real Varnish (docs/cdn/varnish.vcl), apart from
 * `npm run test:unit` as the PostgreSQL run is: it needs varnishd (Debian: apt-get install
 * varnish), and skips saying so where it is missing, but under CI, which installs it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/cdn/**/*.test.ts'],
    // A migrated embedded database for the server the test starts (tests/helpers/data-dir.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: each starts its own varnishd, and the Legenda one loads two cores.
    maxWorkers: 1,
    execArgv: ['--import', './tests/helpers/fast-resolve.ts'],
  },
});
