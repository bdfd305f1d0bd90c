import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { articleRequest } from './request.ts';

/**
 * A visitor page's request read once: the Node entry's fast path (node-article.ts) reads it, and
 * when the page is not kept it leaves what it read with Node's request for the app's route
 * (routes.ts), which then reads it no second time. Keyed by Node's request object, which the
 * Hono adapter hands the app as `c.env.incoming`; elsewhere (Netlify, tests) nothing is left.
 */

export type ArticleRead = NonNullable<ReturnType<typeof articleRequest>>;

const left = new WeakMap<IncomingMessage, ArticleRead>();

/** The fast path read `read` and leaves the answer to the app. */
export function leaveRead(req: IncomingMessage, read: ArticleRead): void {
  left.set(req, read);
}

/** What the fast path read of this request, taken once; undefined when it read nothing. */
export function takeRead(c: Context): ArticleRead | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return undefined;
  const read = left.get(incoming);
  left.delete(incoming);
  return read;
}
