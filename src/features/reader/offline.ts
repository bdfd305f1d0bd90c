/**
 * Offline reading on poor museum Wi-Fi. The service worker (public/sw.js)
 * keeps every visitor page read and its images. The visitor pages' one script (public/reader.js,
 * deferred; nothing needs it: without it the pages work as before and the save block stays
 * hidden):
 * - registers the worker;
 * - once the worker controls the page, asks for this page again through it when the page was
 *   opened before the worker was there (a first visit), so that it is kept, and fetches the
 *   page's pictures, lazy ones included;
 * - on a circuit page, loads public/offline.js, which drives the 'Save … for offline reading'
 *   block written here (render/offline-block.ts): on a tap it fetches every page the block names
 *   (the circuit and its stops, a stop still being translated asked again every 2 s, 3 minutes
 *   at most in all), their pictures, what the stops play (their audio blocks' files, and the
 *   server's voice in the visitor's language where their Listen would use it: made within the
 *   visitor's limits, else skipped and said) and, when the visitor agrees after reading their
 *   size, their videos, all through the worker; checks that each is kept, then says what was
 *   saved and how much room it takes, in the words the block carries; a saved circuit can be
 *   removed.
 * What the server does for them: it marks a complete page (PAGE_HEADER; the worker keeps nothing
 * else) and counts no visit, nor listening, for a request carrying SAVE_HEADER (pages.ts,
 * http/speech-routes.ts).
 */

/**
 * Sent with a page that is what its address shows for good: the article in its language (not
 * the picker, a progress page, the original shown for want of a translation, a 404, the outage
 * page or a staff preview). Its value names the page: 'article' (routes.ts); 'circuit' for the
 * circuit page.
 */
export const PAGE_HEADER = 'X-Legenda-Page';

/**
 * Sent by reader.js and offline.js with what they fetch to save (and to keep a page read before
 * the worker was there): no visitor is shown anything by that request, so it counts nothing.
 */
export const SAVE_HEADER = 'Legenda-Save';

/** True when a request carries SAVE_HEADER. */
export function isSaveRequest(value: string | undefined): boolean {
  return value !== undefined && value.trim() === '1';
}
