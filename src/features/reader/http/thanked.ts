import type { CachedBody } from '../../../server/http/cached-body.ts';
import { PAGE_HEADER } from '../offline.ts';
import { thanksLine } from '../render/report-form.ts';

/**
 * The article page a visitor comes back to after a report (/feedback's 303 to `reported=1`):
 * the page every visitor gets, with a thank-you line at the top. The line is this visitor's
 * alone, so the answer is made for this request only: the kept page (page-cache.ts) stays
 * without it, no shared cache or browser keeps it (`no-store`, no ETag), and the service worker
 * does not keep it for offline reading (no PAGE_HEADER).
 */
export function thankedResponse(
  page: CachedBody,
  headers: Record<string, string>,
  status: number,
  lang: string | undefined,
): Response {
  const html = new TextDecoder().decode(page.body);
  // First in the reader, where the translation note stands: the top of the page.
  const reader = html.indexOf('<div class="reader"');
  const at = reader < 0 ? -1 : html.indexOf('>', reader) + 1;
  // A page without the reader (a 404 page) has no article to thank for.
  const thanked =
    status === 200 && at > 0
      ? `${html.slice(0, at)}${thanksLine(lang ?? 'en')}${html.slice(at)}`
      : html;
  const sent: Record<string, string> = { ...headers, 'Cache-Control': 'no-store' };
  delete sent[PAGE_HEADER];
  return new Response(thanked, { status, headers: sent });
}
