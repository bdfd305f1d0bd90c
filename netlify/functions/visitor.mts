import '../../src/app/production-builds.ts';
import { netlifyVisitorHandler } from '../../src/app/netlify/visitor.ts';
import type { NetlifyContext } from '../../src/app/netlify/handler.ts';

/**
 * What visitors ask for: the visitor page (netlify.toml rewrites `/article?name=…` to
 * /_legenda/visitor-page, docs/adr/0008), circuits, the guide homes, QR scans, read aloud, the
 * reports and the reading beacons. A function apart from api.mts so that it bundles none of the
 * staff's code and starts fast (src/app/visitor-app.ts); src/app/netlify/visitor-bundle.test.ts
 * holds its bundle to its size.
 */
const handler = await netlifyVisitorHandler();

export default (request: Request, context: NetlifyContext) => handler.fetch(request, context);

// Netlify reads this from the source, so it is written out; src/app/netlify-entry.test.ts
// checks it against API_ROUTES and the static pages.
export const config = {
  path: [
    '/r/*',
    '/circuit',
    '/visit/*',
    '/speech',
    '/listened',
    '/feedback',
    '/reading',
    '/circuit-progress',
    '/seen',
    '/_legenda/visitor-page',
  ],
};
