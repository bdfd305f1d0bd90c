// The languages and their addresses: no dictionary, no i18next, so that the public pages' plain
// script (src/site/public-page.ts) can take them; everyone imports them from here.

export type Lang = 'fr' | 'en';
export const LANGS: readonly Lang[] = ['fr', 'en'];
export const DEFAULT_LANG: Lang = 'fr';

/** Cookie that remembers the reader's choice; the Node server redirects French routes to /en/ when it says en. */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLang(value: unknown): value is Lang {
  return value === 'fr' || value === 'en';
}

/**
 * The URL of a page in a language. French lives at the plain routes (/login), English under /en:
 * localePath('en', '/login') === '/en/login', localePath('en', '/') === '/en',
 * localePath('fr', '/en/login') === '/login'. Query strings and fragments are kept.
 */
export function localePath(lang: Lang, path: string): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const rawPath = match?.[1] ?? '';
  const rest = match?.[2] ?? '';
  const bare = stripLocale(rawPath.startsWith('/') ? rawPath : `/${rawPath}`);
  if (lang === DEFAULT_LANG) return bare + rest;
  return (bare === '/' ? '/en' : `/en${bare}`) + rest;
}

/** '/en/login' -> '/login', '/en' -> '/', '/login' -> '/login'. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en' || pathname === '/en/') return '/';
  if (pathname.startsWith('/en/')) return pathname.slice(3);
  return pathname || '/';
}
