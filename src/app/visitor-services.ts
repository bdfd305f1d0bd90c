import { authRepo } from '../features/auth/repo.ts';
import { authService } from '../features/auth/service.ts';
import type { ScryptParams } from '../features/auth/passwords.ts';
import { reportsRepo } from '../features/feedback/repo.ts';
import { feedbackService } from '../features/feedback/service.ts';
import { glossaryRepo } from '../features/glossary/repo.ts';
import { glossaryService } from '../features/glossary/service.ts';
import { qrcodesRepo } from '../features/qrcodes/repo.ts';
import { scanner } from '../features/qrcodes/scan-routes.ts';
import { qrcodesService } from '../features/qrcodes/service.ts';
import { pageCache } from '../features/reader/visit/page-cache.ts';
import type { BeaconLimits } from '../features/stats/reading.ts';
import { createReadingService } from '../features/stats/reading-service.ts';
import { failuresRepo } from '../features/translation/failures.ts';
import { translationMemory } from '../features/translation/memory.ts';
import { usageRepo } from '../features/usage/repo.ts';
import { usageService } from '../features/usage/service.ts';
import { holdsRepo } from '../features/usage/holds-repo.ts';
import { createEventBus } from '../server/events.ts';
import { subscribe, type AppEvents } from './subscribers.ts';
import { reviewServices, translatorOf } from './translation-services.ts';
import { visitorCounter } from './visitor-counter.ts';
import { cdnPurger, type PurgeSend } from '../server/http/cdn-purge.ts';
import { jobRunner } from '../server/jobs/runner.ts';
import { purgeSender } from './cdn-purge.ts';
import { editorRepo } from '../features/articles/repo.ts';
import { circuitsRepo } from '../features/circuits/repo.ts';
import { circuitService } from '../features/reader/circuit/circuit.ts';
import { guideService } from '../features/reader/guide/guide.ts';
import { guidePages } from '../features/reader/guide/guide-pages.ts';
import { guideRepo } from '../features/reader/guide/guide-repo.ts';
import { engineGate, type EngineBudget } from '../features/reader/visit/engine-gate.ts';
import { visitorPages } from '../features/reader/visit/pages.ts';
import type { PageCache } from '../features/reader/visit/page-cache.ts';
import { readerService } from '../features/reader/visit/service.ts';
import { seenRepo, seenService } from '../features/reader/visit/seen.ts';
import { speechService } from '../features/reader/speech/speech-service.ts';
import type { Counter } from '../features/stats/counts.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import type { GlossaryTerm } from '../features/translation/glossary-match.ts';
import { createSpeechEngine } from '../features/translation/speech-engine.ts';
import type { Translator } from '../features/translation/translator-types.ts';
import type { EngineGuard } from '../features/translation/engine-guard.ts';
import type { BackoffStore } from '../features/translation/failures.ts';
import type { AppDeps } from '../server/context.ts';

/** What createServices needs beyond the kernel's: the costs tests turn down or stand in for. */
export interface ServiceDeps extends AppDeps {
  /** scrypt cost for new password hashes; production uses the strong one, tests a cheaper one. */
  passwordParams?: ScryptParams;
  /**
   * The museums' monthly engine budgets as the visitor routes ask them (reader/visit/engine-gate.ts);
   * without one, the museums' own budgets (usage/service.ts). Tests hand a stand-in.
   */
  budget?: EngineBudget;
  /** The visitor beacons' bounds (stats/reading.ts); tests turn them down. */
  beaconLimits?: BeaconLimits;
  /** How shared caches are purged; the configured one (cdn-purge.ts) when not given. */
  purge?: PurgeSend | undefined;
}

/**
 * What visitors read (createVisitorServices' part for pages and sounds): the visitor, circuit and guide pages, their
 * count requests and the server's voice, behind one gate on the engine work they may start (engine-gate.ts: the
 * limits a minute, the museum's monthly budget when `budget` is given).
 */
export function visitorServices(
  deps: AppDeps,
  made: {
    translator: Translator;
    pages: PageCache;
    counter: Counter;
    now: () => Date;
    glossary: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
    /** The museum's monthly engine budget; without it nothing is ever paused. */
    budget?: EngineBudget | undefined;
    /** Failed translations' back-off (translation/failures.ts); in memory when not given. */
    backoff?: BackoffStore | undefined;
    /** Asked before each new sound, settled after (the monthly budget's speech count). */
    guard?: EngineGuard | undefined;
  },
) {
  const { translator, pages, counter, now } = made;
  const gate = engineGate({
    limits: deps.config.visitorLimits,
    now: () => now().getTime(),
    budget: made.budget,
  });
  // Circuits as visitors read them; a circuit saved or deleted forgets what this process kept.
  const circuitPages = circuitService({
    circuits: circuitsRepo(deps.db),
    translator,
    glossary: made.glossary,
    gate,
    now,
  });
  // The museums' guide homes (/visit/{slug}), translated within the same gate.
  const guides = guideService({
    guides: guideRepo(deps.db),
    translator,
    glossary: made.glossary,
    gate,
    now,
  });
  const visits = readerService({
    repo: editorRepo(deps.db),
    translator,
    checked: checkedRepo(deps.db),
    glossary: made.glossary,
    now,
    circuits: circuitPages,
    speechEngine: deps.config.speech !== undefined,
    gate,
    backoff: made.backoff,
  });
  return {
    circuitPages,
    guides,
    guide: guidePages({ guides, pages }),
    // The pages' count requests (/seen): every showing counted, whoever sent the page.
    seen: seenService({ repo: seenRepo(deps.db), counter, now }),
    // Read aloud (ADR 0019): the server's voice, when a speech engine is configured.
    speech: speechService({
      readable: (name, lang) => visits.readable(name, lang),
      blobs: deps.blobs,
      engine: createSpeechEngine(deps.config.speech),
      counts: counter,
      now,
      log: deps.log,
      gate,
      guard: made.guard,
    }),
    reader: visitorPages({ visits, pages, circuits: circuitPages }),
  };
}

/**
 * The services every process makes, and all that the visitors' Netlify function makes: the
 * translator with its memory and the engine budgets, the glossary, the review counts a stored
 * translation brings up to date, and what the visitor routes call (pages, scans, read aloud,
 * reports, reading beacons, and the sessions that let staff past the visitors' limits).
 * createServices adds the staff's services; nothing here imports them, so the visitors'
 * function bundles none of their code.
 */
export function createVisitorServices(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  // What changed, told in this process; who listens, and in what order: subscribers.ts.
  const events = createEventBus<AppEvents>({ log: deps.log });
  // The process's background work (ADR 0042): each feature registers its kinds of job on it.
  const jobs = jobRunner({ db: deps.db, log: deps.log, now });
  // Every engine call's cost, per museum and day; the monthly budgets read from it.
  const usage = usageService(usageRepo(deps.db), {
    now,
    log: deps.log,
    // Every engine call held in the budget first, shared by every process (ADR 0034).
    holds: holdsRepo(deps.db),
  });
  // One memory and one translator per process: single flight and the LRU live in them.
  const memory = translationMemory(deps.blobs);
  const translator = translatorOf(deps, { memory, usage, events });
  // The app's clock: a test that moves it past a second sees pages rendered afresh.
  const pages = deps.now ? pageCache({ now: () => deps.now!().getTime() }) : pageCache();
  const counter = visitorCounter(deps);
  const qrcodes = qrcodesService(qrcodesRepo(deps.db), {
    publicSiteUrl: deps.config.publicSiteUrl,
    addressUnset: !deps.config.publicSiteUrlSet,
    counter,
    now,
  });
  // Failed translations' back-off, shared by every process through the database.
  const failures = failuresRepo(deps.db);
  // The museum's glossary, cached per process (ADR 0015).
  const glossary = glossaryService(glossaryRepo(deps.db), { events, failures });
  const glossaryFor = (museumId: number, lang: string) => glossary.forTranslation(museumId, lang);
  const { review, prepare, status } = reviewServices(deps, {
    translator,
    glossary: glossaryFor,
    failures,
    usage,
    events,
    now,
    jobs,
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
    guard: usage.guard,
  });
  const { circuitPages, guides: guidePages, seen } = visitor;
  // The visitor pages a CDN keeps, purged after each change, the translations this function
  // stores included (docs/adr/0031-visitor-pages-behind-a-cdn.md).
  const cdn = cdnPurger({ send: deps.purge ?? purgeSender(deps.config), log: deps.log, jobs });
  subscribe(events, { pages, qrcodes, circuitPages, guidePages, seen, status, prepare, cdn });
  return {
    now,
    events,
    jobs,
    usage,
    memory,
    translator,
    pages,
    counter,
    qrcodes,
    failures,
    glossary,
    review,
    prepare,
    status,
    reader: visitor.reader,
    guide: visitor.guide,
    seen: visitor.seen,
    cdn,
    speech: visitor.speech,
    scan: scanner(qrcodes, { hsts: deps.config.secureCookies }),
    reading: createReadingService(deps.db, now, deps.beaconLimits),
    feedback: feedbackService({ repo: reportsRepo(deps.db), articles: editorRepo(deps.db), now }),
    auth: authService(authRepo(deps.db), { now: deps.now, passwordParams: deps.passwordParams }),
  };
}

export type VisitorServices = ReturnType<typeof createVisitorServices>;
