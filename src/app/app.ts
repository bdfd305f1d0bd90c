import { Hono, type Context } from 'hono';
import { authRoutes, sessionRoute } from '../features/auth/routes.ts';
import { treeRoutes } from '../features/tree/routes.ts';
import { readSessionCookie } from '../features/auth/cookie.ts';
import { editorRoutes } from '../features/editor/routes.ts';
import { publishingRoutes } from '../features/editor/publishing-routes.ts';
import { readerRoutes } from '../features/reader/http/routes.ts';
import { seenRoutes } from '../features/reader/http/seen-routes.ts';
import { reviewRoutes } from '../features/review/routes.ts';
import { glossaryRoutes } from '../features/glossary/routes.ts';
import { xliffRoutes } from '../features/review/xliff-routes.ts';
import { circuitsRoutes } from '../features/circuits/routes.ts';
import { settingsRoutes } from '../features/settings/routes.ts';
import { statsRoutes } from '../features/stats/routes.ts';
import { beaconRoutes, readingStatsRoutes } from '../features/stats/reading-routes.ts';
import { ignoresStats } from '../features/reader/ignore-stats.ts';
import { securityHeaderValues } from '../server/http/security-headers.ts';
import { healthRoutes } from '../features/health/routes.ts';
import { qrcodeRoutes } from '../features/qrcodes/routes.ts';
import { scanRoutes } from '../features/qrcodes/scan-routes.ts';
import { mediaRoutes } from '../features/uploads/media-routes.ts';
import { uploadRoutes } from '../features/uploads/routes.ts';
import { transferRoutes } from '../features/transfer/routes.ts';
import { importRoutes } from '../features/imports/routes.ts';
import { speechRoutes } from '../features/reader/http/speech-routes.ts';
import { usageRoutes } from '../features/usage/routes.ts';
import { feedbackRoutes } from '../features/feedback/routes.ts';
import { feedbackVisitorRoutes } from '../features/feedback/visitor-routes.ts';
import type { AppEnv } from '../server/context.ts';
import { ApiError, notFound, sendError, unauthorized } from '../server/http/errors.ts';
import { originCheck } from '../server/http/origin.ts';
import { securityHeaders } from '../server/http/security-headers.ts';
import { isUnavailable } from '../server/db/errors.ts';
import { localBackendRoutes } from '../site/cms/local-backend.ts';
import { createServices, type ServiceDeps, type Services } from './services.ts';

export { createServices, type ServiceDeps, type Services };

/** Paths the API owns; everything else is the static site (Node entry, netlify.toml). */
export const API_ROUTES = [
  '/session',
  '/login',
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
] as const;

/** Reading time and circuit completion's beacons, public like /listened. */
const visitorBeacons = (deps: ServiceDeps, services: Services) =>
  beaconRoutes(services.reading, {
    publicSiteUrl: deps.config.publicSiteUrl,
    clientAddress: deps.clientAddress,
    headers: securityHeaderValues({ hsts: deps.config.secureCookies }),
    ignoresStats,
  });

/** What visitors read and send, each answer carrying its own headers. */
function visitorRoutes(
  app: Hono<AppEnv>,
  deps: ServiceDeps,
  services: Services,
  staffMuseum: (c: Context) => Promise<number | undefined>,
) {
  app.route(
    '/',
    readerRoutes(services.reader, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
      staffMuseum,
      guide: services.guide,
    }),
  );
  app.route('/', scanRoutes(services.scan, deps.clientAddress));
  // The visitor pages' count requests (docs/adr/0031-visitor-pages-behind-a-cdn.md).
  app.route(
    '/',
    seenRoutes(services.seen, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
    }),
  );
  app.route(
    '/',
    speechRoutes(services.speech, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
      publicSiteUrl: deps.config.publicSiteUrl,
      staffMuseum,
    }),
  );
  app.route(
    '/',
    feedbackVisitorRoutes(services.feedback, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
      publicSiteUrl: deps.config.publicSiteUrl,
    }),
  );
  app.route('/', visitorBeacons(deps, services));
}

/** The one Hono app: the same on Node and on Netlify Functions. */
export function createApp(deps: ServiceDeps, services: Services = createServices(deps)) {
  const app = new Hono<AppEnv>();
  // Staff signed in to the museum are not held by the visitors' limits (asked only then).
  const staffMuseum = async (c: Context) =>
    (await services.auth.resolve(readSessionCookie(c, deps.config.secureCookies)))?.museumId;

  app.route('/', sessionRoute(services.auth, deps));
  // Public and busy: what visitors read, ahead of the shared middleware (it sets its headers).
  visitorRoutes(app, deps, services, staffMuseum);
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

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error);
    if (isUnavailable(error)) {
      deps.log.warn(`${c.req.method} ${new URL(c.req.url).pathname}: database unavailable`);
      return sendError(
        c,
        new ApiError(503, 'unavailable', 'Legenda cannot reach its database. Try again shortly.', {
          headers: { 'Retry-After': '5' },
        }),
      );
    }
    deps.log.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return sendError(c, new ApiError(500, 'internal_error', 'Something went wrong on our side.'));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
