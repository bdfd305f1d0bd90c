import { LANGUAGES, sameLanguage, supportedLanguage } from './catalogue.ts';
import { acceptedTags, bestLanguage, suggestedLanguages } from './negotiate.ts';

/**
 * The languages a museum lets its visitors choose: null, every language of the catalogue (the
 * default); else its list, to which its own language always belongs (its texts need no
 * translation to be read, so they cost nothing).
 */
export type OfferedLanguages = readonly string[] | null;

/**
 * The museum's list as it is kept: catalogue codes spelt canonically, each once, in the
 * catalogue's order, with the museum's own language; null stays null (all). Unknown codes are
 * the caller's to refuse first (`unknownLanguages`); here they are left out.
 */
export function offeredList(
  list: readonly string[] | null | undefined,
  source: string,
): string[] | null {
  if (!list) return null;
  const wanted = new Set<string>([source, ...list].flatMap((c) => supportedLanguage(c) ?? []));
  return LANGUAGES.filter((code) => wanted.has(code));
}

/** The codes of `list` the catalogue does not know, as they were written. */
export function unknownLanguages(list: readonly string[]): string[] {
  return list.filter((code) => !supportedLanguage(code));
}

/** Whether visitors may choose `lang` (a catalogue code) in a museum writing in `source`. */
export function isOffered(lang: string, offered: OfferedLanguages, source: string): boolean {
  if (!offered) return true;
  if (sameLanguage(lang, source)) return true;
  return offered.some((code) => code === lang);
}

/** The codes of `langs` that are not offered, in their order. */
export function notOffered(
  langs: readonly string[],
  offered: OfferedLanguages,
  source: string,
): string[] {
  return langs.filter((lang) => !isOffered(lang, offered, source));
}

/**
 * The languages to suggest to a visitor, best first: their phone's (Accept-Language) among the
 * offered ones, each tag matched against the museum's list itself ('es-MX' → 'es', 'pt-AO' →
 * 'pt-PT' when only European Portuguese is offered). Every language offered: the catalogue's
 * answer, kept in its cache.
 */
export function offeredSuggestions(
  header: string | undefined,
  offered: OfferedLanguages,
  limit = 3,
): string[] {
  if (!offered) return suggestedLanguages(header, limit);
  const codes: string[] = [];
  // The phone's first tags only: a header may be long, and the picker is not a busy page.
  for (const tag of acceptedTags(header?.slice(0, 1_000)).slice(0, 20)) {
    const code = bestLanguage(tag, offered);
    if (code && !codes.includes(code)) codes.push(code);
    if (codes.length === limit) break;
  }
  return codes;
}
