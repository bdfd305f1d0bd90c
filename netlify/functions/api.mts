import '../../src/app/production-builds.ts';
import { netlifyHandler } from '../../src/app/netlify/api.ts';
import type { NetlifyContext } from '../../src/app/netlify/handler.ts';

/**
 * The staff's dynamic routes but the sign-in (login.mts): the session, logout, the staff API,
 * uploaded media and the health check. What visitors ask for is visitor.mts's. See
 * src/app/netlify/handler.ts.
 */
const handler = await netlifyHandler();

export default (request: Request, context: NetlifyContext) => handler.fetch(request, context);

// Netlify reads this from the source, so it is written out; src/app/netlify-entry.test.ts
// checks it against API_ROUTES and the static pages.
export const config = {
  path: ['/session', '/logout', '/api/*', '/media/*', '/healthz'],
};
