import type { Lang } from '../../i18n/index.ts';
import { languageName, LANGUAGES, nativeName } from '../languages/index.ts';

/** Lower case, accents folded, as the visitor picker compares names ('Català' = 'catala'). */
const fold = (text: string) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** One choice of the museum's language: its code and what the list shows. */
export type LanguageChoice = { code: string; label: string };

/**
 * The languages as the visitor picker names them: by their own names ('Shqip'), with the
 * interface language's name beside it when it says something else ('Shqip (Albanais)').
 *
 * Computed by Node when the site is built (the settings page passes it to its island): browsers
 * carry trimmed ICU data and would answer a raw code ('bo', 'ff') or the English name
 * ('Albanian') for about half of the languages; Node's full ICU, with the catalogue's own names
 * for what it lacks (languages/names.ts), names them all.
 */
export function languageChoices(lang: Lang): LanguageChoice[] {
  const collator = new Intl.Collator(lang);
  return LANGUAGES.map((code) => {
    const own = nativeName(code);
    const ours = languageName(code, lang);
    const label = ours === code || fold(ours) === fold(own) ? own : `${own} (${ours})`;
    return { code, label };
  }).sort((a, b) => collator.compare(a.label, b.label));
}
