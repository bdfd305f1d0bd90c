import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { call, type ApiResult } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { restoreRevision } from './history.ts';
import { staleRevision } from './stale.ts';

/**
 * Where a restore stands: asked for and waiting for the curator's yes, sent, or refused because
 * someone else saved the article meanwhile (`current`: their revision).
 */
export type RestoreStep =
  | { step: 'idle' }
  | { step: 'confirming' }
  | { step: 'restoring' }
  | { step: 'stale'; current: number };

type Options = {
  t: TFn;
  articleId: number;
  /** The version to restore. */
  revision: number;
  /** The revision the editor's text is based on: sent as `expected`, so a stale restore is 409. */
  baseRevision: () => number | null;
  /** After the restore: the editor loads the article again (the restored version is its draft). */
  onRestored: () => Promise<void>;
  /** Refused: someone else saved meanwhile (the history lists their version again). */
  onStale: () => void;
};

/**
 * 'Restore this version': asks first, then makes the version the draft (nothing is published),
 * based on the editor's revision. When someone else saved meanwhile the server refuses it and the
 * step says so; `restore(current)` then restores over their save, knowingly.
 */
export function useRestore(options: Options) {
  const { t, articleId, revision, baseRevision, onRestored, onStale } = options;
  const [state, setState] = useState<RestoreStep>({ step: 'idle' });

  const restore = async (expected: number | null) => {
    setState({ step: 'restoring' });
    let result: ApiResult;
    try {
      result = await call(restoreRevision, {
        articleId,
        revision,
        ...(expected !== null && { expected }),
      });
    } catch (error) {
      console.error('Restoring a version failed', error);
      toast.error(t('common.networkError'));
      setState({ step: 'idle' });
      return;
    }
    const current = staleRevision(result);
    if (current !== null) {
      setState({ step: 'stale', current });
      onStale();
      return;
    }
    if (!result.ok) {
      toast.error(apiErrorMessage(t, result));
      setState({ step: 'idle' });
      return;
    }
    setState({ step: 'idle' });
    await onRestored();
  };

  return {
    state,
    ask: () => setState({ step: 'confirming' }),
    cancel: () => setState({ step: 'idle' }),
    /** The curator said yes: restores on the editor's revision. */
    confirm: () => void restore(baseRevision()),
    /** After a 409: restores over the revision someone else saved. */
    overwrite: () => {
      if (state.step === 'stale') void restore(state.current);
    },
  };
}
