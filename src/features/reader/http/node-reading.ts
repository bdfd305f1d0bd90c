import type { IncomingMessage } from 'node:http';
import { nodeHeader } from '../../../server/http/node-request.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { RequestReader } from './request.ts';

/**
 * Node's own request read as the routes read Hono's (the Node entry's busy paths:
 * node-article.ts, node-guide.ts, seen-routes.ts): the query's parameters, already decoded as
 * `c.req.query` decodes them, its headers, and the visitor it comes from.
 */
export function nodeReading(
  req: IncomingMessage,
  params: Record<string, string>,
  clientAddress: (req: IncomingMessage) => string,
): { reader: RequestReader; visitor: Visitor } {
  const reader: RequestReader = {
    query: (name) => params[name],
    header: (name) => nodeHeader(req, name),
  };
  return {
    reader,
    visitor: { address: clientAddress(req), userAgent: reader.header('user-agent') },
  };
}
