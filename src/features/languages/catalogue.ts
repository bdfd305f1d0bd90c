import { LRUCache } from 'lru-cache';

/**
 * The languages a visitor may read an article in (more than 100 are promised), as BCP-47 codes that
 * current LLMs translate well. Their names are in names.ts, their direction in direction.ts, the
 * choice of one for a visitor in negotiate.ts.
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

export function isSupportedLanguage(code: string): code is LanguageCode {
  return SUPPORTED.get(code.toLowerCase()) === code;
}

/** The supported code spelt canonically ('ZH-hant' → 'zh-Hant'), or undefined. */
export function supportedLanguage(code: string): LanguageCode | undefined {
  return SUPPORTED.get(code.toLowerCase());
}

/** Tags already made canonical (bounded: `lang` may come from a visitor). */
const tags = new LRUCache<string, string>({ max: 1000 });

/** A well-formed language tag, canonicalised, or 'fr' (the default language). */
export function languageTag(lang: string): string {
  let tag = tags.get(lang);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(lang)[0] ?? 'fr';
    } catch {
      tag = 'fr';
    }
    tags.set(lang, tag);
  }
  return tag;
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
