import { reasonOf, waiting } from '../../translation/failures.ts';
import type { EnginePayer } from '../../translation/engine-guard.ts';
import type { TranslationResult, TranslationRun } from '../../translation/translator.ts';
import { DEFAULT_SPEECH, preferredVoice } from '../speech/speech.ts';
import { heldNote } from './engine-gate.ts';
import { circuitOf, jobOf, noteOf, type Showing, type Visiting } from './visiting.ts';
import type { Visit, VisitRequest } from './visit-types.ts';

/**
 * An article page in a language other than the article's: the museum's own words, what is
 * stored, or a translation started now (within what visitors may start), shown whole when it is
 * ready within the first wait, else sent as it is translated.
 */

/** Translated but for texts the checks refused twice: those stay in the source language. */
const refusedOnly = (result: TranslationResult): boolean =>
  result.refused > 0 && result.refused === result.untranslated;

/** The (article, language, generation) a failed translation waits under before another try. */
const pairOf = ({ row, lang }: Pick<Showing, 'row' | 'lang'>) => ({
  museumId: row.museumId,
  articleId: row.id,
  language: lang,
  generation: row.translationGeneration,
});

export async function translatedVisit(
  visiting: Visiting,
  request: VisitRequest,
  page: Showing,
): Promise<Visit> {
  const { deps } = visiting;
  const { row, content, lang, show } = page;
  const job = await jobOf(visiting, row, content, lang);
  if (!deps.translator.configured) {
    // The museum's own words need no engine: a page it checked whole is read in them.
    const own = job.checked?.size ? (await deps.translator.open(job)).stored() : undefined;
    if (own?.complete) return show(own.content, lang, 'museum');
    return show(content, row.language, 'noEngine');
  }
  const run = await deps.translator.open(job);
  if (run.segments === 0) return show(content, lang, undefined);
  if (run.missing > 0 && !run.pending()) {
    const held = await notNow(visiting, request, page, run);
    if (held) return held;
  }
  const { visitor, staffMuseum } = request;
  // Who pays its engine calls: asked only when there are some (a session may be read).
  const payer =
    run.missing > 0
      ? await deps.gate?.payer({ museumId: row.museumId, visitor, staffMuseum })
      : undefined;
  const running = settled(visiting, page, run, payer);
  request.background?.(running);
  const result = await Promise.race([
    running,
    new Promise<'waiting'>((resolve) =>
      setTimeout(resolve, visiting.firstWait, 'waiting').unref?.(),
    ),
  ]);
  if (result === 'waiting') return streaming(visiting, request, page, run, running);
  // Texts the checks refused twice stay in the source language; a translation with holes for
  // any other reason is not shown: the visitor reads the original, whole.
  if (result && refusedOnly(result)) {
    return show(result.content, lang, noteOf(result, run.segments), result.sourceBlocks);
  }
  // Calls past a limit were not made: what was translated, the rest in the source for now.
  if (result?.held && !result.complete) return partly(page, run, result, result.held);
  if (!result?.complete) return show(content, row.language, 'unavailable');
  return show(result.content, lang, noteOf(result, run.segments), result.sourceBlocks);
}

/**
 * The page when no new translation may start now (nothing stored nor running to join): a pair
 * that failed waits for its next try; new engine work stays within what visitors may start.
 * Undefined: the translation may start.
 */
async function notNow(
  { deps, backoff }: Visiting,
  request: VisitRequest,
  { row, content, lang, show }: Showing,
  run: TranslationRun,
): Promise<Visit | undefined> {
  const failure = await backoff.find(pairOf({ row, lang }));
  // Until the next try: what was stored, the refused texts in the source language.
  if (waiting(failure, deps.now()) && failure?.reason === 'refused') {
    const stored = run.stored();
    return show(stored.content, lang, noteOf(stored, run.segments), stored.sourceBlocks);
  }
  if (waiting(failure, deps.now())) return show(content, row.language, 'unavailable');
  // Started meanwhile by another request: joined, within no limit.
  if (run.pending()) return undefined;
  const { visitor, staffMuseum, head } = request;
  const ask = { museumId: row.museumId, pair: `${row.id}:${lang}`, visitor, staffMuseum };
  const held = await heldNote(deps.gate, ask, head);
  if (!held) return undefined;
  // What is stored (an earlier translation of the article), the rest in the source.
  return partly({ row, content, lang, show }, run, run.stored(), held);
}

/** What is translated, the rest in the source with the note; nothing: the original. */
function partly(
  { row, content, lang, show }: Pick<Showing, 'row' | 'content' | 'lang' | 'show'>,
  run: TranslationRun,
  result: TranslationResult,
  note: 'unavailable' | 'busy' | 'paused',
): Promise<Visit> {
  if (result.untranslated === run.segments) return show(content, row.language, note);
  return show(result.content, lang, note, result.sourceBlocks);
}

/**
 * The translation running, its outcome written to the back-off before the page is answered; a
 * lost write costs one more try, never the page.
 */
function settled(
  { deps, backoff }: Visiting,
  page: Showing,
  run: TranslationRun,
  payer: EnginePayer | undefined,
): Promise<TranslationResult | undefined> {
  const pair = pairOf(page);
  const settle = async (result: TranslationResult | undefined): Promise<void> => {
    // Held calls failed nothing: their texts are translated at a later visit.
    if (run.missing === 0 || result?.held) return;
    try {
      if (result?.complete) await backoff.succeeded(pair);
      else
        await backoff.failed(
          pair,
          reasonOf(result),
          result?.untranslated ?? run.missing,
          deps.now(),
        );
    } catch {
      // The database unreachable: the page is answered all the same.
    }
  };
  return run.translate(undefined, payer).then(
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

/** A first translation outlasting the first wait: the page is sent as it is translated. */
async function streaming(
  visiting: Visiting,
  request: VisitRequest,
  { row, article, content, lang, count }: Showing,
  run: TranslationRun,
  running: Promise<TranslationResult | undefined>,
): Promise<Visit> {
  const { deps } = visiting;
  // Shown from now on, as it is translated: counted once by its first piece's count request.
  return {
    kind: 'translating',
    circuit: request.circuit ? await circuitOf(visiting, request.circuit, row, lang) : undefined,
    article,
    content,
    lang,
    note: run.stored().checked > 0 ? 'partly' : 'machine',
    count,
    landed: () => run.landed(),
    changed: () => run.changed(),
    // As a page sent whole: a whole translation, or one whose only holes the checks refused twice.
    finished: running.then((done) =>
      done && (done.complete || refusedOnly(done)) ? done.content : undefined,
    ),
    sourceBlocks: running.then((done) => done?.sourceBlocks ?? []),
    speech: {
      voice: preferredVoice(row.speech ?? DEFAULT_SPEECH, lang),
      server: deps.speechEngine === true,
    },
  };
}
