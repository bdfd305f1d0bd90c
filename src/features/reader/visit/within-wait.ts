import type { ArticleContent } from '../../articles/content.ts';
import {
  reasonOf,
  waiting,
  type BackoffStore,
  type FailurePair,
} from '../../translation/failures.ts';
import type {
  ArticleRequest,
  TranslationResult,
  TranslationRun,
  Translator,
} from '../../translation/translator-types.ts';
import type { Visitor } from '../../stats/repeats.ts';
import { heldNote, type EngineGate } from './engine-gate.ts';

/**
 * "Translate within a wait, under the gate and the back-off": the one rule every visitor page
 * showing a translation follows, an article's, a circuit's and a guide home's
 * (docs/adr/0043-one-translation-within-a-wait.md). The translator opened; with texts missing
 * and none being translated already, a pair whose last try failed waits its turn, then new
 * engine work stays within what visitors may start (engine-gate.ts); the translation runs (or is
 * joined), its outcome written to the back-off the caller keeps (the database for articles, a
 * process's memory for circuits and guide homes); the page waits for it up to its first wait.
 */

/** What a page's translation works with: the caller's translator, back-off and first wait. */
export interface WaitDeps {
  translator: Translator;
  backoff: BackoffStore;
  /** What visitors may start; everything when not given. */
  gate?: EngineGate | undefined;
  firstWait: number;
  now: () => Date;
}

/** Who asks: what they may start, and where work outliving the answer is handed. */
export interface WaitAsker {
  visitor?: Visitor | undefined;
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
  /** A HEAD request: starts no engine work. */
  head?: boolean | undefined;
  background?: ((work: Promise<unknown>) => void) | undefined;
}

/** Why a page shows texts in the original: the words its note says. */
export type Why = 'refused' | 'unavailable' | 'busy' | 'paused' | 'translating';

/** How a translation asked within a wait came out. */
export type Waited = { run: TranslationRun } & (
  | /** No engine configured: only the museum's own words (checked texts) are stored. */
    { kind: 'noEngine' }
    /** Nothing for the engine to do now, or the outcome within the first wait. */
  | { kind: 'done'; result: TranslationResult | undefined }
  /** No new try now (the back-off, or the gate): what is stored, and why. */
  | { kind: 'notNow'; result: TranslationResult; why: Why }
  /** The first wait passed: the translation goes on (its outcome written to the back-off). */
  | { kind: 'running'; running: Promise<TranslationResult | undefined> }
);

/** Translated but for texts the checks refused twice: those stay in the source language. */
export const refusedOnly = (result: TranslationResult): boolean =>
  result.refused > 0 && result.refused === result.untranslated;

/** `job` translated within `deps.firstWait` as far as the back-off and the gate let it start. */
export async function translateWithin(
  deps: WaitDeps,
  job: ArticleRequest,
  asker: WaitAsker,
): Promise<Waited> {
  const run = await deps.translator.open(job);
  if (!deps.translator.configured) return { run, kind: 'noEngine' };
  if (run.missing === 0) return { run, kind: 'done', result: run.stored() };
  const pair: FailurePair = {
    museumId: job.museumId ?? 0,
    articleId: job.articleId,
    language: job.targetLang,
    generation: job.generation,
  };
  // Joining a translation already running costs no engine call: no back-off, no gate.
  if (!run.pending()) {
    const why = await notNow(deps, job, pair, asker, run);
    if (why) return { run, kind: 'notNow', result: run.stored(), why };
  }
  const { visitor, staffMuseum } = asker;
  // Who pays its engine calls (a session may be read).
  const payer = await deps.gate?.payer({ museumId: pair.museumId, visitor, staffMuseum });
  const running = settled(deps, pair, run, run.translate(undefined, payer));
  asker.background?.(running);
  const result = await Promise.race([
    running,
    new Promise<'waiting'>((resolve) => setTimeout(resolve, deps.firstWait, 'waiting').unref?.()),
  ]);
  if (result === 'waiting') return { run, kind: 'running', running };
  return { run, kind: 'done', result };
}

/**
 * Why no new try may start now: the pair waits after a failure, or the gate holds the visitor,
 * the museum or a HEAD; undefined: it may start (or was started meanwhile, and is joined).
 */
async function notNow(
  deps: WaitDeps,
  job: ArticleRequest,
  pair: FailurePair,
  { visitor, staffMuseum, head }: WaitAsker,
  run: TranslationRun,
): Promise<Why | undefined> {
  const failure = await deps.backoff.find(pair);
  if (waiting(failure, deps.now()))
    return failure?.reason === 'refused' ? 'refused' : 'unavailable';
  if (run.pending()) return undefined;
  const ask = { museumId: pair.museumId, pair: `${job.articleId}:${job.targetLang}` };
  return heldNote(deps.gate, { ...ask, visitor, staffMuseum }, head);
}

/**
 * The translation running, its outcome written to the back-off before the page is answered; a
 * lost write costs one more try, never the page. Held calls failed nothing: their texts are
 * translated at a later visit.
 */
function settled(
  deps: WaitDeps,
  pair: FailurePair,
  run: TranslationRun,
  translating: Promise<TranslationResult>,
): Promise<TranslationResult | undefined> {
  const settle = async (result: TranslationResult | undefined): Promise<void> => {
    if (result?.held) return;
    try {
      if (result?.complete) await deps.backoff.succeeded(pair);
      else {
        const texts = result?.untranslated ?? run.missing;
        await deps.backoff.failed(pair, reasonOf(result), texts, deps.now());
      }
    } catch {
      // The database unreachable: the page is answered all the same.
    }
  };
  return translating.then(
    async (result) => {
      await settle(result);
      return result;
    },
    async () => {
      await settle(undefined);
      return undefined;
    },
  );
}

/**
 * What a page shows of a translation (ADR 0043), the same on every visitor page: each text
 * translated so far in the visitor's language, the others in the original, and why (`why`,
 * undefined when every text is translated); `result` undefined: nothing of it is translated,
 * the page shows the original and why. A translation still running shows what is stored.
 */
export function shownOf(waited: Exclude<Waited, { kind: 'noEngine' }>): {
  result: TranslationResult | undefined;
  why: Why | undefined;
} {
  const { run } = waited;
  const result = waited.kind === 'running' ? run.stored() : waited.result;
  const why = whyOf(waited, result);
  const nothing = !result || (!result.complete && result.untranslated >= run.segments);
  return { result: nothing ? undefined : result, why };
}

function whyOf(waited: Waited, result: TranslationResult | undefined): Why | undefined {
  if (waited.kind === 'running') return 'translating';
  if (waited.kind === 'notNow') return waited.why;
  if (result?.complete) return undefined;
  if (result && refusedOnly(result)) return 'refused';
  return result?.held ?? 'unavailable';
}

/**
 * The note of a page of texts (a circuit, a guide home) showing a translation: held or still
 * translating, said so; otherwise translated, its holes said below (render/holes-view.ts).
 */
export function textsNote(why: Why | undefined): 'machine' | 'busy' | 'paused' | 'translating' {
  return why === 'busy' || why === 'paused' || why === 'translating' ? why : 'machine';
}

/**
 * What a page of texts (a circuit, a guide home) shows in the visitor's language: its
 * translation as far as it goes, with its note and holes, or the original and why.
 */
export type TextsShown =
  | { content: undefined; note: 'noEngine' | 'unavailable' | 'busy' | 'paused' | 'translating' }
  | { content: ArticleContent; note: ReturnType<typeof textsNote>; holes: Holes | undefined };

/** `job` translated within the first wait, as a page of texts shows it (TextsShown). */
export async function textsWithin(
  deps: WaitDeps,
  job: ArticleRequest,
  asker: WaitAsker,
): Promise<TextsShown> {
  const waited = await translateWithin(deps, job, asker);
  if (waited.kind === 'noEngine') return { content: undefined, note: 'noEngine' };
  const { result, why } = shownOf(waited);
  const note = textsNote(why);
  if (!result) return { content: undefined, note: note === 'machine' ? 'unavailable' : note };
  return { content: result.content, note, holes: holesOf(result, why) };
}

/** What of a translation a page shows in the original (block ids), and why. */
export interface Holes {
  ids: ReadonlySet<string>;
  why: 'refused' | 'unavailable';
}

/** The marks of a translation's holes; none when every text is translated. */
export function holesOf(result: TranslationResult, why: Why | undefined): Holes | undefined {
  if (why === undefined) return undefined;
  return { ids: sourceIds(result), why: why === 'refused' ? 'refused' : 'unavailable' };
}

/**
 * The texts a translation left in the original: the ids of the blocks with a text in the
 * source language (refused, or not translated yet), for a page that marks them.
 */
export function sourceIds(result: {
  content: ArticleContent;
  sourceBlocks: readonly number[];
}): Set<string> {
  const ids = new Set<string>();
  for (const index of result.sourceBlocks) {
    const block = result.content[index];
    if (block?.type === 'text' && block.id) ids.add(block.id);
  }
  return ids;
}
