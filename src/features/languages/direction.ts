import { LRUCache } from 'lru-cache';

/** Scripts written right to left, for a runtime without `Intl.Locale#getTextInfo`. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand']);

interface TextInfoLocale {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/**
 * Answers already given: every link of the language picker asks (145 a page), and building an
 * `Intl.Locale` each time was most of the picker's time. Bounded: `code` may come from a visitor.
 */
const known = new LRUCache<string, 'ltr' | 'rtl'>({ max: 1000 });

/** Text direction for the `dir` attribute of text in `code` (from `Intl.Locale`'s text info). */
export function direction(code: string): 'ltr' | 'rtl' {
  let answer = known.get(code);
  if (answer === undefined) {
    answer = directionOf(code);
    known.set(code, answer);
  }
  return answer;
}

function directionOf(code: string): 'ltr' | 'rtl' {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(code);
  } catch {
    return 'ltr';
  }
  const withInfo = locale as unknown as TextInfoLocale;
  const info = withInfo.getTextInfo?.() ?? withInfo.textInfo;
  if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
  return RTL_SCRIPTS.has(locale.maximize().script ?? '') ? 'rtl' : 'ltr';
}
