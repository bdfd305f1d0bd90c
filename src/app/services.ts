import { feedbackService, type FeedbackService } from '../features/feedback/service.ts';
import { reportsRepo } from '../features/feedback/repo.ts';
import { authRepo } from '../features/auth/repo.ts';
import { authService } from '../features/auth/service.ts';
import { treeRepo } from '../features/tree/repo.ts';
import { treeService } from '../features/tree/service.ts';
import { editorRepo } from '../features/articles/repo.ts';
import type { PublishingService } from '../features/editor/publishing.ts';
import { reviewService } from '../features/review/service.ts';
import { prepareService } from '../features/review/prepare.ts';
import { queueRepo } from '../features/review/queue-repo.ts';
import { statusRepo } from '../features/review/status-repo.ts';
import { statusService, type StatusService } from '../features/review/status.ts';
import type { GlossaryTerm } from '../features/translation/glossary-match.ts';
import { glossaryRepo } from '../features/glossary/repo.ts';
import { glossaryService } from '../features/glossary/service.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import { circuitsRepo } from '../features/circuits/repo.ts';
import { circuitsService } from '../features/circuits/service.ts';
import { visitorCounter } from './visitor-counter.ts';
import { settingsRepo } from '../features/settings/repo.ts';
import { settingsService } from '../features/settings/service.ts';
import { statsRepo } from '../features/stats/repo.ts';
import { statsService } from '../features/stats/service.ts';
import { pageCache } from '../features/reader/visit/page-cache.ts';
import { qrcodesRepo } from '../features/qrcodes/repo.ts';
import { scanner } from '../features/qrcodes/scan-routes.ts';
import { qrcodesService } from '../features/qrcodes/service.ts';
import { uploadsService } from '../features/uploads/service.ts';
import { transferRepo } from '../features/transfer/repo.ts';
import { transferService, type TransferService } from '../features/transfer/service.ts';
import { mediaLimits } from '../features/transfer/archive.ts';
import { importsService, type ImportsService } from '../features/imports/service.ts';
import { createEngine } from '../features/translation/engine.ts';
import { translationMemory, type TranslationMemory } from '../features/translation/memory.ts';
import { failuresRepo, type FailuresRepo } from '../features/translation/failures.ts';
import { createTranslator } from '../features/translation/translator.ts';
import { usageRepo } from '../features/usage/repo.ts';
import { usageService } from '../features/usage/service.ts';
import { usageCharts } from '../features/usage/chart.ts';
import type { AppDeps } from '../server/context.ts';
import { createEventBus, type EventBus } from '../server/events.ts';
import { subscribe, type AppEvents } from './subscribers.ts';
import { cdnPurger, type CdnPurger, type PurgeSend } from '../server/http/cdn-purge.ts';
import { purgeSender } from './cdn-purge.ts';
import { visitorServices } from './visitor-services.ts';
import { editorServices } from './editor-services.ts';
import type { ScryptParams } from '../features/auth/passwords.ts';
import type { AuthService } from '../features/auth/service.ts';
import type { TreeService } from '../features/tree/service.ts';
import type { EditorService } from '../features/editor/service.ts';
import type { UploadsService } from '../features/uploads/service.ts';
import type { Translator } from '../features/translation/translator.ts';
import type { VisitorPages } from '../features/reader/visit/pages.ts';
import type { GuidePages } from '../features/reader/guide/guide-pages.ts';
import type { SeenService } from '../features/reader/visit/seen.ts';
import type { ReviewService } from '../features/review/service.ts';
import type { PrepareService } from '../features/review/prepare.ts';
import type { GlossaryService } from '../features/glossary/service.ts';
import type { PageCache } from '../features/reader/visit/page-cache.ts';
import type { Counter } from '../features/stats/counts.ts';
import type { CircuitsService } from '../features/circuits/service.ts';
import type { QrcodesService } from '../features/qrcodes/service.ts';
import type { Scanner } from '../features/qrcodes/scan-routes.ts';
import type { StatsService } from '../features/stats/service.ts';
import type { BeaconLimits } from '../features/stats/reading.ts';
import { createReadingService, type ReadingService } from '../features/stats/reading-service.ts';
import type { SettingsService } from '../features/settings/service.ts';
import type { SpeechService } from '../features/reader/speech/speech-service.ts';
import type { EngineBudget } from '../features/reader/visit/engine-gate.ts';
import type { UsageService } from '../features/usage/service.ts';
import type { UsageCharts } from '../features/usage/chart.ts';

/** The largest image a restore takes: stored images are far smaller, an original kept may not be. */
const RESTORED_IMAGE_BYTES = 64 * 1024 * 1024;

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

/** Every service of the app, made once per process by createServices. */
export interface Services {
  /** What changed, told in this process (subscribers.ts lists who listens, in order). */
  events: EventBus<AppEvents>;
  auth: AuthService;
  tree: TreeService;
  editor: EditorService;
  /** Drafts, publishing (now or at a time), unpublishing and the revisions kept. */
  publishing: PublishingService;
  uploads: UploadsService;
  /** Word and Markdown documents brought in as articles. */
  imports: ImportsService;
  translator: Translator;
  reader: VisitorPages;
  /** The museums' guide homes (/visit/{slug}). */
  guide: GuidePages;
  /** The visitor pages' count requests (/seen, reader/visit/seen.ts). */
  seen: SeenService;
  /** Shared caches' purges after each change, in the background. */
  cdn: CdnPurger;
  review: ReviewService;
  /** The overview's counts, kept current in the background. */
  status: StatusService;
  /** Translate now, and the priority languages after each save. */
  prepare: PrepareService;
  glossary: GlossaryService;
  /** The museum's circuits: the staff's calls. */
  circuits: CircuitsService;
  qrcodes: QrcodesService;
  /** The answer to a scan of /r/{code}, for the app's route and the Node entry's fast path. */
  scan: Scanner;
  stats: StatsService;
  /** Reading time and circuit completion: the visitor page's beacons and their statistics. */
  reading: ReadingService;
  settings: SettingsService;
  /** Rendered visitor pages (a one-second cache) and buffered visitor counts. */
  pages: PageCache;
  counter: Counter;
  /** Read aloud's server voice (ADR 0019): /speech and /listened. */
  speech: SpeechService;
  /** Engine usage per museum and day, and the monthly budgets (`usage.budget` for visitors). */
  usage: UsageService;
  usageCharts: UsageCharts;
  /** The whole museum out (a zip) and into another Legenda. */
  transfer: TransferService;
  /** Visitors' reports on a page (POST /feedback) and what staff do with them. */
  feedback: FeedbackService;
}

/** The one translator of the process: each stored translation is told as an event. */
function translatorOf(
  deps: ServiceDeps,
  made: { memory: TranslationMemory; usage: UsageService; events: EventBus<AppEvents> },
): Translator {
  return createTranslator({
    // The job's request: its article and language, and its museum when it had one.
    onStored: (stored) => void made.events.emit('translationStored', stored),
    engine: createEngine({ ...deps.config.openai, log: deps.log }),
    onUsage: (museumId, cost) => made.usage.tokens(museumId, cost),
    memory: made.memory,
    concurrency: deps.config.translationConcurrency,
    log: deps.log,
  });
}

/** The review feature's services: the texts' states, the overview's counts, Translate now. */
function reviewServices(
  deps: ServiceDeps,
  made: {
    translator: Translator;
    glossary: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
    failures: FailuresRepo;
    usage: UsageService;
    events: EventBus<AppEvents>;
    now: () => Date;
  },
) {
  const settings = settingsRepo(deps.db);
  const sourceLanguage = async (museumId: number) =>
    (await settings.read(museumId))?.sourceLanguage ?? 'fr';
  const review = reviewService({
    articles: editorRepo(deps.db),
    sourceLanguage,
    translator: made.translator,
    checked: checkedRepo(deps.db),
    status: statusRepo(deps.db),
    glossary: made.glossary,
    events: made.events,
    failures: made.failures,
    budget: made.usage.budget,
  });
  const status = statusService({ repo: statusRepo(deps.db), review, log: deps.log });
  const prepare = prepareService({
    review,
    status: statusRepo(deps.db),
    queue: queueRepo(deps.db),
    failures: made.failures,
    clock: made.now,
    budgetMs: deps.config.prepareBudgetMs,
    configured: made.translator.configured,
    sourceLanguage,
    priorityLanguages: async (museumId) => (await settings.read(museumId))?.priorityLanguages ?? [],
    visitorLanguages: async (museumId) => (await settings.read(museumId))?.visitorLanguages ?? null,
    log: deps.log,
    budget: made.usage.budget,
  });
  return { review, prepare, status };
}

/** The whole museum out and in (features/transfer). */
function transferOf(deps: ServiceDeps, made: { now: () => Date; events: EventBus<AppEvents> }) {
  return transferService({
    repo: transferRepo(deps.db),
    blobs: deps.blobs,
    limits: mediaLimits({
      image: RESTORED_IMAGE_BYTES,
      video: deps.config.maxVideoBytes,
      audio: deps.config.maxAudioBytes,
    }),
    ...made,
  });
}

export function createServices(deps: ServiceDeps): Services {
  const now = deps.now ?? (() => new Date());
  // What changed, told in this process; who listens, and in what order: subscribers.ts.
  const events = createEventBus<AppEvents>({ log: deps.log });
  // Every engine call's cost, per museum and day; the monthly budgets read from it.
  const usage = usageService(usageRepo(deps.db), { now, log: deps.log });
  // One memory and one translator per process: single flight and the LRU live in them.
  const memory = translationMemory(deps.blobs);
  const translator = translatorOf(deps, { memory, usage, events });
  // The app's clock: a test that moves it past a second sees pages rendered afresh.
  const pages = deps.now ? pageCache({ now: () => deps.now!().getTime() }) : pageCache();
  const counter = visitorCounter(deps);
  const qrcodes = qrcodesService(qrcodesRepo(deps.db), {
    publicSiteUrl: deps.config.publicSiteUrl,
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
  const { circuitPages, guides: guidePages } = visitor;
  // The visitor pages a CDN keeps, purged after each change (docs/adr/0031-visitor-pages-behind-a-cdn.md).
  const cdn = cdnPurger({ send: deps.purge ?? purgeSender(deps.config), log: deps.log });
  subscribe(events, { pages, qrcodes, circuitPages, guidePages, status, prepare, cdn });
  const tree = treeService(treeRepo(deps.db), { events });
  const uploads = uploadsService(deps.blobs);
  const { editor, publishing } = editorServices(deps, { memory, failures, events, now });
  return {
    events,
    speech: visitor.speech,
    pages,
    counter,
    qrcodes,
    circuits: circuitsService(circuitsRepo(deps.db), { events }),
    glossary,
    scan: scanner(qrcodes, { hsts: deps.config.secureCookies }),
    stats: statsService(statsRepo(deps.db), now),
    reading: createReadingService(deps.db, now, deps.beaconLimits),
    usage,
    usageCharts: usageCharts(usageRepo(deps.db), now),
    settings: settingsService(settingsRepo(deps.db), {
      events,
      speechEngine: deps.config.speech !== undefined,
    }),
    auth: authService(authRepo(deps.db), { now: deps.now, passwordParams: deps.passwordParams }),
    tree,
    imports: importsService({ tree, uploads, blobs: deps.blobs }),
    editor,
    publishing,
    translator,
    uploads,
    transfer: transferOf(deps, { now, events }),
    review,
    status,
    prepare,
    reader: visitor.reader,
    feedback: feedbackService({ repo: reportsRepo(deps.db), articles: editorRepo(deps.db), now }),
    guide: visitor.guide,
    seen: visitor.seen,
    cdn,
  };
}
