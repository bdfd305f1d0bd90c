import { useState } from 'react';
import type { Id } from 'react-toastify/unstyled';
import type { TFn } from '../../i18n/react.ts';
import { call, errorCode, type ApiResult } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { afterRender } from './announce.ts';
import { saveDraft, updateArticle } from './calls.ts';
import { staleRevision } from './stale.ts';
import { focusProblem, typedProblems, type TypedProblem } from './focusProblem.ts';
import { describeProblem, placeOf } from './problems.ts';
import type { Draft } from './state.ts';
import type { TakenStop } from './StopField.tsx';
import type { ReloadBase } from './useArticle.ts';
import { checkDraft, pathOfServerDetail, type Problem } from './validate.ts';

/** A failure whose message the error toast shows as is. */
class Shown extends Error {}

type ErrorBody = {
  error?: { code?: unknown; message?: unknown; details?: { path?: unknown; message?: unknown }[] };
};

/**
 * The server's reason for a refused save, in the curator's language: placed in the article when
 * it names a field, else its code translated (src/ui/apiErrors.ts), never the server's words.
 */
function serverReason(t: TFn, draft: Draft, result: ApiResult): string {
  const error = (result.body as ErrorBody | null)?.error;
  const detail = Array.isArray(error?.details) ? error.details[0] : undefined;
  if (detail && typeof detail.path === 'string' && detail.path.startsWith('newContent')) {
    const message = typeof detail.message === 'string' ? detail.message : '';
    return describeProblem(t, draft, { path: pathOfServerDetail(detail.path), message });
  }
  return apiErrorMessage(t, result);
}

/** Turns the pending toast into its outcome, as toast.promise does. */
function settle(id: Id, type: 'success' | 'error', render: string) {
  toast.update(id, {
    render,
    type,
    isLoading: false,
    autoClose: undefined,
    closeOnClick: undefined,
    closeButton: undefined,
    draggable: undefined,
  });
}

/**
 * Says why nothing was sent and takes the curator to the first problem: a number field whose
 * typed value the content could not take (it still holds the last valid one), else the first
 * problem of the draft.
 */
function refuse(
  t: TFn,
  draft: Draft,
  problems: Problem[],
  typed: TypedProblem[],
  showForm: (() => void) | undefined,
) {
  const count = typed.length + problems.length;
  const first = typed[0];
  const problem = first
    ? t('editor.problem', {
        where: placeOf(t, draft, first.path),
        field: first.field,
        message: first.message,
      })
    : problems[0] && describeProblem(t, draft, problems[0]);
  if (!problem) return;
  toast.error(
    count > 1
      ? t('editor.cannotSaveMany', { count, problem })
      : t('editor.cannotSave', { problem }),
  );
  showForm?.();
  if (first) first.input.focus();
  else if (problems[0]) {
    const path = problems[0].path;
    afterRender(() => focusProblem(path));
  }
}

/** What a save that went through came to: the new revision, or someone else's. */
type Sent = { revision: number } | { conflict: number };

/**
 * Publish (update_article: what visitors read, at once) or keep as the draft (save_draft);
 * docs/adr/0028-drafts-and-revisions.md.
 */
export type SaveMode = 'publish' | 'draft';

const WORDS = {
  publish: { pending: 'editor.saving', done: 'editor.saved' },
  draft: { pending: 'publishing.savingDraft', done: 'publishing.draftSaved' },
} as const;

/** The stop number a 409 `stop_taken` names, and the article holding it; null for any other answer. */
function takenStopOf(result: ApiResult): TakenStop | null {
  if (errorCode(result) !== 'stop_taken') return null;
  const details = (result.body as { error?: { details?: unknown } } | null)?.error?.details;
  const { stop, title } = (details ?? {}) as { stop?: unknown; title?: unknown };
  return typeof stop === 'number' && typeof title === 'string' ? { stop, title } : null;
}

/** What a refused save tells the fields: a url or a stop number another article holds. */
type Taken = { url: (url: string) => void; stop: (stop: TakenStop) => void };

/**
 * Sends the checked draft as the next revision after `revision`; a refusal throws the reason to
 * show (a url or stop number taken is told to `onTaken` first).
 */
async function send(
  t: TFn,
  mode: SaveMode,
  articleId: number,
  draft: Draft,
  content: unknown,
  revision: number,
  onTaken: Taken,
): Promise<Sent> {
  const body = {
    articleId,
    newContent: content,
    unformatted_name: draft.title,
    instructions: draft.instructions,
    revision,
  };
  let result: ApiResult;
  try {
    result = mode === 'draft' ? await call(saveDraft, body) : await call(updateArticle, body);
  } catch (error) {
    console.error('Saving the article failed', error);
    throw error;
  }
  const stale = staleRevision(result);
  if (stale !== null) return { conflict: stale };
  if (result.ok) {
    const saved = (result.body as { revision?: unknown } | null)?.revision;
    return { revision: typeof saved === 'number' ? saved : revision + 1 };
  }
  console.error('Saving the article failed', result.status, result.body);
  if (errorCode(result) === 'url_taken') onTaken.url(draft.content[0].url);
  const stop = takenStopOf(result);
  if (stop) onTaken.stop(stop);
  throw new Shown(serverReason(t, draft, result));
}

/**
 * Someone else saved the article since the draft's revision; `revision` is theirs, `mode` what
 * the refused save was (overwriting does the same).
 */
export type Conflict = { revision: number; mode: SaveMode };

type Options = {
  t: TFn;
  articleId: number;
  reload: (base?: ReloadBase) => Promise<boolean>;
  markSaved: (draft: Draft, revision: number) => void;
  /** The revision the draft is based on; null until the article is loaded. */
  baseRevision: () => number | null;
  /** Shows the form where a phone shows the preview instead, before a problem is focused. */
  showForm?: () => void;
};

/**
 * Publish or save the draft: checked here first (a refused save names the element and the field), then
 * 'Saving article...', then 'Article saved' and a reload, or the error. Each save says which
 * revision the draft is based on; when someone else saved meanwhile, the server refuses it and
 * `conflict` is set: nothing typed is lost, and `overwrite` saves again over their revision.
 */
export function useSave({ t, articleId, reload, markSaved, baseRevision, showForm }: Options) {
  const [saving, setSaving] = useState(false);
  /** A save was tried: required fields left empty now show their error. */
  const [attempted, setAttempted] = useState(false);
  /** The url a 409 refused, shown as taken until it is changed. */
  const [takenUrl, setTakenUrl] = useState<string | null>(null);
  /** The stop number a 409 refused and who holds it, shown as taken until it is changed. */
  const [takenStop, setTakenStop] = useState<TakenStop | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  /** Saves `draft` as the next revision after `revision`; true when it was saved. */
  const saveOn = async (draft: Draft, revision: number, mode: SaveMode): Promise<boolean> => {
    setAttempted(true);
    const checked = checkDraft(draft);
    const typed = typedProblems();
    if (!checked.ok || typed.length > 0) {
      refuse(t, draft, checked.ok ? [] : checked.problems, typed, showForm);
      return false;
    }
    setSaving(true);
    const pending = toast.loading(t(WORDS[mode].pending));
    let outcome: Sent;
    try {
      const taken = { url: setTakenUrl, stop: setTakenStop };
      outcome = await send(t, mode, articleId, draft, checked.content, revision, taken);
    } catch (error) {
      settle(pending, 'error', error instanceof Shown ? error.message : t('common.genericError'));
      setSaving(false);
      return false;
    }
    if ('conflict' in outcome) {
      // The dialog tells it; no toast on top of it.
      toast.dismiss(pending);
      setSaving(false);
      setConflict({ revision: outcome.conflict, mode });
      return false;
    }
    settle(pending, 'success', t(WORDS[mode].done));
    markSaved(draft, outcome.revision);
    setSaving(false);
    await reload(draft);
    return true;
  };

  /** Publishes `draft`, or keeps it as the article's draft; true when it was saved. */
  const save = async (draft: Draft, mode: SaveMode = 'publish'): Promise<boolean> => {
    const revision = baseRevision();
    // Not loaded yet, already saving, or a conflict waiting for the curator's choice.
    if (saving || conflict || revision === null) return false;
    return saveOn(draft, revision, mode);
  };

  /** Saves over the other version, knowingly: based on the revision the conflict named. */
  const overwrite = async (draft: Draft) => {
    if (saving || !conflict) return;
    setConflict(null);
    await saveOn(draft, conflict.revision, conflict.mode);
  };

  /** Closes the conflict without saving (the draft stays as it is). */
  const dismissConflict = () => setConflict(null);

  return { save, saving, attempted, takenUrl, takenStop, conflict, overwrite, dismissConflict };
}
