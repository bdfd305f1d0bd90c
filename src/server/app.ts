import { Hono, type Context } from 'hono';
import { authRepo } from '../features/auth/repo.ts';
import { authRoutes, sessionRoute } from '../features/auth/routes.ts';
import { authService } from '../features/auth/service.ts';
import { treeRepo } from '../features/tree/repo.ts';
import { treeRoutes } from '../features/tree/routes.ts';
import { treeService } from '../features/tree/service.ts';
import { readSessionCookie } from '../features/auth/cookie.ts';
import { editorRepo } from '../features/articles/repo.ts';
import { editorRoutes } from '../features/editor/routes.ts';
import { editorService } from '../features/editor/service.ts';
import { readerRoutes } from '../features/reader/routes.ts';
import { reviewRoutes } from '../features/review/routes.ts';
import { reviewService } from '../features/review/service.ts';
import { prepareService } from '../features/review/prepare.ts';
import { queueRepo } from '../features/review/queue-repo.ts';
import { statusRepo } from '../features/review/status-repo.ts';
import { statusService, type StatusService } from '../features/review/status.ts';
import { glossaryRepo } from '../features/glossary/repo.ts';
import { glossaryRoutes } from '../features/glossary/routes.ts';
import { glossaryService } from '../features/glossary/service.ts';
import { xliffRoutes } from '../features/review/xliff-routes.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import { circuitsRepo } from '../features/circuits/repo.ts';
import { circuitsRoutes } from '../features/circuits/routes.ts';
import { circuitsService } from '../features/circuits/service.ts';
import { visitorCounter } from './visitor-counter.ts';
import { settingsRepo } from '../features/settings/repo.ts';
import { settingsRoutes } from '../features/settings/routes.ts';
import { settingsService } from '../features/settings/service.ts';
import { statsRepo } from '../features/stats/repo.ts';
import { statsRoutes } from '../features/stats/routes.ts';
import { statsService } from '../features/stats/service.ts';
import { pageCache } from '../features/reader/page-cache.ts';
import { healthRoutes } from '../features/health/routes.ts';
import { qrcodesRepo } from '../features/qrcodes/repo.ts';
import { qrcodeRoutes } from '../features/qrcodes/routes.ts';
import { scanner, scanRoutes } from '../features/qrcodes/scan-routes.ts';
import { qrcodesService } from '../features/qrcodes/service.ts';
import { mediaRoutes } from '../features/uploads/media-routes.ts';
import { uploadRoutes } from '../features/uploads/routes.ts';
import { uploadsService } from '../features/uploads/service.ts';
import { createEngine } from '../features/translation/engine.ts';
import { speechRoutes } from '../features/reader/speech-routes.ts';
import { translationMemory } from '../features/translation/memory.ts';
import { failuresRepo } from '../features/translation/failures.ts';
import { createTranslator } from '../features/translation/translator.ts';
import { usageRepo } from '../features/usage/repo.ts';
import { usageService } from '../features/usage/service.ts';
import { usageCharts } from '../features/usage/chart.ts';
import { usageRoutes } from '../features/usage/routes.ts';
import type { AppDeps, AppEnv, Services } from './context.ts';
import { visitorServices } from './visitor-services.ts';
import { ApiError, notFound, sendError, unauthorized } from './http/errors.ts';
import { originCheck } from './http/origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { isUnavailable } from './db/errors.ts';

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
  '/healthz',
] as const;

export function createServices(deps: AppDeps): Services {
  const now = deps.now ?? (() => new Date());
  // Every engine call's cost, per museum and day; the monthly budgets read from it.
  const usage = usageService(usageRepo(deps.db), { now, log: deps.log });
  // One memory and one translator per process: single flight and the LRU live in them.
  const memory = translationMemory(deps.blobs);
  /** The overview's counts (made below): a stored translation has them counted again. */
  const counting: { status?: StatusService } = {};
  const translator = createTranslator({
    onStored: ({ articleId, targetLang }) => {
      if (typeof articleId === 'number') void counting.status?.later(articleId, targetLang);
    },
    engine: createEngine({ ...deps.config.openai, log: deps.log }),
    onUsage: (museumId, cost) => usage.tokens(museumId, cost),
    memory,
    concurrency: deps.config.translationConcurrency,
    log: deps.log,
  });
  // The app's clock: a test that moves it past a second sees pages rendered afresh.
  const pages = deps.now ? pageCache({ now: () => deps.now!().getTime() }) : pageCache();
  const counter = visitorCounter(deps);
  const qrcodes = qrcodesService(qrcodesRepo(deps.db), {
    publicSiteUrl: deps.config.publicSiteUrl,
    counter,
    now,
  });
  // An article saved or deleted, or the museum's settings changed: cached pages and where
  // codes lead are forgotten.
  const circuitsKept: { forget?: () => void } = {};
  const articlesChanged = () => {
    pages.clear();
    qrcodes.forgetTargets();
    // A circuit's stops are articles: their titles and existence.
    circuitsKept.forget?.();
  };
  // The museum's glossary, cached per process; a change drops the cached pages (ADR 0015).
  // The museum's glossary or language changed: its texts' keys and counts with them.
  const museumChanged = (museumId: number) => {
    articlesChanged();
    void counting.status?.laterMuseum(museumId);
  };
  // Failed translations' back-off, shared by every process through the database.
  const failures = failuresRepo(deps.db);
  const glossary = glossaryService(glossaryRepo(deps.db), {
    // Any of the museum's texts may be translated differently now: they start afresh.
    changed: async (museumId) => {
      museumChanged(museumId);
      await failures.clearMuseum(museumId);
    },
  });
  const glossaryFor = (museumId: number, lang: string) => glossary.forTranslation(museumId, lang);
  const sourceLanguage = async (museumId: number) =>
    (await settingsRepo(deps.db).read(museumId))?.sourceLanguage ?? 'fr';
  const review = reviewService({
    articles: editorRepo(deps.db),
    sourceLanguage,
    translator,
    checked: checkedRepo(deps.db),
    status: statusRepo(deps.db),
    glossary: glossaryFor,
    changed: articlesChanged,
    failures,
    budget: usage.budget,
  });
  const overview = statusService({ repo: statusRepo(deps.db), review, log: deps.log });
  counting.status = overview;
  const prepare = prepareService({
    review,
    status: statusRepo(deps.db),
    queue: queueRepo(deps.db),
    failures,
    clock: now,
    budgetMs: deps.config.prepareBudgetMs,
    configured: translator.configured,
    sourceLanguage,
    priorityLanguages: async (museumId) =>
      (await settingsRepo(deps.db).read(museumId))?.priorityLanguages ?? [],
    visitorLanguages: async (museumId) =>
      (await settingsRepo(deps.db).read(museumId))?.visitorLanguages ?? null,
    log: deps.log,
    budget: usage.budget,
  });
  const visitor = visitorServices(deps, {
    translator,
    pages,
    counter,
    now,
    glossary: glossaryFor,
    // A test's stand-in, else the museum's monthly budget (usage/service.ts).
    budget: deps.budget ?? usage.budget,
    backoff: failures,
    onSpoken: (museumId, chars) => usage.speech(museumId, chars),
  });
  circuitsKept.forget = () => visitor.circuitPages.forget();
  return {
    speech: visitor.speech,
    pages,
    counter,
    qrcodes,
    circuits: circuitsService(circuitsRepo(deps.db), { changed: articlesChanged }),
    glossary,
    scan: scanner(qrcodes, { hsts: deps.config.secureCookies }),
    stats: statsService(statsRepo(deps.db), now),
    usage,
    usageCharts: usageCharts(usageRepo(deps.db), now),
    settings: settingsService(settingsRepo(deps.db), museumChanged, {
      speechEngine: deps.config.speech !== undefined,
    }),
    auth: authService(authRepo(deps.db), { now: deps.now, passwordParams: deps.passwordParams }),
    tree: treeService(treeRepo(deps.db), articlesChanged),
    editor: editorService(
      editorRepo(deps.db),
      deps.blobs,
      memory,
      articlesChanged,
      checkedRepo(deps.db),
      // Saved or reset: its counts made again; saved: its priority languages prepared.
      (museumId, articleId, how) => {
        void overview.later(articleId);
        if (how === 'saved') void prepare.afterSave(museumId, articleId);
      },
      failures,
    ),
    translator,
    uploads: uploadsService(deps.blobs),
    review,
    status: overview,
    prepare,
    reader: visitor.reader,
  };
}

/** The one Hono app: the same on Node and on Netlify Functions. */
export function createApp(deps: AppDeps, services: Services = createServices(deps)) {
  const app = new Hono<AppEnv>();
  // Staff signed in to the museum are not held by the visitors' limits (asked only then).
  const staffMuseum = async (c: Context) =>
    (await services.auth.resolve(readSessionCookie(c, deps.config.secureCookies)))?.museumId;

  app.route('/', sessionRoute(services.auth, deps));
  // Public and busy: what visitors read, ahead of the shared middleware (it sets its headers).
  app.route(
    '/',
    readerRoutes(services.reader, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
      staffMuseum,
    }),
  );
  app.route('/', scanRoutes(services.scan, deps.clientAddress));
  app.route(
    '/',
    speechRoutes(services.speech, {
      hsts: deps.config.secureCookies,
      clientAddress: deps.clientAddress,
      publicSiteUrl: deps.config.publicSiteUrl,
      staffMuseum,
    }),
  );
  app.use(securityHeaders({ hsts: deps.config.secureCookies }));
  app.use(originCheck([deps.config.publicSiteUrl]));

  app.route('/', healthRoutes(deps));
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
  app.route('/api', qrcodeRoutes(services.qrcodes));
  // Before the charts' /stats/:chart: engine-usage is its own.
  app.route('/api', usageRoutes(services.usage, services.usageCharts));
  app.route('/api', statsRoutes(services.stats));
  app.route('/api', settingsRoutes(services.settings));
  app.route('/api', reviewRoutes(services));
  app.route('/api', glossaryRoutes(services.glossary));
  app.route('/api', circuitsRoutes(services.circuits));
  app.route('/api', xliffRoutes(services.review, deps));
  app.route(
    '/api',
    uploadRoutes(services.uploads, services.editor, {
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
