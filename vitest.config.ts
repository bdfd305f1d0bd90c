import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The feature tests share one module graph per worker (isolate: false): each imports the whole
 * app, and evaluating it again for every file cost more than the tests of most of them. They keep
 * no state between files that a test reads: each makes its own app on a database made as new
 * (useTestApp; the worker's last file's, emptied: tests/helpers/pglite-test-db.ts).
 * The files that stub globals or the environment, fake timers, mock modules or measure the
 * process (hashing-load's RSS) stay isolated, with the rest of src and the integration tests.
 */
const SHARED = [
  'src/features/**/*.test.ts',
  // Outside the features, the tests of the whole app that change nothing global either.
  'src/app/article-names.test.ts',
  'src/app/login-app.test.ts',
  'src/app/subscribers.test.ts',
  'src/app/unavailable.test.ts',
  'src/app/visitor-app.test.ts',
  'src/server/http/text-input.test.ts',
];
const KEEP_ISOLATED = [
  'src/features/auth/purge.test.ts',
  'src/features/stats/counts.test.ts',
  'src/features/auth/hashing-load.test.ts',
  // Mocks a module (vi.mock): in a shared module graph the mock reaches it only when this file is
  // the first of its worker to load it.
  'src/features/reader/http/node-article.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here.
    maxWorkers: 2,
    // Each isolated file's worker imports drizzle-orm afresh: the hook spares it a second.
    execArgv: ['--import', './tests/helpers/fast-resolve.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'features',
          include: SHARED,
          exclude: [...configDefaults.exclude, ...KEEP_ISOLATED],
          isolate: false,
          // A file's embedded database goes back to its worker for the next file, which finds it
          // as new (tests/helpers/pglite-test-db.ts): a copy loaded for each file cost a second.
          provide: { reuseTestDatabases: true },
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // The files that need a PostgreSQL server are here: one cluster for all of them.
          globalSetup: ['tests/helpers/global-setup.ts', 'tests/helpers/pg-global-setup.ts'],
          // The Netlify functions bundled by netlify-bundle.test.ts are loaded by Node itself, as
          // Netlify loads them: through Vite's transform each multi-megabyte bundle cost seconds.
          server: { deps: { external: [/\/\.tmp\/netlify-bundle-\d+\//] } },
          include: [
            'src/!(features)/**/*.test.ts',
            ...KEEP_ISOLATED,
            'tests/integration/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...SHARED.slice(1)],
        },
      },
    ],
  },
});
