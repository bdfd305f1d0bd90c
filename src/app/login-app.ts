import { Hono } from 'hono';
import { authRepo } from '../features/auth/repo.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { authService, type AuthService } from '../features/auth/service.ts';
import type { AppEnv } from '../server/context.ts';
import { notFound } from '../server/http/errors.ts';
import { originCheck } from '../server/http/origin.ts';
import { securityHeaders } from '../server/http/security-headers.ts';
import { errorAnswer } from './error-answer.ts';
import type { ServiceDeps } from './visitor-services.ts';

/**
 * The sign-in's app, for its Netlify function (netlify/functions/login.mts: POST /login, since
 * GET /login is the static page): the whole app's auth routes, headers and Origin check over
 * the auth service alone, so that a curator signing in after a quiet spell does not wait for
 * the whole staff app to load first. What it does not take is not found.
 */
export function createLoginApp(
  deps: ServiceDeps,
  auth: AuthService = authService(authRepo(deps.db), {
    now: deps.now,
    passwordParams: deps.passwordParams,
  }),
) {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ hsts: deps.config.secureCookies }));
  app.use(originCheck([deps.config.publicSiteUrl]));
  app.route('/', authRoutes(auth, deps));
  app.all('*', () => {
    throw notFound('No such route.');
  });
  app.onError(errorAnswer(deps));
  return app;
}
