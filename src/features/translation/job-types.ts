import type { Logger } from '../../server/log.ts';
import type { Engine } from './engine-types.ts';
import type { EngineUsage } from './engine-usage.ts';
import type { EngineGuard, EngineHeld, EnginePayer } from './engine-guard.ts';
import type { SegmentFlag } from './flags.ts';
import type { TranslationMemory } from './memory.ts';
import type { SegmentText } from './segments.ts';

/** What a job is about: one article, one generation, one language. */
export interface JobRequest {
  /** Whose engine budget the job's calls are counted in; none: counted nowhere (tests). */
  museumId?: number | undefined;
  articleId: number | string;
  generation: number;
  instructions: string;
  sourceLang: string;
  targetLang: string;
  /**
   * Stored without dropping the article's other translations: a staff preview of a draft, whose
   * texts are not yet what visitors read (docs/adr/0028-drafts-and-revisions.md).
   */
  keepOthers?: boolean | undefined;
  /**
   * The visitor whose request started the job: its calls count at their address and in the
   * museum's minute (engine-guard.ts). None for staff and background work.
   */
  payer?: EnginePayer | undefined;
}

export interface KeyedSegment {
  id: string;
  text: string;
  key: string;
  reference?: SegmentText['reference'];
  /** The glossary entries the text holds (glossary-match.ts); part of `key`. */
  glossary?: SegmentText['glossary'];
}

export interface JobOutcome {
  /** segment key → translated text, for the keys the job was asked for. */
  translations: Record<string, string>;
  /** Keys whose translation was refused by the checks on both tries. */
  refused: readonly string[];
  /** What the checks found, by key, for the keys this job translated or refused (flags.ts). */
  flags: Readonly<Record<string, readonly SegmentFlag[]>>;
  engineCalls: number;
  segmentsSent: number;
  /** Calls not made, past a limit a minute or the budget: their texts wait for a later visit. */
  held?: EngineHeld['kind'] | undefined;
}

export interface Job {
  articleId: string;
  generation: number;
  lang: string;
  done: number;
  batches: number;
  promise: Promise<JobOutcome>;
  /**
   * What a visitor may read while the job runs (ADRs 0017 and 0020): by key, the
   * texts found stored when it started, then each text as the engine's streamed answer brings
   * it (checked alone; one needing a glossary retry waits for its batch), then each batch's
   * texts when it ends (checked whole, glossary and review done).
   */
  readonly landed: Readonly<Record<string, string>>;
  /**
   * Keys whose texts the checks refused on both tries, known once their batch ends: a visitor
   * reads them in the source language then, not after the whole job.
   */
  readonly refused?: ReadonlySet<string>;
  /** Resolves when the job next lands a batch, or ends. */
  next(): Promise<void>;
}

/** A job's running tally: engine calls, segments sent, refusals and flags (flags.ts). */
export interface JobState {
  /** The engine as this job calls it: each call's usage told to JobOptions.onUsage. */
  engine: Engine;
  calls: number;
  sent: number;
  unavailable: boolean;
  /** A call was not made (engine-guard.ts): the job sends nothing more. */
  held?: EngineHeld['kind'] | undefined;
  refused: string[];
  /** Flags by segment key; a key translated without one has no entry. */
  flags: Record<string, SegmentFlag[]>;
}

export interface JobOptions {
  engine: Engine;
  memory: TranslationMemory;
  concurrency: number;
  maxBatchTokens: number;
  log?: Logger | undefined;
  readMemory(request: JobRequest, fresh: boolean): Promise<Readonly<Record<string, string>>>;
  /** Told after a job has stored what it made (the overview counts again). */
  onStored?: ((request: JobRequest) => void) | undefined;
  /** Told what each engine call of a job cost: translations, retries, glossary, review. */
  onUsage?: ((request: JobRequest, usage: EngineUsage) => void) | undefined;
  /** Asked before each engine call of a museum's job, settled after (engine-guard.ts). */
  guard?: EngineGuard | undefined;
}
