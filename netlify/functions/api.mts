import '../../src/app/production-builds.ts';
import { netlifyHandler, type NetlifyContext } from '../../src/app/netlify/handler.ts';

/**
 * Every dynamic route but the sign-in (login.mts): the session, logout, the staff API, uploaded
 * media, QR scans, the health check and the visitor page, which netlify.toml rewrites from
 * `/article?name=…` to /_legenda/visitor-page (docs/adr/0008). See src/app/netlify/handler.ts.
 */
const handler = await netlifyHandler();

export default (request: Request, context: NetlifyContext) => handler.fetch(request, context);

// Netlify reads this from the source, so it is written out; src/app/netlify-entry.test.ts
// checks it against API_ROUTES and the static pages.
export const config = {
  path: [
    '/session',
    '/logout',
    '/api/*',
    '/media/*',
    '/r/*',
    '/circuit',
    '/speech',
    '/listened',
    '/feedback',
    '/reading',
    '/circuit-progress',
    '/seen',
    '/healthz',
    '/_legenda/visitor-page',
  ],
};
