import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../server/context.ts';
import { cachedResponse } from '../../../server/http/cached-body.ts';
import { finishLater } from '../../../server/http/finish-later.ts';
import { suggestedLanguages } from '../../languages/negotiate.ts';
import { visitorHeaders } from './answer-headers.ts';
import { guideRequest } from './guide-request.ts';
import type { GuidePages } from '../guide/guide-pages.ts';
import { notFoundAnswer, renderNotFoundPage } from '../render/message-page.ts';
import { cacheBody } from '../../../server/http/cached-body.ts';
import type { RequestReader } from './request.ts';

/**
 * A museum's guide home, GET /visit/{slug}: its circuits and articles in the visitor's
 * language, a search (`q`) and a stop number box (`stop`, a 303 to that article), rendered on
 * the server and needing no JavaScript (guide/guide.ts), as the visitor pages are.
 */
export function guideRoutes(
  guides: GuidePages,
  options: {
    hsts: boolean;
    clientAddress: (c: Context) => string;
    staffMuseum?: ((c: Context) => Promise<number | undefined>) | undefined;
  },
) {
  const app = new Hono<AppEnv>();
  const headers = visitorHeaders({ hsts: options.hsts });

  app.get('/visit/:slug', async (c) => {
    const reader: RequestReader = {
      query: (name) => c.req.query(name),
      header: (name) => c.req.header(name),
    };
    const visitor = { address: options.clientAddress(c), userAgent: c.req.header('user-agent') };
    const read = guideRequest(c.req.param('slug'), reader, visitor, (work) => finishLater(c, work));
    if (!read.request) {
      // No museum can have this address: the reader's 404, in the visitor's language.
      const lang = read.ask.asked ?? suggestedLanguages(c.req.header('accept-language'), 1)[0];
      const page = notFoundAnswer(renderNotFoundPage(lang ?? 'fr'));
      const answer = {
        body: cacheBody(page.html),
        status: 404 as const,
        cacheControl: page.cacheControl,
      };
      return cachedResponse(
        c.req.raw,
        answer.body,
        headers.answer(read.ask, answer, 'article'),
        404,
      );
    }
    const answer = await guides.answer({
      ...read.request,
      head: c.req.method === 'HEAD',
      staffMuseum: options.staffMuseum && (() => options.staffMuseum!(c)),
    });
    if (answer.redirect !== undefined) {
      // Straight to the article: never stored, so a stop number typed again asks again.
      return c.body(null, 303, { Location: answer.redirect, 'Cache-Control': 'no-store' });
    }
    const sent = headers.answer(read.ask, { ...answer, final: false }, 'article');
    return cachedResponse(c.req.raw, answer.body, sent, answer.status);
  });

  return app;
}
