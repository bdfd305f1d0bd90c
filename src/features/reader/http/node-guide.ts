import type { IncomingMessage, ServerResponse } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import {
  cachedAnswer,
  type CachedAnswer,
  type CachedBody,
} from '../../../server/http/cached-body.ts';
import { plainUrl } from '../../../server/http/node-request.ts';
import { nodeReading } from './node-reading.ts';
import { visitorHeaders } from './answer-headers.ts';
import { guideRequest } from './guide-request.ts';
import type { GuidePages } from '../guide/guide-pages.ts';
import type { Asking } from './request.ts';

const GUIDE_PATH = /^\/visit\/([^/?#]+)(?:\?|$)/;

/** Addresses whose reading is remembered at most (then all are forgotten: a bound, no more). */
const REMEMBERED_ADDRESSES = 1_000;

/** Ways of sending one kept page remembered at most (languages remembered, encodings…). */
const REMEMBERED_ANSWERS = 32;

/** The boxes' and the picker's parameters: what a visitor typed. */
const TYPED = ['q', 'stop', 'choose'];

/** What an address says, the same at every request: the slug, and the query's parameters. */
interface Address {
  slug: string;
  params: Record<string, string>;
}

/**
 * GET /visit/{slug} straight on Node's request when the page is kept, as node-article.ts does
 * for an article (ADR 0021): what it reads and sends is guide-routes.ts's, through the same
 * functions; its count request counts it (seen-routes.ts). False: anything else; the app then
 * answers.
 *
 * A phone reloads the same address: its reading (the slug decoded, every parameter) is
 * remembered by address, so a reload pays for none of it again.
 */
export function nodeGuideHandler(
  guides: GuidePages,
  options: { hsts: boolean; clientAddress: (req: IncomingMessage) => string },
) {
  const headers = visitorHeaders({ hsts: options.hsts });
  const addresses = new Map<string, Address>();

  /** The address read (null: not a guide home's), from what was remembered when it can be. */
  const addressOf = (path: string, url: string): Address | null => {
    const known = addresses.get(path);
    if (known !== undefined) return known;
    const slug = GUIDE_PATH.exec(path)?.[1];
    if (slug === undefined) return null;
    // Every parameter at once, each name's first value, decoded: what `c.req.query(name)` gives.
    const params = getQueryParam(url) as Record<string, string>;
    const read = { slug: decodeURIComponent(slug), params };
    // Only a home's address as it is (what a phone reloads): never what a visitor typed.
    if (TYPED.every((name) => params[name] === undefined)) {
      if (addresses.size >= REMEMBERED_ADDRESSES) addresses.clear();
      addresses.set(path, read);
    }
    return read;
  };

  // What a kept page is sent as, by what decides it: made once for each while the page lasts.
  const answers = new WeakMap<CachedBody, Map<string, CachedAnswer>>();
  const answerOf = (
    answer: NonNullable<ReturnType<GuidePages['kept']>>['answer'],
    ask: Asking,
    request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  ): CachedAnswer => {
    const key = [
      ask.preview,
      ask.asked,
      ask.picking,
      ask.remembered,
      request.ifNoneMatch,
      request.acceptEncoding,
    ].join('\n');
    let made = answers.get(answer.body);
    let sent = made?.get(key);
    if (sent) return sent;
    sent = cachedAnswer(
      { method: 'GET', ...request },
      answer.body,
      headers.answer(ask, { ...answer, final: false }, 'article'),
      answer.status,
    );
    if (!made) answers.set(answer.body, (made = new Map()));
    // A few ways of asking a page are all phones use: any more are not remembered.
    if (made.size < REMEMBERED_ANSWERS) made.set(key, sent);
    return sent;
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    let kept: ReturnType<GuidePages['kept']>;
    let sent: CachedAnswer;
    try {
      if (req.method !== 'GET' || req.url === undefined) return false;
      const url = plainUrl(req);
      const address = url === undefined ? null : addressOf(req.url, url);
      if (address === null) return false;
      const { params } = address;
      const { reader, visitor } = nodeReading(req, params, options.clientAddress);
      const read = guideRequest(address.slug, reader, visitor, undefined);
      kept = read.request && guides.kept(read.request);
      if (!kept) return false;
      sent = answerOf(kept.answer, read.ask, {
        ifNoneMatch: reader.header('if-none-match'),
        acceptEncoding: reader.header('accept-encoding'),
      });
    } catch {
      // Nothing sent yet: the app answers, errors included.
      return false;
    }
    res.writeHead(sent.status, sent.headers);
    res.end(sent.body ?? undefined);
    return true;
  };
}
