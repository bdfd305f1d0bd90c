import type { IncomingMessage, ServerResponse } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import { cachedAnswer, type CachedAnswer } from '../../../server/http/cached-body.ts';
import { nodeHeader, plainUrl } from '../../../server/http/node-request.ts';
import { visitorHeaders } from './answer-headers.ts';
import { guideRequest } from './guide-request.ts';
import type { GuidePages } from '../guide/guide-pages.ts';
import type { RequestReader } from './request.ts';

const GUIDE_PATH = /^\/visit\/([^/?#]+)(?:\?|$)/;

/**
 * GET /visit/{slug} straight on Node's request when the page is kept, as node-article.ts does
 * for an article (ADR 0021): what it reads and sends is guide-routes.ts's, through the same
 * functions; its count request counts it (seen-routes.ts). False: anything else; the app then answers.
 */
export function nodeGuideHandler(
  guides: GuidePages,
  options: { hsts: boolean; clientAddress: (req: IncomingMessage) => string },
) {
  const headers = visitorHeaders({ hsts: options.hsts });
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    let kept: ReturnType<GuidePages['kept']>;
    let sent: CachedAnswer;
    try {
      const slug = req.method === 'GET' ? GUIDE_PATH.exec(req.url ?? '')?.[1] : undefined;
      const url = slug === undefined ? undefined : plainUrl(req);
      if (slug === undefined || url === undefined) return false;
      const params = getQueryParam(url) as Record<string, string>;
      const reader: RequestReader = {
        query: (name) => params[name],
        header: (name) => nodeHeader(req, name),
      };
      const visitor = {
        address: options.clientAddress(req),
        userAgent: reader.header('user-agent'),
      };
      const read = guideRequest(decodeURIComponent(slug), reader, visitor, undefined);
      kept = read.request && guides.kept(read.request);
      if (!kept) return false;
      const { answer } = kept;
      sent = cachedAnswer(
        {
          method: 'GET',
          ifNoneMatch: reader.header('if-none-match'),
          acceptEncoding: reader.header('accept-encoding'),
        },
        answer.body,
        headers.answer(read.ask, { ...answer, final: false }, 'article'),
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
