import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { nodeScanHandler } from '../features/qrcodes/scan-routes.ts';
import { nodeArticleHandler } from '../features/reader/http/node-article.ts';
import { nodeGuideHandler } from '../features/reader/http/node-guide.ts';
import { nodeSeenHandler } from '../features/reader/http/seen-routes.ts';
import type { Services } from './services.ts';
import type { Logger } from '../server/log.ts';

/**
 * The Node entry's request listener (main.ts): the busiest requests, a kept visitor page or
 * guide home, its count request (/seen) and a scan of /r/{code}, answered on Node's own request and response (nodeArticleHandler,
 * nodeScanHandler); everything else, and whatever they leave, by the app through the Hono
 * adapter.
 */
export function nodeListener(
  app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  services: Pick<Services, 'reader' | 'scan' | 'guide' | 'seen'>,
  options: {
    hsts: boolean;
    /** The same address as AppDeps.clientAddress gives the app for this request. */
    clientAddress: (req: IncomingMessage) => string;
    log: Logger;
  },
) {
  const article = nodeArticleHandler(services.reader, options);
  const scan = nodeScanHandler(services.scan, options.clientAddress);
  const guide = nodeGuideHandler(services.guide, options);
  const seen = nodeSeenHandler(services.seen, options);
  const listener = getRequestListener(app.fetch);
  return (req: IncomingMessage, res: ServerResponse): void => {
    // A visitor page is never a scan: each request meets one busy path at most.
    const fast = req.url?.startsWith('/article?')
      ? article
      : req.url?.startsWith('/visit/')
        ? guide
        : req.url?.startsWith('/seen?')
          ? seen
          : scan;
    fast(req, res).then(
      (done) => {
        if (!done) void listener(req, res);
      },
      (error: unknown) => {
        // Counted already (a scan's or a count request's count comes before it is answered): not
        // answered twice.
        options.log.error(`${req.method} ${req.url}: not answered`, error);
        res.destroy();
      },
    );
  };
}
