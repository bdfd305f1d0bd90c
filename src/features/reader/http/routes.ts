import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../server/context.ts';
import { cachedResponse } from '../../../server/http/cached-body.ts';
import { finishLater } from '../../../server/http/finish-later.ts';
import { streamedResponse } from '../../../server/http/streamed-body.ts';
import { visitorHeaders } from './answer-headers.ts';
import type { VisitorPages } from '../visit/pages.ts';
import { articleRequest, circuitRequest, type RequestReader } from './request.ts';
import { takeRead } from './read-once.ts';
import { thankedResponse } from './thanked.ts';
import type { GuidePages } from '../guide/guide-pages.ts';
import { guideRoutes } from './guide-routes.ts';

/**
 * The visitor page, /article?name={name}: rendered on the server, needing no
 * JavaScript (pages.ts). Without `name` the request is the editor's page and goes on to the
 * static site. `lang` picks the language; `choose=1` or `q` show the picker; `ignoreStats`
 * (ignore-stats.ts) makes a staff preview that counts nothing; a request carrying SAVE_HEADER
 * (offline reading, offline.ts) counts nothing either, and a complete page carries PAGE_HEADER.
 * `reported=1`: back from a report (/feedback), the page with a thank-you line (thanked.ts).
 */
export function readerRoutes(
  pages: VisitorPages,
  options: {
    hsts: boolean;
    clientAddress: (c: Context) => string;
    /** The museum of the staff member signed in on a request, if any (engine-gate.ts). */
    staffMuseum?: ((c: Context) => Promise<number | undefined>) | undefined;
    /** The museums' guide homes, /visit/{slug} (guide-routes.ts). */
    guide?: GuidePages | undefined;
  },
) {
  const app = new Hono<AppEnv>();
  // Mounted ahead of the shared middleware, so every answer carries its headers itself.
  const headers = visitorHeaders({ hsts: options.hsts });
  const reader = (c: Context): RequestReader => ({
    query: (name) => c.req.query(name),
    header: (name) => c.req.header(name),
  });
  const visitor = (c: Context) => ({
    address: options.clientAddress(c),
    userAgent: c.req.header('user-agent'),
  });
  // What engine work needs to know of a request (engine-gate.ts): HEAD starts none.
  const starting = (c: Context) => ({
    head: c.req.method === 'HEAD',
    staffMuseum: options.staffMuseum && (() => options.staffMuseum!(c)),
  });

  app.get('/article', async (c, next) => {
    const background = (work: Promise<unknown>) => finishLater(c, work);
    // Read on the Node entry's fast path already, when it left the page to the app.
    const read = takeRead(c) ?? articleRequest(reader(c), visitor(c), background);
    if (!read) return next();
    const answer = await pages.answer({ ...read.request, background, ...starting(c) });
    // The thank-you line after a report is this visitor's: no shared cache keeps that page.
    const shown = read.reported ? { ...answer, tags: undefined } : answer;
    const sent = headers.answer(read.ask, shown, 'article', read.cookieSize);
    // A first translation is sent as it is made; every other page, made once.
    return answer.stream
      ? streamedResponse(c.req.raw, answer.stream, sent, answer.status)
      : read.reported
        ? thankedResponse(answer.body, sent, answer.status, read.request.lang)
        : cachedResponse(c.req.raw, answer.body, sent, answer.status);
  });

  // A circuit's page: the same rules as an article's for language and text size.
  app.get('/circuit', async (c) => {
    const { request, ask } = circuitRequest(reader(c), visitor(c), (work) => finishLater(c, work));
    const answer = await pages.circuit({ ...request, ...starting(c) });
    // Its text size is the one a cookie remembers, if any (a circuit's page has no A− A+).
    const sent = headers.answer(ask, answer, 'circuit', request.textSize !== undefined);
    return cachedResponse(c.req.raw, answer.body, sent, answer.status);
  });

  if (options.guide) app.route('/', guideRoutes(options.guide, options));

  return app;
}
