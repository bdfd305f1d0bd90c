import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import type { BatchWork } from './job-checks.ts';
import type { JobState, KeyedSegment } from './job-types.ts';

/**
 * A refusal reason starting so (answer.ts) is a translation into another language than the one
 * asked for: flagged `language`, not `refused`.
 */
export const WRONG_LANGUAGE = 'in another language';

/** A batch being translated: its work, and where each text goes as soon as it arrives. */
export interface BatchTranslation extends BatchWork {
  /** A text as the engine's streamed answer brings it, before the rest of its batch. */
  early: (segment: KeyedSegment, text: string) => void;
}

/**
 * What one try brought: the segments whose texts the checks refused (none: all translated), a
 * bad answer as a whole, or the end of the job's tries (engine unavailable, unexpected failure).
 */
type Tried = readonly KeyedSegment[] | 'bad answer' | 'stop';

/**
 * Translates a batch into `made`. A bad batch is sent once more whole; segments whose text failed
 * the checks are sent once more on their own. What fails twice shows its source text and is not
 * stored; what the checks refused twice is flagged in the job's tally.
 */
export async function translateBatch(work: BatchTranslation): Promise<void> {
  /** The last try ended with texts refused by the checks (not a bad answer as a whole). */
  let refusedLast = false;
  /** Why each refused text was refused, by key (the last try's reason). */
  const reasons = new Map<string, string>();
  let pending: readonly KeyedSegment[] = work.batch;
  for (let attempt = 1; attempt <= 2 && pending.length > 0 && !work.state.unavailable; attempt++) {
    const tried = await tryOnce(
      work,
      pending,
      attempt === 1 ? 'trying again' : 'giving up',
      reasons,
    );
    if (tried === 'stop') return;
    if (tried === 'bad answer') {
      refusedLast = false;
      continue;
    }
    pending = tried;
    refusedLast = tried.length > 0;
  }
  if (refusedLast) flagRefused(work.state, pending, reasons);
}

/** One engine call for `pending`: translations into `made`, refusals' reasons into `reasons`. */
async function tryOnce(
  work: BatchTranslation,
  pending: readonly KeyedSegment[],
  next: string,
  reasons: Map<string, string>,
): Promise<Tried> {
  const { request, state, log } = work;
  // Ids local to the call: short (fewer tokens), and an answer can only name its own batch.
  const segments = pending.map((s, i) => ({
    id: String(i + 1),
    text: s.text,
    ...(s.reference && { reference: s.reference }),
    ...(s.glossary && { glossary: s.glossary }),
  }));
  const where = `article ${request.articleId}, ${request.targetLang}, ${segments.length} segment(s)`;
  state.calls += 1;
  state.sent += segments.length;
  try {
    const answer = await state.engine.translate({
      segments,
      sourceLang: request.sourceLang,
      targetLang: request.targetLang,
      instructions: request.instructions,
      // Streamed: each text readable by visitors as soon as it has arrived (ADR 0020).
      onText: (id, text) => {
        const segment = pending[Number(id) - 1];
        if (segment) work.early(segment, text);
      },
    });
    const refused: KeyedSegment[] = [];
    pending.forEach((s, i) => {
      const text = answer.translations[String(i + 1)];
      if (text !== undefined) work.made[s.key] = text;
      else {
        refused.push(s);
        reasons.set(s.key, answer.rejected[String(i + 1)] ?? 'refused');
      }
    });
    if (refused.length > 0) {
      const said = [...new Set(Object.values(answer.rejected))].join(', ');
      log?.warn(`translation: ${refused.length} text(s) refused (${said}), ${next}: ${where}`);
    }
    return refused;
  } catch (error) {
    if (error instanceof BadAnswerError) {
      log?.warn(`translation: bad answer (${error.message}), ${next}: ${where}`);
      return 'bad answer';
    }
    if (error instanceof EngineUnavailableError) {
      // The SDK has already retried: the job's batches not yet sent are not sent.
      state.unavailable = true;
      // Not sent (engine-guard.ts): its texts wait for a later visit, nothing to fix.
      if (error.reason === 'held') return 'stop';
      const line = `translation: engine unavailable (${error.reason}: ${error.message}): ${where}`;
      // A refusal (bad key, unknown model) needs someone to fix the settings.
      if (error.reason === 'refused') log?.error(line);
      else log?.warn(line);
      return 'stop';
    }
    log?.error(`translation: unexpected failure: ${where}`, error);
    return 'stop';
  }
}

/** Texts refused on both tries: in the job's refusals, flagged `language` or `refused`. */
function flagRefused(
  state: JobState,
  pending: readonly KeyedSegment[],
  reasons: ReadonlyMap<string, string>,
): void {
  for (const s of pending) {
    state.refused.push(s.key);
    const reason = reasons.get(s.key) ?? 'refused';
    const kind = reason.startsWith(WRONG_LANGUAGE) ? 'language' : 'refused';
    state.flags[s.key] = [{ kind, detail: reason }];
  }
}
