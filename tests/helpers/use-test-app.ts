import { afterAll, beforeAll, beforeEach } from 'vitest';
import { testApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { keptTwoMuseums } from './kept-museums.ts';

export type TestApp = ReturnType<typeof testApp>;
export type TestAppOptions = NonNullable<Parameters<typeof testApp>[1]>;

export interface UseTestAppOptions extends TestAppOptions {
  /** Museum A's and museum B's curators, signed in (default); false: no account at all. */
  museums?: boolean;
}

/** What each test of the file starts from. */
export interface TestAppState {
  /** The file's database: a PGlite copy, or a PostgreSQL database under `npm run test:pg`. */
  database: TestDatabase;
  t: TestApp;
  /** Museum A's curator's Cookie header ('' with `museums: false`). */
  cookie: string;
  /** Museum B's curator's Cookie header ('' with `museums: false`). */
  other: string;
}

/**
 * The data tests' setup, for a test file (or a describe block): one migrated database made
 * before its tests and closed after them, emptied before each test, a fresh app on it and, unless
 * `museums: false`, two museums with their curators signed in (tests/helpers/staff.ts
 * `twoMuseums`, made through the app once and written again: kept-museums.ts). `options` may be
 * a function, called before each test (a new clock, a logger).
 * `each` receives the state before each test, after the museums are made:
 *
 *     let t: TestApp;
 *     let cookie: string;
 *     useTestApp({ env: { COUNTS_FLUSH_MS: '0' } }, (s) => ({ t, cookie } = s));
 *
 * The returned object reads the current state too (`app.t`, `app.database`).
 */
export function useTestApp(
  options: UseTestAppOptions | (() => UseTestAppOptions) = {},
  each?: (state: TestAppState) => unknown,
): Readonly<TestAppState> {
  let state: TestAppState | undefined;
  let database: TestDatabase | undefined;
  const keptMuseums = keptTwoMuseums();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    if (!database) throw new Error('useTestApp: the database was not made (see beforeAll)');
    await database.reset();
    const { museums = true, ...appOptions } = typeof options === 'function' ? options() : options;
    const t = testApp(database.db, appOptions);
    const key = JSON.stringify([t.clock.now(), appOptions.env, appOptions.passwordParams]);
    const signedIn = museums ? await keptMuseums(t, database.db, key) : { cookie: '', other: '' };
    state = { database, t, ...signedIn };
    await each?.(state);
  });

  const current = (): TestAppState => {
    if (!state) throw new Error('useTestApp: read inside a test or a hook, not at import');
    return state;
  };
  return {
    get database() {
      return database ?? current().database;
    },
    get t() {
      return current().t;
    },
    get cookie() {
      return current().cookie;
    },
    get other() {
      return current().other;
    },
  };
}
