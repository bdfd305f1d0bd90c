import { useMemo } from 'react';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';

/**
 * t() for the editor's memoised cards: the same function for the whole life of the page (useT
 * makes a new one at every render, which would re-render every card on every keystroke). The
 * dictionaries are bundled and the language never changes on a page, so nothing is missed.
 */
export function useStableT(lang: Lang): TFn {
  return useMemo<TFn>(() => (key, vars) => translate(lang, key, vars), [lang]);
}
