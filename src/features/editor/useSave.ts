import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { api, type ApiResult } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import { afterRender } from './announce.ts';
import { focusProblem } from './focusProblem.ts';
import { describeProblem } from './problems.ts';
import type { Draft } from './state.ts';
import type { ReloadBase } from './useArticle.ts';
import { checkDraft, pathOfServerDetail, type Problem } from './validate.ts';

/** A failure whose message the error toast shows as is. */
class Shown extends Error {}

type ErrorBody = {
  error?: { code?: unknown; message?: unknown; details?: { path?: unknown; message?: unknown }[] };
};

/** The server's reason for a 409, 413 or 422, placed in the article when it names a field. */
function serverReason(t: TFn, draft: Draft, result: ApiResult): string | null {
  const error = (result.body as ErrorBody | null)?.error;
  const detail = Array.isArray(error?.details) ? error.details[0] : undefined;
  if (detail && typeof detail.path === 'string' && typeof detail.message === 'string') {
    const problem: Problem = { path: pathOfServerDetail(detail.path), message: detail.message };
    return describeProblem(t, draft, problem, detail.message);
  }
  return typeof error?.message === 'string' ? error.message : null;
}

type Options = {
  t: TFn;
  articleId: number;
  reload: (base?: ReloadBase) => Promise<void>;
  markSaved: (draft: Draft) => void;
};

/**
 * Save (spec 4, 7): checked here first (a refused save names the element and the field), then
 * 'Saving article...', then 'Article saved' and a reload, or the error.
 */
export function useSave({ t, articleId, reload, markSaved }: Options) {
  const [saving, setSaving] = useState(false);
  /** A save was tried: required fields left empty now show their error. */
  const [attempted, setAttempted] = useState(false);
  /** The url a 409 refused, shown as taken until it is changed. */
  const [takenUrl, setTakenUrl] = useState<string | null>(null);

  const refuse = (draft: Draft, problems: Problem[]) => {
    const first = problems[0];
    if (!first) return;
    const problem = describeProblem(t, draft, first);
    toast.error(
      problems.length > 1
        ? t('editor.cannotSaveMany', { count: problems.length, problem })
        : t('editor.cannotSave', { problem }),
    );
    afterRender(() => focusProblem(first.path));
  };

  const send = async (draft: Draft, content: unknown) => {
    let result: ApiResult;
    try {
      result = await api('/api/manage/update_article', {
        method: 'POST',
        body: {
          articleId,
          newContent: content,
          unformatted_name: draft.title,
          instructions: draft.instructions,
        },
      });
    } catch (error) {
      console.error('Saving the article failed', error);
      throw error;
    }
    if (result.ok) return;
    console.error('Saving the article failed', result.status, result.body);
    if (result.status === 409) setTakenUrl(draft.content[0].url);
    const reason = [409, 413, 422].includes(result.status) ? serverReason(t, draft, result) : null;
    throw reason ? new Shown(reason) : new Error(`HTTP ${result.status}`);
  };

  const save = async (draft: Draft) => {
    if (saving) return;
    setAttempted(true);
    const checked = checkDraft(draft);
    if (!checked.ok) {
      refuse(draft, checked.problems);
      return;
    }
    setSaving(true);
    try {
      await toast.promise(send(draft, checked.content), {
        pending: t('editor.saving'),
        success: t('editor.saved'),
        error: {
          render: ({ data }) => (data instanceof Shown ? data.message : t('common.genericError')),
        },
      });
    } catch {
      setSaving(false);
      return;
    }
    markSaved(draft);
    setSaving(false);
    await reload(draft);
  };

  return { save, saving, attempted, takenUrl };
}
