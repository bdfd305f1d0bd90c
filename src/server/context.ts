import type { Context } from 'hono';
import type { ScryptParams } from '../features/auth/passwords.ts';
import type { AuthService, SignedIn } from '../features/auth/service.ts';
import type { TreeService } from '../features/tree/service.ts';
import type { EditorService } from '../features/editor/service.ts';
import type { UploadsService } from '../features/uploads/service.ts';
import type { Translator } from '../features/translation/translator.ts';
import type { VisitorPages } from '../features/reader/pages.ts';
import type { ReviewService } from '../features/review/service.ts';
import type { PrepareService } from '../features/review/prepare.ts';
import type { StatusService } from '../features/review/status.ts';
import type { GlossaryService } from '../features/glossary/service.ts';
import type { PageCache } from '../features/reader/page-cache.ts';
import type { Counter } from '../features/stats/counts.ts';
import type { CircuitsService } from '../features/circuits/service.ts';
import type { QrcodesService } from '../features/qrcodes/service.ts';
import type { Scanner } from '../features/qrcodes/scan-routes.ts';
import type { StatsService } from '../features/stats/service.ts';
import type { SettingsService } from '../features/settings/service.ts';
import type { BlobStore } from './blobs.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { Logger } from './log.ts';
import type { SpeechService } from '../features/reader/speech-service.ts';
import type { EngineBudget } from '../features/reader/engine-gate.ts';
import type { UsageService } from '../features/usage/service.ts';
import type { UsageCharts } from '../features/usage/chart.ts';

/** What the routes of every feature may use; built once per process by the entry point. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Uploads and translation memory. */
  blobs: BlobStore;
  log: Logger;
  /** The visitor's network address, as the hosting platform tells it. */
  clientAddress(c: Context): string;
  now?: () => Date;
  /** scrypt cost for new password hashes; production uses DESIGN 9's, tests a cheaper one. */
  passwordParams?: ScryptParams;
  /**
   * The museums' monthly engine budgets as the visitor routes ask them (reader/engine-gate.ts);
   * without one, nothing is ever paused. Tests hand a stand-in.
   */
  budget?: EngineBudget;
}

export interface Services {
  auth: AuthService;
  tree: TreeService;
  editor: EditorService;
  uploads: UploadsService;
  translator: Translator;
  reader: VisitorPages;
  review: ReviewService;
  /** The overview's counts, kept current in the background. */
  status: StatusService;
  /** Translate now, and the priority languages after each save. */
  prepare: PrepareService;
  glossary: GlossaryService;
  /** The museum's circuits (issue 19): the staff's calls. */
  circuits: CircuitsService;
  qrcodes: QrcodesService;
  /** The answer to a scan of /r/{code}, for the app's route and the Node entry's fast path. */
  scan: Scanner;
  stats: StatsService;
  settings: SettingsService;
  /** Rendered visitor pages (a one-second cache) and buffered visitor counts. */
  pages: PageCache;
  counter: Counter;
  /** Read aloud's server voice (issue 20): /speech and /listened. */
  speech: SpeechService;
  /** Engine usage per museum and day, and the monthly budgets (`usage.budget` for visitors). */
  usage: UsageService;
  usageCharts: UsageCharts;
}

export interface AppEnv {
  Variables: {
    user: SignedIn | undefined;
  };
}

/**
 * The staff API's routes (under /api): app.ts mounts them behind the session middleware, which
 * answers 401 without a session and otherwise sets `user`, so it is always set here.
 */
export interface StaffEnv {
  Variables: {
    user: SignedIn;
  };
}

/** The signed-in user's museum: the scope of every staff call, never taken from the client. */
export function museum(c: Context<StaffEnv>): number {
  return c.get('user').museumId;
}
