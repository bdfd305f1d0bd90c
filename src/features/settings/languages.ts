import type { Lang } from '../../i18n/paths.ts';
import { languageLabel } from '../languages/names.ts';
import { LANGUAGES } from '../languages/catalogue.ts';

/** One choice of the museum's language: its code and what the list shows. */
export type LanguageChoice = { code: string; label: string };

/**
 * Every language as staff screens name it ('Shqip (Albanais)', languages/names.ts languageLabel),
 * in the interface language's order.
 *
 * Computed by Node when the site is built (the settings, glossary and translations pages pass it
 * to their island): browsers carry trimmed ICU data and would answer a raw code ('bo', 'ff') or
 * the English name ('Albanian') for about half of the languages; Node's full ICU, with the
 * catalogue's own names for what it lacks (languages/names.ts), names them all.
 */
export function languageChoices(lang: Lang): LanguageChoice[] {
  const collator = new Intl.Collator(lang);
  return LANGUAGES.map((code) => ({ code, label: languageLabel(code, lang) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
