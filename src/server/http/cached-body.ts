import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ifNoneMatchHits, pickCoding } from './negotiate.ts';

/**
 * A body made once and sent many times (a visitor page, a museum's tree, a file of the site):
 * its bytes, its compressed forms and the ETag that names them. One recipe for all three, so a
 * phone on a weak network revalidates any of them with one small request.
 */
export interface CachedBody {
  body: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer> | undefined;
  br?: Uint8Array<ArrayBuffer> | undefined;
  etag: string;
}

/**
 * Above this size brotli's quality 11 blocks for seconds (the CMS's 5 MB bundle: 23 s on two
 * cores); quality 6 takes half a second for a file 14 % larger.
 */
const LARGE = 1 << 20;

/** The ETag of some bytes: a strong one, from their SHA-256. */
export function etagOf(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/**
 * `text` or `bytes` made ready to send: gzip (zlib's default level unless told) when longer than
 * `compressAbove` bytes, and brotli too when `brotli` (files of the site: made once per process,
 * so the best quality pays).
 */
export function cacheBody(
  content: string | Uint8Array,
  options: { compressAbove?: number; brotli?: boolean; gzipLevel?: number } = {},
): CachedBody {
  const body = new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content);
  const compress = body.length > (options.compressAbove ?? 0);
  return {
    body,
    etag: etagOf(body),
    gzip: compress ? new Uint8Array(gzipSync(body, { level: options.gzipLevel ?? 6 })) : undefined,
    br:
      compress && options.brotli
        ? new Uint8Array(
            brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: body.length > LARGE ? 6 : 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          )
        : undefined,
  };
}

/**
 * What to answer a request for `cached`: 304 when its If-None-Match names the body (a 200 only:
 * an error page is never "not modified"), or the form its Accept-Encoding takes (negotiate.ts).
 * Our answers carry an ETag and no Last-Modified, so If-Modified-Since has nothing to compare.
 */
export function chooseBody(
  cached: CachedBody,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  status = 200,
): 'not-modified' | { bytes: Uint8Array<ArrayBuffer>; encoding?: 'br' | 'gzip' } {
  if (status === 200 && ifNoneMatchHits(request.ifNoneMatch, cached.etag)) return 'not-modified';
  const available = { br: cached.br !== undefined, gzip: cached.gzip !== undefined };
  const coding = pickCoding(request.acceptEncoding, available);
  if (coding === 'br' && cached.br) return { bytes: cached.br, encoding: 'br' };
  if (coding === 'gzip' && cached.gzip) return { bytes: cached.gzip, encoding: 'gzip' };
  return { bytes: cached.body };
}

/** What is sent for a cached body: its status, all its headers and its bytes (none: 304, HEAD). */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

/**
 * The answer to a request for `cached` with `headers` (Content-Type, Cache-Control, Vary… the
 * caller's): 304, or the form its Accept-Encoding takes, with its ETag and length.
 */
export function cachedAnswer(
  request: { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  cached: CachedBody,
  headers: Record<string, string>,
  status = 200,
): CachedAnswer {
  const choice = chooseBody(cached, request, status);
  const base = { ...headers, ETag: cached.etag };
  if (choice === 'not-modified') return { status: 304, headers: base, body: null };
  const sent = choice.encoding ? { ...base, 'Content-Encoding': choice.encoding } : base;
  return {
    status,
    headers: { ...sent, 'Content-Length': String(choice.bytes.length) },
    body: request.method === 'HEAD' ? null : choice.bytes,
  };
}

/**
 * cachedAnswer as a Response, built without Hono's context: the visitor page's busy path on
 * Netlify (on Node, node-article.ts writes the same answer on Node's own response).
 */
export function cachedResponse(
  request: Request,
  cached: CachedBody,
  headers: Record<string, string>,
  status = 200,
): Response {
  const answer = cachedAnswer(
    {
      method: request.method,
      ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
      acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
    },
    cached,
    headers,
    status,
  );
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** cachedResponse through Hono's context: the headers set on `c` so far go with it. */
export function sendCached(c: Context, cached: CachedBody, status: 200 | 404 = 200): Response {
  c.header('ETag', cached.etag);
  const choice = chooseBody(
    cached,
    { ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') },
    status,
  );
  if (choice === 'not-modified') return c.body(null, 304);
  if (choice.encoding) c.header('Content-Encoding', choice.encoding);
  c.header('Content-Length', String(choice.bytes.length));
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(choice.bytes, status);
}
