import type { JobRunner } from '../server/jobs/runner.ts';
import type { FeedbackService } from '../features/feedback/service.ts';
import { treeRepo } from '../features/tree/repo.ts';
import { treeService } from '../features/tree/service.ts';
import type { PublishingService } from '../features/editor/publishing.ts';
import type { StatusService } from '../features/review/status.ts';
import { circuitsRepo } from '../features/circuits/repo.ts';
import { circuitsService } from '../features/circuits/service.ts';
import { settingsRepo } from '../features/settings/repo.ts';
import { settingsService } from '../features/settings/service.ts';
import { statsRepo } from '../features/stats/repo.ts';
import { statsService } from '../features/stats/service.ts';
import { uploadsService } from '../features/uploads/service.ts';
import { transferRepo } from '../features/transfer/repo.ts';
import { transferService, type TransferService } from '../features/transfer/service.ts';
import { mediaLimits } from '../features/transfer/archive.ts';
import { importsService, type ImportsService } from '../features/imports/service.ts';
import { usageRepo } from '../features/usage/repo.ts';
import { usageCharts } from '../features/usage/chart.ts';
import type { EventBus } from '../server/events.ts';
import type { AppEvents } from './subscribers.ts';
import { createVisitorServices, type ServiceDeps } from './visitor-services.ts';
import { editorServices } from './editor-services.ts';
import type { AuthService } from '../features/auth/service.ts';
import type { TreeService } from '../features/tree/service.ts';
import type { EditorService } from '../features/editor/service.ts';
import type { UploadsService } from '../features/uploads/service.ts';
import type { Translator } from '../features/translation/translator-types.ts';
import type { VisitorPages } from '../features/reader/visit/pages.ts';
import type { GuidePages } from '../features/reader/guide/guide-pages.ts';
import type { SeenService } from '../features/reader/visit/seen.ts';
import type { CdnPurger } from '../server/http/cdn-purge.ts';
import type { ReviewService } from '../features/review/service.ts';
import type { PrepareService } from '../features/review/prepare.ts';
import type { GlossaryService } from '../features/glossary/service.ts';
import type { PageCache } from '../features/reader/visit/page-cache.ts';
import type { Counter } from '../features/stats/counts.ts';
import type { CircuitsService } from '../features/circuits/service.ts';
import type { QrcodesService } from '../features/qrcodes/service.ts';
import type { Scanner } from '../features/qrcodes/scan-routes.ts';
import type { StatsService } from '../features/stats/service.ts';
import type { ReadingService } from '../features/stats/reading-service.ts';
import type { SettingsService } from '../features/settings/service.ts';
import type { SpeechService } from '../features/reader/speech/speech-service.ts';
import type { UsageService } from '../features/usage/service.ts';
import type { UsageCharts } from '../features/usage/chart.ts';

/** The largest image a restore takes: stored images are far smaller, an original kept may not be. */
const RESTORED_IMAGE_BYTES = 64 * 1024 * 1024;

/** Every service of the app, made once per process by createServices. */
export interface Services {
  /** What changed, told in this process (subscribers.ts lists who listens, in order). */
  events: EventBus<AppEvents>;
  /** The process's background work, each feature's kinds registered on it (ADR 0042). */
  jobs: JobRunner;
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
  // What visitors use, and what it needs: the translator, the glossary, the review counts.
  const shared = createVisitorServices(deps);
  const { now, events, memory, failures } = shared;
  const tree = treeService(treeRepo(deps.db), { events });
  const uploads = uploadsService(deps.blobs);
  const { editor, publishing } = editorServices(deps, { memory, failures, events, now });
  return {
    ...shared,
    circuits: circuitsService(circuitsRepo(deps.db), { events }),
    stats: statsService(statsRepo(deps.db), now),
    usageCharts: usageCharts(usageRepo(deps.db), now),
    settings: settingsService(settingsRepo(deps.db), {
      events,
      speechEngine: deps.config.speech !== undefined,
    }),
    tree,
    imports: importsService({ tree, uploads, blobs: deps.blobs }),
    editor,
    publishing,
    uploads,
    transfer: transferOf(deps, { now, events }),
  };
}
