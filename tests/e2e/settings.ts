/** Fixed settings shared by playwright.config.ts and the tests (no environment reads). */

/** An uncommon port, so a developer's `npm start` (4321) keeps running beside the tests. */
export const E2E_PORT = 4399;

/** The one account: created by the server at its first start on the run's empty DATA_DIR. */
export const ADMIN = {
  email: 'curator@museum.example',
  password: 'correct horse battery',
} as const;

/**
 * The fake translation engine the e2e server talks to (tests/helpers/fake-engine-server.ts):
 * `OPENAI_BASE_URL` is `http://127.0.0.1:{FAKE_ENGINE_PORT}/v1`.
 */
export const FAKE_ENGINE_PORT = 4398;
export const FAKE_ENGINE_URL = `http://127.0.0.1:${FAKE_ENGINE_PORT}`;
