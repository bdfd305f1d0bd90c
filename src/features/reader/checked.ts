import { isPublicUrl } from '../articles/content-fields.ts';
import { supportedLanguage } from '../languages/catalogue.ts';

/**
 * The two things a visitor's address names, checked once where the request is read (http/):
 * everything past the edge takes these types, so nothing behind it checks or normalises again.
 */

/** Longest `lang` read from a request: every catalogue code is far shorter. */
export const MAX_LANG_LENGTH = 35;

/**
 * A language Legenda offers, spelt as the catalogue spells it ('ES' and 'es' are both 'es'):
 * made only by visitorLang(), so a page, its cache key and its counts all see one spelling.
 */
export type VisitorLang = string & { readonly __visitorLang: true };

/** The checked language of a raw `lang` (a query parameter, a cookie), or undefined. */
export function visitorLang(raw: string | undefined): VisitorLang | undefined {
  if (!raw) return undefined;
  return supportedLanguage(raw.slice(0, MAX_LANG_LENGTH)) as VisitorLang | undefined;
}

/** A public page name (an article's or a circuit's), made only by pageName(). */
export type PageName = string & { readonly __pageName: true };

/** The name as a page may be looked up by, or undefined: no page can have it. */
export function pageName(raw: string | undefined): PageName | undefined {
  return isPublicUrl(raw) ? (raw as PageName) : undefined;
}
