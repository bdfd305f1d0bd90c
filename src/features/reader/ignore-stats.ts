/**
 * The staff preview's switch (`/article?name=…&ignoreStats=true` counts nothing). One rule
 * for the visitor page and every link and form it writes (docs/visitors.md, 'Visitors and translation'):
 *
 * - `true`, `1` or `yes`, in any case (`TRUE`, `Yes`): a preview, counted nothing;
 * - any other value (`false`, `0`, `no`, empty) or no `ignoreStats` at all: a visit, counted.
 *
 * Only the first `ignoreStats` of a query counts. Links and forms of a preview always carry the
 * one spelling `ignoreStats=true`, so a preview stays a preview however its first address said so.
 * Lenient on purpose: a curator who types `ignoreStats=1` by hand must not inflate the counts,
 * and a visitor who adds it only removes their own visit.
 */
export const IGNORE_STATS_PARAM = 'ignoreStats';

/** The value links and forms of a preview carry. */
export const IGNORE_STATS_VALUE = 'true';

const PREVIEW = /^(?:true|1|yes)$/i;

/** Whether a query's `ignoreStats` value makes the page a preview that counts nothing. */
export function ignoresStats(value: string | null | undefined): boolean {
  return value != null && PREVIEW.test(value);
}
