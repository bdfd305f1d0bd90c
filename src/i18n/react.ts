// react-i18next for islands: the same synchronous instances as t(), handed to the hook.
import { useTranslation } from 'react-i18next';
import { i18nFor, type TKey, type TVars } from './index.ts';
import type { Lang } from './paths.ts';

export type TFn = (key: TKey, vars?: TVars) => string;

/** t() bound to a language, for islands: `const t = useT(lang)`. */
export function useT(lang: Lang): TFn {
  const { t } = useTranslation('translation', { i18n: i18nFor(lang), useSuspense: false });
  return (key, vars) => t(key, vars ?? {});
}
