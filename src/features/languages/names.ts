import type { LanguageCode } from './catalogue.ts';

/**
 * Language names through `Intl.DisplayNames` (no hand-kept list of names), capitalised as a
 * list item or a title would be, with the catalogue's own native names where Node's ICU data has
 * none (it would answer the English name).
 */

/** Native names the ICU data of Node lacks (it would answer the English name). */
const NATIVE_OVERRIDES: Partial<Record<LanguageCode, string>> = {
  ay: 'Aymar aru',
  co: 'Corsu',
  dv: 'ދިވެހި',
  gn: 'Avañeʼẽ',
  hmn: 'Hmoob',
  ht: 'Kreyòl ayisyen',
  ny: 'Chichewa',
  sm: 'Gagana Samoa',
  ts: 'Xitsonga',
  ve: 'Tshivenḓa',
};

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(lang: string): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'language', fallback: 'code' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    }
    displayNames.set(lang, names);
  }
  return names;
}

/**
 * Upper-cases the first letter with the rules of `lang` ('türkçe' → 'Türkçe', 'i' in tr → 'İ'),
 * as a list item or a title would be. Left alone: names whose first word already holds a capital
 * ('isiZulu', 'chiShona') and Georgian, whose capitals (Mtavruli) are not used that way.
 */
function capitalise(name: string, lang: string): string {
  const first = String.fromCodePoint(name.codePointAt(0) ?? 0);
  const firstWord = name.split(/\s/u, 1)[0] ?? '';
  if (/\p{Lu}/u.test(firstWord.slice(first.length)) || /\p{Script=Georgian}/u.test(first)) {
    return name;
  }
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(lang);
  } catch {
    upper = first.toUpperCase();
  }
  return upper + name.slice(first.length);
}

/** The first letter upper-cased, whatever follows ('hasOwnProperty' → 'HasOwnProperty'). */
function upperFirst(text: string, lang: string): string {
  try {
    return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
  } catch {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
}

/**
 * The name of `code` written in `inLang` ('es' in 'fr' → 'Espagnol'), capitalised; a code that
 * is no language tag at all (a statistics key such as 'hasOwnProperty') is shown as it is, its
 * first letter upper-cased.
 */
export function languageName(code: string, inLang: string): string {
  let name: string | undefined;
  try {
    name = namesIn(inLang).of(code);
  } catch {
    name = undefined;
  }
  return name === undefined ? upperFirst(code, inLang) : capitalise(name, inLang);
}

/** The name of `code` in that language itself ('es' → 'Español', 'ar' → 'العربية'). */
export function nativeName(code: string): string {
  // Own keys only: a statistics key such as 'constructor' is no override.
  const override = Object.hasOwn(NATIVE_OVERRIDES, code)
    ? NATIVE_OVERRIDES[code as LanguageCode]
    : undefined;
  if (override) return override;
  const name = languageName(code, code);
  return name === code ? languageName(code, 'en') : name;
}

/** Lower case, accents folded, as the visitor picker compares names ('Català' = 'catala'). */
const fold = (text: string) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * A language as staff screens name it, the way the visitor picker does: by its own name
 * ('Shqip'), with the name in `inLang` beside it when that says something else
 * ('Shqip (Albanais)'). Computed by Node (at build time for the pages, or by the server): browsers
 * carry trimmed ICU data and answer a raw code or the English name for about half of them.
 */
export function languageLabel(code: string, inLang: string): string {
  const own = nativeName(code);
  const ours = languageName(code, inLang);
  return ours === code || fold(ours) === fold(own) ? own : `${own} (${ours})`;
}
