import type { TranslationResult, TranslationRun } from '../../translation/translator-types.ts';
import { DEFAULT_SPEECH, preferredVoice } from '../speech/speech.ts';
import { circuitOf, jobOf, noteOf, type Showing, type Visiting } from './visiting.ts';
import type { Visit, VisitRequest } from './visit-types.ts';
import { refusedOnly, shownOf, translateWithin } from './within-wait.ts';

/**
 * An article page in a language other than the article's: the museum's own words, what is
 * stored, or a translation started now (within-wait.ts: the back-off in the database), shown
 * whole when it is ready within the first wait, else sent as it is translated. Partly translated,
 * it shows what is translated and the rest in the original, as every visitor page does (ADR 0043).
 */
export async function translatedVisit(
  visiting: Visiting,
  request: VisitRequest,
  page: Showing,
): Promise<Visit> {
  const { deps } = visiting;
  const { row, content, lang, show } = page;
  const job = await jobOf(visiting, row, content, lang);
  const waited = await translateWithin(
    { ...visiting, translator: deps.translator, gate: deps.gate, now: deps.now },
    job,
    request,
  );
  const { run } = waited;
  if (waited.kind === 'noEngine') {
    // The museum's own words need no engine: a page it checked whole is read in them.
    const own = job.checked?.size ? run.stored() : undefined;
    if (own?.complete) return show(own.content, lang, 'museum');
    return show(content, row.language, 'noEngine');
  }
  if (run.segments === 0) return show(content, lang, undefined);
  if (waited.kind === 'running') return streaming(visiting, request, page, run, waited.running);
  const { result, why } = shownOf(waited);
  // The note of a page with texts in the original ('translating' is streamed, above).
  const held = why === 'busy' || why === 'paused' ? why : 'unavailable';
  if (!result) return show(content, row.language, held);
  // Texts the checks refused twice stay in the source language, the page otherwise translated.
  if (why === undefined || why === 'refused') {
    return show(result.content, lang, noteOf(result, run.segments), result.sourceBlocks);
  }
  return show(result.content, lang, held, result.sourceBlocks);
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
