import { loadTestSettings } from '../src/server/config.ts';
import { missingBrowser } from '../tests/helpers/browser-check.ts';

/**
 * `npm test`'s first step: stops at once, with the command to run, when the browser of the
 * end-to-end tests is missing (rather than after the unit tests, with every journey failing).
 */
const problem = missingBrowser(loadTestSettings().e2eChromiumPath);
if (problem) {
  console.error(problem);
  process.exit(1);
}
