/**
 * The visitor pages' own words: the language picker, the translation notes, the
 * line of a page still being translated, the empty article, the 404, the page shown while the
 * database is out of reach, circuits and the 'Save for offline reading' block
 * (offline.ts). A dictionary per language (strings/{tag}.json; en.json is the reference, a test
 * keeps the others in step), in the visitor's language when we have it, English otherwise, with
 * their `{placeholders}` filled by format() below: no library, since nothing else (plurals,
 * nesting, formats) is asked of them, and i18next would be 90 kB of a visitor function's cold
 * start (docs/adr/0032-a-light-visitor-function.md). Plain text: nothing is escaped here, the
 * pages escape at render time.
 *
 * `{placeholders}` stand alone in every language (no declension around them): a language name
 * arrives in the nominative, capitalised, often in its own script ('Español', 'العربية').
 */

import { interfaceLanguage } from '../../languages/negotiate.ts';
import en from './strings/en.json' with { type: 'json' };
import fr from './strings/fr.json' with { type: 'json' };
import es from './strings/es.json' with { type: 'json' };
import de from './strings/de.json' with { type: 'json' };
import it from './strings/it.json' with { type: 'json' };
import pt from './strings/pt.json' with { type: 'json' };
import nl from './strings/nl.json' with { type: 'json' };
import pl from './strings/pl.json' with { type: 'json' };
import ru from './strings/ru.json' with { type: 'json' };
import uk from './strings/uk.json' with { type: 'json' };
import zhHans from './strings/zh-Hans.json' with { type: 'json' };
import zhHant from './strings/zh-Hant.json' with { type: 'json' };
import ja from './strings/ja.json' with { type: 'json' };
import ko from './strings/ko.json' with { type: 'json' };
import ar from './strings/ar.json' with { type: 'json' };
import he from './strings/he.json' with { type: 'json' };
import tr from './strings/tr.json' with { type: 'json' };
import el from './strings/el.json' with { type: 'json' };
import sv from './strings/sv.json' with { type: 'json' };
import da from './strings/da.json' with { type: 'json' };
import nb from './strings/nb.json' with { type: 'json' };
import fi from './strings/fi.json' with { type: 'json' };
import cs from './strings/cs.json' with { type: 'json' };
import ro from './strings/ro.json' with { type: 'json' };
import hu from './strings/hu.json' with { type: 'json' };
import hi from './strings/hi.json' with { type: 'json' };

export const UI_KEYS = [
  'chooseLanguage',
  'search',
  'searchButton',
  'suggested',
  'allLanguages',
  'noMatch',
  'notOffered',
  'original',
  'machineTranslated',
  'museumTranslated',
  'partlyChecked',
  'showOriginal',
  'unavailable',
  'noEngine',
  'translating',
  'wait',
  'readOriginalMeanwhile',
  'empty',
  'notFoundTitle',
  'notFoundText',
  'notYetTitle',
  'notYetText',
  'changeLanguage',
  'outageTitle',
  'outageText',
  'smallerText',
  'largerText',
  'stopOf',
  'previousStop',
  'nextStop',
  'stopsTitle',
  'allStops',
  'stopNumber',
  'circuitNotFoundTitle',
  'circuitNotFoundText',
  'offlineSave',
  'offlineSaving',
  'offlineSaved',
  'offlineFailed',
  'audioLanguage',
  'transcript',
  'listen',
  'pause',
  'listenUnavailable',
  'tooManyLanguages',
  'translationPaused',
  'listenBusy',
  'listenPaused',
  // A saved circuit's sounds and videos, and removing it (offline-block.ts).
  'offlineSavedVideos',
  'offlineSoundsLater',
  'offlineVideosAsk',
  'offlineVideosSave',
  'offlineVideosElsewhere',
  'offlineRemove',
  'offlineRemoved',
  'articleStop',
  'reportProblem',
  'reportWhat',
  'reportTranslation',
  'reportOriginal',
  'reportOther',
  'reportWhere',
  'reportWholePage',
  'reportMessage',
  'reportSend',
  'reportThanks',
  'reportNotSent',
  'reportEmpty',
  'reportTooLong',
  'reportInvalid',
  'reportTooMany',
  'reportBack',
  // A streamed page's note before texts the checks refused, shown as written.
  'refusedShown',
  // The same for texts left in the source language for want of the engine (a guide home's titles).
  'partlyOriginal',
  'guideSearch',
  'guideStopBox',
  'guideGo',
  'guideCircuits',
  'guideArticles',
  'guideStops',
  'guideResults',
  'guideNoResult',
  'guideUnknownStop',
  'guideBadStop',
  'guideQueryTooLong',
  'guideAllArticles',
] as const;

export type UiKey = (typeof UI_KEYS)[number];
export type UiStrings = Readonly<Record<UiKey, string>>;

/** Keyed by canonical BCP-47 tag. French spaces before « » : ; are no-break (U+00A0). */
export const UI_STRINGS: Readonly<Record<string, UiStrings>> = {
  en,
  fr,
  es,
  de,
  it,
  pt,
  nl,
  pl,
  ru,
  uk,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  ja,
  ko,
  ar,
  he,
  tr,
  el,
  sv,
  da,
  nb,
  fi,
  cs,
  ro,
  hu,
  hi,
};

/** The languages we have words in. */
const UI_LANGUAGES: readonly string[] = Object.keys(UI_STRINGS);

/**
 * The language of the dictionary used for `lang` (languages/negotiate.ts): the tag itself when
 * we have it ('zh-Hant'), else Chinese by script ('zh-TW' → 'zh-Hant', 'zh' → 'zh-Hans'), else
 * the language ('es-MX' → 'es'), else its sibling ('nn' → 'nb'), else 'en'. Give this to `lang`
 * attributes of the words.
 */
export function uiLanguage(lang: string): string {
  return interfaceLanguage(lang, UI_LANGUAGES, 'en');
}

/** The interface words in `lang` (see uiLanguage for the fallback). */
export function uiStrings(lang: string): UiStrings {
  return UI_STRINGS[uiLanguage(lang)] ?? UI_STRINGS.en!;
}

/** One interface text in `lang` with its `{placeholders}` filled (plain text, not escaped). */
export function uiText(lang: string, key: UiKey, values: Record<string, string | number> = {}) {
  const words = UI_STRINGS[uiLanguage(lang)];
  return format(words?.[key] ?? UI_STRINGS.en![key], values);
}

/**
 * Fills `{name}` placeholders of a text already chosen; unknown ones are left as they are.
 * Plain text in, plain text out: the caller escapes the result where it writes HTML.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The placeholders of a template, sorted: '{done} of {total}' → ['done', 'total']. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

/**
 * The language of the words that say why the visitor does not read the language they asked
 * for (the original shown, a language not offered): that one when we have its words, else the
 * first of their phone's that we have, else English.
 */
export function noteLanguage(requested: string, suggested: readonly string[]): string {
  for (const code of [requested, ...suggested]) {
    const ui = uiLanguage(code);
    if (ui !== 'en' || code.split('-')[0]?.toLowerCase() === 'en') return ui;
  }
  return 'en';
}
