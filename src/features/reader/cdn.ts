/**
 * What a shared cache (Netlify's CDN, Varnish, any CDN) may keep of a visitor page, and the tags
 * a change purges it by (docs/adr/0031-visitor-pages-behind-a-cdn.md). Browsers still revalidate
 * every page (`Cache-Control: no-cache` and the ETag); a shared cache keeps it until a change
 * purges its tags, so a visitor never reads a stale translation after a save.
 */

/** A year: a kept page lives until a change purges it, not until a clock says so. */
const SHARED_MAX_AGE = 31_536_000;

/** A page kept by shared caches: each CDN reads its own header, and ignores the others'. */
export const SHARED_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'CDN-Cache-Control': `public, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=60`,
  'Surrogate-Control': `max-age=${SHARED_MAX_AGE}`,
  'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=60`,
  // The text size chosen before (text-size.ts) makes a page of its own, answered privately:
  // Netlify keeps one page per value of that cookie, the one without it being everyone's.
  'Netlify-Vary': 'cookie=legenda_size',
};

/**
 * The language picker of an address without a language (a first scan's): the same for every
 * phone sending the same languages, so kept by them (`Vary: Accept-Language`, and Netlify's own
 * header); a language remembered in a cookie opens the article instead: Netlify keys on it, and
 * another cache passes such a request to Legenda (docs/cdn/varnish.vcl does).
 */
export const PICKER_CACHE_HEADERS: Readonly<Record<string, string>> = {
  Vary: 'Accept-Language, Accept-Encoding',
  'Netlify-Vary': 'header=Accept-Language,cookie=legenda_lang|legenda_size',
};

/** Every page of a museum: a museum setting changes them all. */
export const museumTag = (museumId: number) => `legenda-m${museumId}`;
/** An article's pages in every language, and the circuit pages listing it. */
export const articleTag = (museumId: number, articleId: number) =>
  `legenda-m${museumId}-a${articleId}`;
/** A museum's pages in one language (lowercase BCP 47). */
export const languageTag = (museumId: number, lang: string) =>
  `legenda-m${museumId}-l${lang.toLowerCase()}`;
/** A circuit's pages, and its stops' pages opened from it. */
export const circuitTag = (museumId: number, circuitId: number) =>
  `legenda-m${museumId}-c${circuitId}`;
/** The museum's guide home in every language. */
export const guideTag = (museumId: number) => `legenda-m${museumId}-guide`;

/** The tag headers of a kept page: Fastly and Varnish's, Cloudflare's, Netlify's. */
export function tagHeaders(tags: readonly string[]): Record<string, string> {
  return {
    'Surrogate-Key': tags.join(' '),
    'Cache-Tag': tags.join(','),
    'Netlify-Cache-Tag': tags.join(','),
  };
}
