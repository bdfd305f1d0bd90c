import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import {
  approveTranslationSchema,
  retranslateSegmentSchema,
  translationsQuery,
  updateTranslationSchema,
} from './schema.ts';
import type { ReviewService } from './service.ts';

/** Issue 18's review calls, under /api (StaffEnv: behind the session middleware). */
export function reviewRoutes(review: ReviewService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/translations', async (c) => {
    const query = translationsQuery.safeParse({
      articleId: c.req.query('articleId'),
      lang: c.req.query('lang'),
    });
    if (!query.success) {
      const field = String(query.error.issues[0]?.path[0] ?? 'articleId');
      throw new ApiError(
        422,
        'invalid_query',
        field === 'lang'
          ? 'lang must be a language Legenda offers, such as es or zh-Hans.'
          : 'articleId must be the id of an article.',
        { details: { field } },
      );
    }
    return c.json(await review.segments(museum(c), query.data.articleId, query.data.lang));
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

  return app;
}
