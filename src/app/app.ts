import { Hono } from 'hono';
import { authRoutes, sessionRoute } from '../features/auth/routes.ts';
import { readSessionCookie } from '../features/auth/cookie.ts';
import { treeRoutes } from '../features/tree/routes.ts';
import { editorRoutes } from '../features/editor/routes.ts';
import { publishingRoutes } from '../features/editor/publishing-routes.ts';
import { reviewRoutes } from '../features/review/routes.ts';
import { glossaryRoutes } from '../features/glossary/routes.ts';
import { xliffRoutes } from '../features/review/xliff-routes.ts';
import { circuitsRoutes } from '../features/circuits/routes.ts';
import { settingsRoutes } from '../features/settings/routes.ts';
import { statsRoutes } from '../features/stats/routes.ts';
import { readingStatsRoutes } from '../features/stats/reading-routes.ts';
import { healthRoutes } from '../features/health/routes.ts';
import { qrcodeRoutes } from '../features/qrcodes/routes.ts';
import { mediaRoutes } from '../features/uploads/media-routes.ts';
import { uploadRoutes } from '../features/uploads/routes.ts';
import { transferRoutes } from '../features/transfer/routes.ts';
import { importRoutes } from '../features/imports/routes.ts';
import { usageRoutes } from '../features/usage/routes.ts';
import { feedbackRoutes } from '../features/feedback/routes.ts';
import type { AppEnv } from '../server/context.ts';
import { notFound, unauthorized } from '../server/http/errors.ts';
import { originCheck } from '../server/http/origin.ts';
import { securityHeaders } from '../server/http/security-headers.ts';
import { localBackendRoutes } from '../site/cms/local-backend.ts';
import { createServices, type Services } from './services.ts';
import type { ServiceDeps } from './visitor-services.ts';
import { errorAnswer } from './error-answer.ts';
import { VISITOR_ROUTES, visitorRoutes } from './visitor-app.ts';

/** Paths the API owns; everything else is the static site (Node entry, netlify.toml). */
export const API_ROUTES = [
  '/session',
  '/login',
  '/logout',
  '/api/*',
  '/media/*',
  ...VISITOR_ROUTES,
  '/healthz',
] as const;

/** The one Hono app: the same on Node and on Netlify Functions. */
export function createApp(deps: ServiceDeps, services: Services = createServices(deps)) {
  const app = new Hono<AppEnv>();
  app.route('/', sessionRoute(services.auth, deps));
  // Public and busy: what visitors read, ahead of the shared middleware (it sets its headers).
  visitorRoutes(app, deps, services);
  app.use(securityHeaders({ hsts: deps.config.secureCookies }));
  app.use(originCheck([deps.config.publicSiteUrl]));

  app.route('/', healthRoutes(deps));
  // On a developer's computer: is the blog CMS's local backend running (public/admin/boot.js).
  app.route('/', localBackendRoutes(deps));
  app.route('/', authRoutes(services.auth, deps));
  // Public: the uploaded media visitors see.
  app.route('/', mediaRoutes(services.uploads));

  // Staff API: every call needs a session; the museum comes from it, never from the client.
  // The routes below are typed StaffEnv (context.ts): `user` is set by the time they run.
  app.use('/api/*', async (c, next) => {
    const user = await services.auth.resolve(readSessionCookie(c, deps.config.secureCookies));
    if (!user) throw unauthorized();
    c.set('user', user);
    c.header('Cache-Control', 'no-store');
    return next();
  });
  app.route('/api', treeRoutes(services.tree));
  app.route('/api', editorRoutes(services.editor));
  app.route('/api', publishingRoutes(services.publishing));
  app.route('/api', qrcodeRoutes(services.qrcodes));
  // Before the charts' /stats/:chart: engine-usage is its own.
  app.route('/api', usageRoutes(services.usage, services.usageCharts));
  // Before the charts' /stats/:chart.
  app.route('/api', readingStatsRoutes(services.reading));
  app.route('/api', statsRoutes(services.stats));
  app.route('/api', settingsRoutes(services.settings));
  app.route('/api', reviewRoutes(services));
  app.route('/api', feedbackRoutes(services.feedback));
  app.route('/api', glossaryRoutes(services.glossary));
  app.route('/api', circuitsRoutes(services.circuits));
  app.route('/api', xliffRoutes(services.review, deps));
  // Before the uploads' /upload/:kind: /upload/museum is a restore.
  app.route('/api', transferRoutes(services.transfer));
  // Before the uploads' /upload/:kind, which would take 'documents' for a kind.
  app.route('/api', importRoutes(services.imports));
  app.route(
    '/api',
    uploadRoutes(services.uploads, services.editor, {
      maxImageBytes: deps.config.maxImageBytes,
      maxVideoBytes: deps.config.maxVideoBytes,
      maxAudioBytes: deps.config.maxAudioBytes,
    }),
  );
  app.all('/api/*', () => {
    throw notFound('No such API route.');
  });

  app.onError(errorAnswer(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
