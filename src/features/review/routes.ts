import { Hono } from 'hono';
import type { z } from 'zod';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { finishLater } from '../../server/http/finish-later.ts';
import { readJson } from '../../server/http/json-body.ts';
import type { PrepareService } from './prepare.ts';
import {
  approveTranslationSchema,
  estimateQuery,
  retranslateSegmentSchema,
  translateNowSchema,
  translationsQuery,
  updateTranslationSchema,
} from './schema.ts';
import type { ReviewService } from './service.ts';
import type { StatusService } from './status.ts';

const QUERY_MESSAGES: Record<string, string> = {
  articleId: 'articleId must be the id of an article.',
  lang: 'lang must be a language Legenda offers, such as es or zh-Hans.',
  langs: 'langs must list languages Legenda offers, separated by commas, such as es,zh-Hans.',
};

/** A query parsed, or a 422 naming its first bad field. */
function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'articleId');
  throw new ApiError(422, 'invalid_query', QUERY_MESSAGES[field] ?? `${field} is not valid.`, {
    details: { field },
  });
}

/** The review screen's translation calls, under /api (StaffEnv: behind the session middleware). */
export function reviewRoutes(services: {
  review: ReviewService;
  status: StatusService;
  prepare: PrepareService;
}) {
  const { review, status, prepare } = services;
  const app = new Hono<StaffEnv>();

  app.get('/read/translations', async (c) => {
    const query = parseQuery(translationsQuery, {
      articleId: c.req.query('articleId'),
      lang: c.req.query('lang'),
    });
    return c.json(await review.segments(museum(c), query.articleId, query.lang));
  });

  app.post('/manage/update_translation', async (c) => {
    const body = await readJson(c, updateTranslationSchema);
    return c.json(await review.update(c.get('user'), body));
  });

  app.post('/manage/retranslate_segment', async (c) => {
    const body = await readJson(c, retranslateSegmentSchema);
    return c.json(await review.retranslate(c.get('user'), body));
  });

  app.post('/manage/approve_translation', async (c) => {
    const body = await readJson(c, approveTranslationSchema);
    return c.json(await review.approve(c.get('user'), body));
  });

  // JSON text made by the database (status-repo.ts): sent as it is.
  app.get('/read/translation_status', async (c) =>
    c.body(await status.overview(museum(c)), 200, { 'Content-Type': 'application/json' }),
  );

  app.get('/read/translation_estimate', async (c) => {
    const query = parseQuery(estimateQuery, {
      articleId: c.req.query('articleId') || undefined,
      langs: c.req.query('langs') ?? '',
    });
    return c.json(await prepare.estimate(museum(c), query));
  });

  app.post('/manage/translate_now', async (c) => {
    const body = await readJson(c, translateNowSchema);
    const started = await prepare.start(museum(c), body, (work) => finishLater(c, work));
    return c.json(started, 202);
  });

  app.get('/read/translate_now', async (c) =>
    c.json(await prepare.progress(museum(c), (work) => finishLater(c, work))),
  );

  return app;
}
