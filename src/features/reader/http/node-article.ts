import type { IncomingMessage, ServerResponse } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import { cachedAnswer, type CachedAnswer } from '../../../server/http/cached-body.ts';
import { plainUrl } from '../../../server/http/node-request.ts';
import { nodeReading } from './node-reading.ts';
import { visitorHeaders } from './answer-headers.ts';
import type { VisitorPages } from '../visit/pages.ts';
import { leaveRead } from './read-once.ts';
import { articleRequest } from './request.ts';

/**
 * GET /article?name=… straight on Node's request, ahead of the Hono adapter (the Node entry,
 * main.ts), when the page is kept (page-cache.ts): a visitor page is what phones ask most, and
 * for a kept page the adapter's Request and Response objects and the app's routing cost about
 * as much as the rest of the answer. What it reads and sends is routes.ts's, through the same
 * functions (request.ts, answer-headers.ts, cachedAnswer); the page's count request counts it
 * (seen-routes.ts). False: anything else (not kept yet, a HEAD, a request the adapter would
 * rewrite); the app then answers it.
 */
export function nodeArticleHandler(
  pages: VisitorPages,
  options: {
    hsts: boolean;
    /** The same address as AppDeps.clientAddress gives the app for this request. */
    clientAddress: (req: IncomingMessage) => string;
  },
) {
  const headers = visitorHeaders({ hsts: options.hsts });
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    let kept: ReturnType<VisitorPages['kept']>;
    let sent: CachedAnswer;
    try {
      // HEAD goes through Hono, which answers it from the GET route with headers of its own.
      if (req.method !== 'GET' || !req.url?.startsWith('/article?')) return false;
      const url = plainUrl(req);
      if (url === undefined) return false;
      // Every parameter at once, each name's first value, decoded: what `c.req.query(name)` gives.
      const params = getQueryParam(url) as Record<string, string>;
      const { reader, visitor } = nodeReading(req, params, options.clientAddress);
      // On Node there is no platform to hand work to (finish-later.ts); a kept page has none.
      const read = articleRequest(reader, visitor, undefined);
      if (!read) return false;
      // The thank-you line after a report is this visitor's alone: the app adds it. A page
      // not kept is the app's too, which reads the request no second time (read-once.ts).
      kept = read.reported ? undefined : pages.kept(read.request);
      if (!kept) {
        leaveRead(req, read);
        return false;
      }
      const { answer } = kept;
      sent = cachedAnswer(
        {
          method: req.method,
          ifNoneMatch: reader.header('if-none-match'),
          acceptEncoding: reader.header('accept-encoding'),
        },
        answer.body,
        headers.answer(read.ask, answer, 'article', read.cookieSize),
        answer.status,
      );
    } catch {
      // Nothing sent yet: the app answers, errors included.
      return false;
    }
    res.writeHead(sent.status, sent.headers);
    res.end(sent.body ?? undefined);
    return true;
  };
}
