import { serialize } from 'hono/utils/cookie';
import { cookieValue } from '../../../server/http/cookie-value.ts';
import { visitorLang, type VisitorLang } from '../checked.ts';

/**
 * The visitor's language, chosen once: a functional cookie holding only a catalogue
 * code, nothing else about the visitor. Set when a visitor reads a page in a language they
 * asked for (a link's `lang`, the picker's); read by later pages without `lang` and by QR
 * scans, which then open the article in it directly. A link carrying `lang` always wins.
 */
export const LANGUAGE_COOKIE = 'legenda_lang';

/** A year: a museum's visitors come back. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The remembered language in a Cookie header, if it is one Legenda offers. */
export function rememberedLanguage(cookieHeader: string | undefined): VisitorLang | undefined {
  if (!cookieHeader?.includes(LANGUAGE_COOKIE)) return undefined;
  return visitorLang(cookieValue(cookieHeader, LANGUAGE_COOKIE));
}

/** The Set-Cookie value remembering `lang` (a catalogue code). */
export function languageCookie(lang: string, secure: boolean): string {
  return serialize(LANGUAGE_COOKIE, lang, {
    path: '/',
    maxAge: MAX_AGE_SECONDS,
    sameSite: 'Lax',
    httpOnly: true,
    secure,
  });
}
