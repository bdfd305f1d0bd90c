import '../../src/app/production-builds.ts';
import { netlifyPurge } from '../../src/app/netlify/purge.ts';

/**
 * Every hour, deletes ended sessions and stale sign-in counters (src/app/netlify/purge.ts);
 * the Node server does the same at start and hourly. A scheduled function has no path: Netlify
 * calls it, nobody else can.
 */
const purge = netlifyPurge();

export default () => purge.run();

// Netlify reads this from the source; src/app/netlify-entry.test.ts checks it.
export const config = {
  schedule: '@hourly',
};
