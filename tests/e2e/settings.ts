/** Fixed settings shared by playwright.config.ts and the tests (no environment reads). */

/** An uncommon port, so a developer's `npm start` (4321) keeps running beside the tests. */
export const E2E_PORT = 4399;

/** The one account: created by the server at its first start on the run's empty DATA_DIR. */
export const ADMIN = {
  email: 'curator@museum.example',
  password: 'correct horse battery',
} as const;
