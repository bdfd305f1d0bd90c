import '../../src/app/production-builds.ts';
import { netlifyPrepare } from '../../src/app/netlify/prepare.ts';

/**
 * Every minute, the planned publishes whose time has come, then Translate now's pairs left
 * waiting (src/app/netlify/prepare.ts): a call that
 * reached its budget, a page closed while the work went on. The Node server's worker does the
 * same without stopping. A scheduled function has no path: Netlify calls it, nobody else can.
 */
const prepare = await netlifyPrepare();

export default () => prepare.run();

// Netlify reads this from the source; src/app/netlify-entry.test.ts checks it.
export const config = {
  schedule: '* * * * *',
};
