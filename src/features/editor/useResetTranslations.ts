import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import { resetTranslations } from './calls.ts';
import type { ReloadBase } from './useArticle.ts';

type Options = {
  t: TFn;
  articleId: number;
  reload: (base?: ReloadBase) => Promise<unknown>;
};

/** Reset translations: 'Resetting translations…', then success and a reload. */
export function useResetTranslations({ t, articleId, reload }: Options) {
  const [resetting, setResetting] = useState(false);

  const reset = async (includeReviewed = false) => {
    if (resetting) return;
    setResetting(true);
    const run = async () => {
      const result = await call(
        resetTranslations,
        includeReviewed ? { articleId, includeReviewed } : { articleId },
      );
      if (!result.ok) {
        console.error('Resetting the translations failed', result.status, result.body);
        throw new Error(`HTTP ${result.status}`);
      }
    };
    try {
      await toast.promise(run(), {
        pending: t('editor.resetting'),
        success: t('editor.resetDone'),
        error: t('common.genericError'),
      });
      // The draft is left as it is: a reset does not change the article.
      await reload(null);
    } catch (error) {
      console.error('Resetting the translations failed', error);
    } finally {
      setResetting(false);
    }
  };

  return { reset, resetting };
}
