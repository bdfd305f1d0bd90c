import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, localePath, type Lang } from '../i18n/paths.ts';

/** Remember the choice for later pages and visits; the server reads it on French routes. */
export function rememberLang(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Go to the same page (query string and fragment kept) in another language. */
export function switchLanguage(from: Lang, to: Lang): void {
  rememberLang(to);
  if (from === to) return;
  const { pathname, search, hash } = window.location;
  window.location.assign(localePath(to, pathname + search + hash));
}
