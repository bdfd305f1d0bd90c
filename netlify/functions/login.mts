import '../../src/app/production-builds.ts';
import { netlifyLoginHandler } from '../../src/app/netlify/login.ts';
import type { NetlifyContext } from '../../src/app/netlify/handler.ts';

/**
 * POST /login, apart from api.mts because GET /login is the static sign-in page: a function's
 * path takes every method it declares, so this one declares POST only and Netlify serves
 * login.html for the rest. The whole app's sign-in route over the auth service alone
 * (src/app/login-app.ts), so it starts fast.
 */
const handler = await netlifyLoginHandler();

export default (request: Request, context: NetlifyContext) => handler.fetch(request, context);

// Netlify reads this from the source; src/app/netlify-entry.test.ts checks it.
export const config = {
  path: ['/login'],
  method: ['POST'],
};
