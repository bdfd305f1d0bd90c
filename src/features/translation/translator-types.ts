import type { ArticleContent } from '../articles/content.ts';
import type { EngineHeld, EnginePayer } from './engine-guard.ts';
import type { SegmentFlag } from './flags.ts';
import type { GlossaryTerm } from './glossary-match.ts';

/**
 * What the museum checked in the target language, by segment ref (segments.ts): its text and the
 * source text it was checked against. Applied where that source is still the article's text, and
 * never sent to the engine; an out-of-date one is translated by the engine again.
 */
export type CheckedTexts = ReadonlyMap<string, { source: string; text: string }>;

/** One segment as the review screen shows it. */
export interface SegmentView {
  id: string;
  ref: string;
  source: string;
  /** The machine translation stored for the current source text, if any. */
  machine: string | undefined;
  /** What the checks found wrong with it, or with the engine's last answers (flags.ts). */
  flags: SegmentFlag[];
}

/** A segment translated again on the museum's demand: the new text (none if refused), flags. */
export interface Retranslated {
  text: string | undefined;
  flags: readonly SegmentFlag[];
}

export interface ArticleRequest {
  /** The museum whose engine budget pays for the translation; none: counted nowhere. */
  museumId?: number | undefined;
  articleId: number | string;
  /** The article's translation generation, raised by Reset translations. */
  generation: number;
  content: ArticleContent;
  instructions: string;
  sourceLang: string;
  targetLang: string;
  /** The museum's checked texts in `targetLang`; none by default. */
  checked?: CheckedTexts | undefined;
  /**
   * The museum's glossary, each entry with its preferred translation in `targetLang` (ADR 0015):
   * a text goes to the engine with the entries whose term it holds, and they are in its key.
   * Give the same array for the same glossary and language: its matcher is compiled once.
   */
  glossary?: readonly GlossaryTerm[] | undefined;
  /**
   * Stored without dropping the article's other translations: a staff preview of a draft, whose
   * texts are not yet what visitors read (docs/adr/0028-drafts-and-revisions.md).
   */
  keepOthers?: boolean | undefined;
}

export interface TranslateArticleRequest extends ArticleRequest {
  /** Stops this caller's wait (the visitor left); the shared job goes on and is stored. */
  signal?: AbortSignal | undefined;
  /** Only what is stored is applied: the engine is not called (a pause after a failure). */
  storedOnly?: boolean | undefined;
}

export interface TranslationResult {
  /** The article with every translated text in place; the others show their source text. */
  content: ArticleContent;
  /** Every segment is translated (or nothing needed translating). */
  complete: boolean;
  /** Segments shown in their source text: not translated, or refused. */
  untranslated: number;
  /**
   * Of those, the ones whose translation this request's job refused twice (answer.ts's checks):
   * the engine answered, and the text stays in the source language, not stored.
   */
  refused: number;
  /**
   * Engine calls (retries included) and segments sent by the job this request started. A
   * request that joined another's job, or was served from memory, reports 0: summed over
   * requests they count the real work.
   */
  engineCalls: number;
  segmentsSent: number;
  /** Segments shown in the museum's checked words (the rest are the engine's or the source). */
  checked: number;
  /** The blocks (content indices) with a text shown in its source language, in order. */
  sourceBlocks: number[];
  /**
   * Engine calls were not made, past a limit a minute ('busy') or the budget ('paused'): their
   * texts show in the source language until a later visit translates them (engine-guard.ts).
   */
  held?: EngineHeld['kind'] | undefined;
}

/**
 * One article in one language, as the translator finds it when asked (one extraction, one
 * memory read): what it holds, what is missing, and the two ways to get the article.
 */
export interface TranslationRun {
  /** Translatable segments in the article. */
  readonly segments: number;
  /** Each segment with the machine translation stored for it (the review screen). */
  texts(): SegmentView[];
  /** Segments that would go to the engine now: 0 for the source language or without engine. */
  readonly missing: number;
  /** Engine batches they make. */
  readonly batches: number;
  /** What translating the missing segments would cost (Translate now shows it first). */
  estimate(): WorkEstimate;
  /** A translation job of this article, generation and language is running (show progress). */
  pending(): boolean;
  /** Batches finished and planned by the running jobs, or undefined when none runs. */
  progress(): { done: number; batches: number } | undefined;
  /** What is stored applied, the rest in the source language: the engine is not called. */
  stored(): TranslationResult;
  /**
   * What a visitor may read while a job runs (ADR 0017): the article with every text
   * checked, stored or landed so far in place, and how many blocks from the top have all their
   * texts so (`blocks`: the content's indexes 1 to `blocks`; the others are not to be shown).
   */
  landed(): {
    content: ArticleContent;
    blocks: number;
    /**
     * Blocks among the first `blocks` shown in the source language: a text of theirs the checks
     * refused on both tries, readable as it is written from that moment on.
     */
    source?: readonly number[];
  };
  /** Resolves when a running job of this article and language lands a batch, or soon when none runs. */
  changed(): Promise<void>;
  /**
   * The missing segments translated (joining the job already running for them, or starting
   * it), then the article. `signal` stops this caller's wait; the job goes on and is stored.
   * `payer`: the visitor whose request starts it, whose characters a minute its calls count in.
   */
  translate(signal?: AbortSignal, payer?: EnginePayer): Promise<TranslationResult>;
  /**
   * The segments of these refs translated by the engine again, even where a translation is
   * stored, which the new one replaces: what came of each, by ref (none without an engine or
   * when the engine could not be reached).
   */
  retranslate(refs: readonly string[]): Promise<Map<string, Retranslated>>;
}

export interface Translator {
  /** An engine is configured: without one, visitors read the original. */
  readonly configured: boolean;
  /** The entry point: an article in a language, ready to be read, estimated or translated. */
  open(request: ArticleRequest): Promise<TranslationRun>;
  /** open(request), then translate (or only what is stored, with `storedOnly`). */
  translateArticle(request: TranslateArticleRequest): Promise<TranslationResult>;
}

/** The translator's estimate of a translation's cost: segments, engine calls, tokens. */
export interface WorkEstimate {
  segments: number;
  batches: number;
  /** Engine tokens, prompt and answer, estimated as batches.ts does (budgeting, not billing). */
  tokens: number;
}
