/**
 * Everything Legenda knows about languages: the catalogue of the 145 languages
 * visitors may read in, their names, their direction, and which one a visitor gets. Imports no
 * feature folder, so every feature may import it.
 */
export {
  isSupportedLanguage,
  LANGUAGES,
  languageTag,
  sameLanguage,
  supportedLanguage,
  type LanguageCode,
} from './catalogue.ts';
export { direction } from './direction.ts';
export { languageLabel, languageName, nativeName } from './names.ts';
export {
  acceptedTags,
  bestLanguage,
  interfaceLanguage,
  matchTag,
  suggestedLanguages,
} from './negotiate.ts';
export {
  isOffered,
  notOffered,
  offeredList,
  offeredSuggestions,
  unknownLanguages,
  type OfferedLanguages,
} from './offered.ts';
