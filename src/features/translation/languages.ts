/**
 * The languages a visitor may read an article in (spec 1: more than 100), as BCP-47 codes that
 * current LLMs translate well. Names come from `Intl.DisplayNames` (DESIGN 1: names through
 * `Intl`); direction from `Intl.Locale`'s text info.
 */

// prettier-ignore
export const LANGUAGES = [
  'af', 'am', 'ar', 'as', 'ay', 'az', 'be', 'bg', 'bho', 'bm', 'bn', 'bo', 'br', 'bs', 'ca',
  'ceb', 'ckb', 'co', 'cs', 'cy', 'da', 'de', 'doi', 'dv', 'ee', 'el', 'en', 'eo', 'es', 'et',
  'eu', 'fa', 'ff', 'fi', 'fil', 'fo', 'fr', 'fy', 'ga', 'gd', 'gl', 'gn', 'gu', 'ha', 'haw',
  'he', 'hi', 'hmn', 'hr', 'ht', 'hu', 'hy', 'id', 'ig', 'ilo', 'is', 'it', 'ja', 'jv', 'ka',
  'kk', 'km', 'kn', 'ko', 'kok', 'kri', 'ku', 'ky', 'la', 'lb', 'lg', 'ln', 'lo', 'lt', 'lus',
  'lv', 'mai', 'mg', 'mi', 'mk', 'ml', 'mn', 'mni', 'mr', 'ms', 'mt', 'my', 'nb', 'ne', 'nl',
  'nn', 'nso', 'ny', 'oc', 'om', 'or', 'pa', 'pl', 'ps', 'pt', 'pt-PT', 'qu', 'ro', 'ru', 'rw', 'sa',
  'sd', 'si', 'sk', 'sl', 'sm', 'sn', 'so', 'sq', 'sr', 'sr-Latn', 'st', 'su', 'sv', 'sw', 'ta',
  'te', 'tg', 'th', 'ti', 'tk', 'tn', 'to', 'tr', 'ts', 'tt', 'ug', 'uk', 'ur', 'uz', 've', 'vi',
  'wo', 'xh', 'yi', 'yo', 'yue', 'zh-Hans', 'zh-Hant', 'zu',
] as const;

export type LanguageCode = (typeof LANGUAGES)[number];

const SUPPORTED = new Map<string, LanguageCode>(
  LANGUAGES.map((code) => [code.toLowerCase(), code]),
);

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

/** Scripts written right to left, for a runtime without `Intl.Locale#getTextInfo`. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand']);

/** Browsers' and old aliases of the codes above. */
const ALIASES: Record<string, LanguageCode> = {
  tl: 'fil',
  no: 'nb',
  iw: 'he',
  in: 'id',
  ji: 'yi',
  jw: 'jv',
  mo: 'ro',
  zh: 'zh-Hans',
};

export function isSupportedLanguage(code: string): code is LanguageCode {
  return SUPPORTED.get(code.toLowerCase()) === code;
}

/** The supported code spelt canonically ('ZH-hant' → 'zh-Hant'), or undefined. */
export function supportedLanguage(code: string): LanguageCode | undefined {
  return SUPPORTED.get(code.toLowerCase());
}

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

/** The name of `code` written in `inLang` ('es' in 'fr' → 'Espagnol'), capitalised. */
export function languageName(code: string, inLang: string): string {
  let name: string | undefined;
  try {
    name = namesIn(inLang).of(code);
  } catch {
    name = undefined;
  }
  return capitalise(name ?? code, inLang);
}

/** The name of `code` in that language itself ('es' → 'Español', 'ar' → 'العربية'). */
export function nativeName(code: string): string {
  const override = NATIVE_OVERRIDES[code as LanguageCode];
  if (override) return override;
  const name = languageName(code, code);
  return name === code ? languageName(code, 'en') : name;
}

interface TextInfoLocale {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** Text direction for the `dir` attribute of a page in `code`. */
export function direction(code: string): 'ltr' | 'rtl' {
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

/** The supported language for one requested tag ('es-MX' → 'es', 'zh-TW' → 'zh-Hant'). */
export function matchTag(tag: string): LanguageCode | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.trim());
  } catch {
    return undefined;
  }
  const exact = supportedLanguage(locale.toString());
  if (exact) return exact;
  const full = locale.maximize();
  const language = full.language;
  if (language === 'zh') return full.script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  if (full.script) {
    const withScript = supportedLanguage(`${language}-${full.script}`);
    // Only when the script differs from the language's default one (sr-Latn, not sr-Cyrl).
    const defaultScript = new Intl.Locale(language).maximize().script;
    if (withScript && full.script !== defaultScript) return withScript;
  }
  if (language === 'pt' && full.region && full.region !== 'BR') return 'pt-PT';
  return supportedLanguage(language) ?? ALIASES[language];
}

/**
 * The best supported language of an `Accept-Language` header, by q-value then order; undefined
 * when none is supported (the caller then offers the picker or the museum's language).
 */
export function matchLanguage(header: string | null | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params
        .map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1])
        .find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((w) => w.tag !== '' && w.tag !== '*' && w.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of wanted) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return undefined;
}

/**
 * Whether text written in `a` needs no translation to be read in `b`: same language and same
 * script ('fr' and 'fr-CA' yes; 'zh-Hans' and 'zh-Hant' no; 'sr' and 'sr-Latn' no).
 */
export function sameLanguage(a: string, b: string): boolean {
  if (a.toLowerCase() === b.toLowerCase()) return true;
  try {
    const x = new Intl.Locale(a).maximize();
    const y = new Intl.Locale(b).maximize();
    return x.language === y.language && x.script === y.script;
  } catch {
    return false;
  }
}
