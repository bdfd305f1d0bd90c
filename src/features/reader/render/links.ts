import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from '../ignore-stats.ts';

/** A visitor page's own address, with the staff's ignoreStats carried along. */
export function href(
  name: string,
  params: Record<string, string | undefined>,
  ignoreStats: boolean,
  path: '/article' | '/circuit' = '/article',
) {
  const search = new URLSearchParams({ name });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
  return `${path}?${search.toString()}`;
}

/** Where a visitor page's count request goes (docs/adr/0031-visitor-pages-behind-a-cdn.md). */
export const SEEN_PATH = '/seen';

/**
 * The count request of a page shown: the article (`a`) or the museum's guide home (`g`) counted
 * in language `l`, and the language and text size (`s`) the address chose, which it remembers
 * for the visitor (language-cookie.ts, text-size.ts) in place of the page, kept by shared caches.
 */
export function seenHref(seen: {
  a?: number;
  g?: number;
  l: string;
  s?: number | undefined;
  /** The phone's language, which the visitor did not choose (a guide home): not remembered. */
  phone?: boolean;
}) {
  const search = new URLSearchParams();
  if (seen.a !== undefined) search.set('a', String(seen.a));
  if (seen.g !== undefined) search.set('g', String(seen.g));
  search.set('l', seen.l);
  if (seen.s !== undefined) search.set('s', String(seen.s));
  if (seen.phone) search.set(SEEN_PHONE, '1');
  return `${SEEN_PATH}?${search.toString()}`;
}

/** The count request's mark of a language the phone chose, not the visitor. */
export const SEEN_PHONE = 'p';
