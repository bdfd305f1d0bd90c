import { parseAccept } from 'hono/utils/accept';

/**
 * The two request headers a body made once and sent many times is answered by, read as HTTP
 * says (RFC 9110): If-None-Match and Accept-Encoding.
 */

/**
 * Whether an If-None-Match names the current representation, whose tag is `etag`: `*` names
 * any, otherwise a comma-separated list of entity tags compared weakly (`W/"x"` and `"x"` are
 * the same tag, as a proxy that compresses on the fly turns ours into a weak one).
 *
 * Not the `fresh` package (only here through dev tools): it also answers "changed" to a request
 * carrying Cache-Control: no-cache and demands If-Modified-Since agree even when an entity tag
 * was given, where RFC 9110 ignores If-Modified-Since beside If-None-Match. Hono's own ETag
 * middleware compares the same way but does not export it.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // The usual revalidation sends back our tag as it was: answered without parsing.
  if (header === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  if (!header.includes(opaque)) return header.trim() === '*';
  // An entity tag is an optional W/ and a quoted string with no quote in it; commas between.
  for (const [, tag] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag === opaque) return true;
  return false;
}

export type Coding = 'br' | 'gzip' | 'identity';

/** The codings we may send, in our order of preference when the client likes them equally. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** The `q` of identity when the header names neither it nor `*`. */
const IDENTITY_UNNAMED = 0.001;

/**
 * The coding to send, among `available` (identity is always available), for an Accept-Encoding
 * with its quality values (Hono's parser): the highest `q` wins, brotli then gzip on a tie, and
 * `q=0` refuses a coding. A coding not named takes the `q` of `*` when there is one; identity not
 * named is acceptable (RFC 9110) but comes last, with the smallest `q` a client can write;
 * anything else not named is not acceptable. No header: identity, as before any negotiation.
 *
 * When everything is refused (`identity;q=0` with nothing else we have, or `*;q=0`), the bytes
 * go as they are: a page unreadable for want of a coding helps no one, and HTTP lets a server
 * disregard the header rather than answer 406.
 */
export function pickCoding(
  header: string | undefined,
  available: { br: boolean; gzip: boolean },
): Coding {
  if (header === undefined) return 'identity';
  // A page is asked for with a handful of different headers (one per browser): each is parsed
  // once. Bounded in count and length, so that made-up headers cannot make it grow.
  if (header.length > MEMO_MAX_LENGTH) return pick(header, available);
  const memo = picked[(available.br ? 2 : 0) + (available.gzip ? 1 : 0)]!;
  const known = memo.get(header);
  if (known) return known;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const coding = pick(header, available);
  memo.set(header, coding);
  return coding;
}

const MEMO_SIZE = 256;
const MEMO_MAX_LENGTH = 256;
const picked: Map<string, Coding>[] = [new Map(), new Map(), new Map(), new Map()];

function pick(header: string, available: { br: boolean; gzip: boolean }): Coding {
  const named = new Map<string, number>();
  // Sorted by q, highest first: a coding named twice keeps its highest.
  for (const accept of parseAccept(header)) {
    const name = accept.type.toLowerCase();
    // x-gzip is gzip's old name.
    const coding = name === 'x-gzip' ? 'gzip' : name;
    if (!named.has(coding)) named.set(coding, accept.q);
  }
  const star = named.get('*');
  const quality = (coding: Coding) =>
    named.get(coding) ?? star ?? (coding === 'identity' ? IDENTITY_UNNAMED : 0);
  let best: Coding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available[coding]) continue;
    const q = quality(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
}
