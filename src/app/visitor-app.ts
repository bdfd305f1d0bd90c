import { Hono, type Context } from 'hono';
import { readSessionCookie } from '../features/auth/cookie.ts';
import { feedbackVisitorRoutes } from '../features/feedback/visitor-routes.ts';
import { scanRoutes } from '../features/qrcodes/scan-routes.ts';
import { readerRoutes } from '../features/reader/http/routes.ts';
import { seenRoutes } from '../features/reader/http/seen-routes.ts';
import { speechRoutes } from '../features/reader/http/speech-routes.ts';
import { ignoresStats } from '../features/reader/ignore-stats.ts';
import { beaconRoutes } from '../features/stats/reading-routes.ts';
import type { AppEnv } from '../server/context.ts';
import { errorAnswer } from './error-answer.ts';
import { notFound } from '../server/http/errors.ts';
import { originCheck } from '../server/http/origin.ts';
import { securityHeaders, securityHeaderValues } from '../server/http/security-headers.ts';
import {
  createVisitorServices,
  type ServiceDeps,
  type VisitorServices,
} from './visitor-services.ts';

/**
 * Paths the visitor routes own: the visitors' Netlify function claims them, with the visitor
 * page's rewrite (netlify/functions/visitor.mts). The visitor page itself is `/article?name=…`,
 * whose path is the editor's static page's too.
 */
export const VISITOR_ROUTES = [
  '/r/*',
  '/circuit',
  '/visit/*',
  '/speech',
  '/listened',
  '/feedback',
  '/reading',
  '/circuit-progress',
  '/seen',
] as const;

/** The services the visitor routes call: all createServices makes, or createVisitorServices'. */
export type VisitorRouted = Pick<
  VisitorServices,
  'reader' | 'guide' | 'seen' | 'scan' | 'speech' | 'feedback' | 'reading' | 'auth'
>;

/** Reading time and circuit completion's beacons, public like /listened. */
const visitorBeacons = (deps: ServiceDeps, services: VisitorRouted) =>
  beaconRoutes(services.reading, {
    publicSiteUrl: deps.config.publicSiteUrl,
    clientAddress: deps.clientAddress,
    headers: securityHeaderValues({ hsts: deps.config.secureCookies }),
    ignoresStats,
  });

/**
 * What visitors read and send, each answer carrying its own headers: in the whole app
 * (app.ts), and alone in the visitors' Netlify function (createVisitorApp).
 */
export function visitorRoutes(app: Hono<AppEnv>, deps: ServiceDeps, services: VisitorRouted) {
  // Staff signed in to the museum are not held by the visitors' limits (asked only then).
  const staffMuseum = async (c: Context) =>
    (await services.auth.resolve(readSessionCookie(c, deps.config.secureCookies)))?.museumId;
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

/**
 * The visitors' app, for the Netlify function of their own (netlify/functions/visitor.mts):
 * the visitor routes as the whole app has them, over createVisitorServices. It imports none of
 * the staff's routes or services (the staff API, XLIFF, imports, images, charts), so a visitor's
 * cold start loads a fraction of the code. What no visitor route takes is not found.
 */
export function createVisitorApp(
  deps: ServiceDeps,
  services: VisitorRouted = createVisitorServices(deps),
) {
  const app = new Hono<AppEnv>();
  visitorRoutes(app, deps, services);
  app.use(securityHeaders({ hsts: deps.config.secureCookies }));
  app.use(originCheck([deps.config.publicSiteUrl]));
  app.all('*', () => {
    throw notFound('No such route.');
  });
  app.onError(errorAnswer(deps));
  return app;
}
