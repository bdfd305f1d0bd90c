import type { IncomingMessage } from 'node:http';

/**
 * Node's own request read as Hono reads it through @hono/node-server, for the busy paths the
 * Node entry answers ahead of the adapter (main.ts): the same URL, the same header values. Only
 * a plain request is taken (a host and a path the adapter uses as they are); any other is left
 * to the adapter, which normalises or refuses it.
 */

// @hono/node-server's own tests of a host and a request path it uses without rewriting them.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const PLAIN_PATH = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** The URL Hono sees for this request, when the adapter would take it as it is; else undefined. */
export function plainUrl(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  const path = req.url ?? '';
  if (host === undefined || !PLAIN_HOST.test(host)) return undefined;
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return undefined;
  // An encrypted socket is HTTPS, as the adapter sees it.
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return `${scheme}://${host}${path}`;
}

const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const isWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;
const trim = (value: string) =>
  isWhitespace(value.charCodeAt(0)) || isWhitespace(value.charCodeAt(value.length - 1))
    ? value.replace(HTTP_WHITESPACE, '')
    : value;

/** Headers Node keeps once, not joined: the adapter reads their raw lines (@hono/node-server). */
const NOT_JOINED = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/**
 * A header's value as `c.req.header(name)` gives it (`name` in any case, not Set-Cookie):
 * every line of it joined (by '; ' for Cookie, ', ' otherwise), each trimmed of HTTP whitespace;
 * undefined when absent. Node joins most headers itself; those it keeps once (User-Agent…) are
 * read from the raw lines, as the adapter reads them.
 */
export function nodeHeader(req: IncomingMessage, asked: string): string | undefined {
  const name = asked.toLowerCase();
  if (!NOT_JOINED.has(name)) {
    const value = req.headers[name];
    return typeof value === 'string' ? trim(value) : undefined;
  }
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const line = raw[i]!;
    if (line.length !== name.length || line.toLowerCase() !== name) continue;
    const trimmed = trim(raw[i + 1]!);
    value = value === undefined ? trimmed : `${value}, ${trimmed}`;
  }
  return value;
}
