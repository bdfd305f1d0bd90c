import { match } from '@formatjs/intl-localematcher';
import { parseAccept } from 'hono/utils/accept';
import { LRUCache } from 'lru-cache';
import { LANGUAGES, type LanguageCode } from './catalogue.ts';

/**
 * Which of our languages a visitor gets: for one tag, for an `Accept-Language` header, and for
 * the visitor pages' own words (a smaller set of languages, with English as the fallback).
 *
 * One algorithm for every set of languages, in this order:
 *  1. the tag itself, spelt canonically by `Intl.Locale` (which also turns the old codes
 *     iw, in, ji, jw, mo and tl into he, id, yi, jv, ro and fil);
 *  2. Chinese by script: Traditional for zh-TW, zh-HK, zh-MO and zh-Hant-*, Simplified otherwise;
 *  3. a script other than the language's default one ('sr-Latn-RS', 'sr-ME' → 'sr-Latn');
 *  4. Portuguese outside Brazil → 'pt-PT' ('pt-AO'; 'pt-BR' and 'pt' are 'pt');
 *  5. RFC 4647 lookup (`@formatjs/intl-localematcher`, 'lookup': 'es-MX' → 'es', 'EN-gb' → 'en');
 *  6. the language of the maximised tag ('und-FR' → 'fr'), else its alias below.
 * The library's 'best fit' (CLDR language distances) is not used: it answers German for Swiss
 * German, English for Yiddish in Latin letters, Bosnian for Croatian in Bosnia, and nothing for a
 * tag in an unusual script, where Legenda has always offered the language itself or nothing.
 */

/** Sibling codes read as another language when theirs is not offered (Norwegian: Bokmål). */
const ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/** What `match` answers when no language fits. */
const NONE = 'und';

const indexes = new WeakMap<readonly string[], Map<string, string>>();
function lowerIndex(available: readonly string[]): Map<string, string> {
  let index = indexes.get(available);
  if (!index) {
    index = new Map(available.map((code) => [code.toLowerCase(), code]));
    indexes.set(available, index);
  }
  return index;
}

/** The language of `available` for one requested tag, or undefined (see the rules above). */
export function bestLanguage(tag: string, available: readonly string[]): string | undefined {
  const index = lowerIndex(available);
  const find = (code: string | undefined) => (code ? index.get(code.toLowerCase()) : undefined);
  // Our codes are canonical: a tag spelt as one of them in other letter case is that one.
  const spelt = find(tag.trim());
  if (spelt) return spelt;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.trim());
  } catch {
    return undefined;
  }
  const canonical = locale.toString();
  const exact = find(canonical);
  if (exact) return exact;
  const full = locale.maximize();
  const language = full.language;
  if (language === 'zh') return find(full.script === 'Hant' ? 'zh-Hant' : 'zh-Hans');
  if (full.script) {
    // Only when the script differs from the language's default one (sr-Latn, not sr-Cyrl).
    const withScript = find(`${language}-${full.script}`);
    if (withScript && full.script !== new Intl.Locale(language).maximize().script) {
      return withScript;
    }
  }
  if (language === 'pt' && full.region && full.region !== 'BR') {
    const european = find('pt-PT');
    if (european) return european;
  }
  const looked = match([canonical], available, NONE, { algorithm: 'lookup' });
  if (looked !== NONE) return looked;
  return find(language) ?? find(ALIASES[language]);
}

/** The supported language for one requested tag ('es-MX' → 'es', 'zh-TW' → 'zh-Hant'). */
export function matchTag(tag: string): LanguageCode | undefined {
  return bestLanguage(tag, LANGUAGES) as LanguageCode | undefined;
}

/**
 * The language of the interface words for `lang`, among the languages that have them: the tag
 * itself ('zh-Hant'), else Chinese by script ('zh-TW' → 'zh-Hant'), else the language ('es-MX' →
 * 'es', 'pt-PT' → 'pt'), else its sibling ('nn' → 'nb'), else `fallback` (English).
 */
export function interfaceLanguage(
  lang: string,
  available: readonly string[],
  fallback = 'en',
): string {
  return bestLanguage(lang, available) ?? fallback;
}

/**
 * The tags of an `Accept-Language` header, best first: by q-value, then in the header's order;
 * '*' and q=0 left out. Read by Hono's parser of Accept headers, as Accept-Encoding is
 * (server/http/negotiate.ts): one reading of q-values for both.
 */
export function acceptedTags(header: string | undefined): string[] {
  return parseAccept(header ?? '')
    .filter((accept) => accept.type !== '*' && accept.q > 0)
    .map((accept) => accept.type);
}

function rankLanguages(header: string | undefined): LanguageCode[] {
  const codes: LanguageCode[] = [];
  for (const tag of acceptedTags(header)) {
    const code = matchTag(tag);
    if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

const MAX_REMEMBERED_HEADER = 200;
/**
 * Parsing and matching a header costs ~25 µs, more than the rest of a scan; phones send a few
 * distinct headers, so answers to short ones are kept, the least recently asked dropped first.
 */
const suggestions = new LRUCache<string, readonly LanguageCode[]>({ max: 1000 });

/** The languages an Accept-Language header asks for, best first, that Legenda offers. */
export function suggestedLanguages(header: string | undefined, limit = 3): string[] {
  if (header && header.length > MAX_REMEMBERED_HEADER) return rankLanguages(header).slice(0, limit);
  const key = `${limit}|${header ?? ''}`;
  const known = suggestions.get(key);
  if (known) return [...known];
  const codes = rankLanguages(header).slice(0, limit);
  suggestions.set(key, codes);
  return [...codes];
}
