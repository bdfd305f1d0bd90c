import { languageName } from '../../languages/names.ts';

/** The language picker's search (picker.ts): how a typed query is read and matched. */

/** Longest search kept: a language name is short, and the query is written back in the page. */
export const MAX_QUERY = 64;

/** Lower case, compatibility forms and accents folded: 'ESPAÑOL' and 'ｅｓｐａｎｏｌ' → 'espanol'. */
export function fold(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

export function cleanQuery(query: string | undefined): string {
  return (query ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

/**
 * Whether a language answers the search: its native name, its English name, its name in the
 * interface language (all folded), or the start of its code.
 */
export function matchesQuery(
  language: { code: string; name: string },
  query: string,
  uiLang = 'en',
): boolean {
  const q = fold(cleanQuery(query));
  if (q === '') return true;
  if (language.code.toLowerCase().startsWith(q)) return true;
  const names = [language.name, languageName(language.code, 'en')];
  if (uiLang !== 'en') names.push(languageName(language.code, uiLang));
  return names.some((name) => fold(name).includes(q));
}
