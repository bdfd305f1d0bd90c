import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import { feedbackQuery, resolveFeedbackSchema } from './schema.ts';
import type { FeedbackService } from './service.ts';

const QUERY_MESSAGES: Record<string, string> = {
  articleId: 'articleId must be the id of an article.',
  lang: 'lang must be a language Legenda offers, such as es or zh-Hans.',
};

/**
 * Visitors' reports for staff, under /api (StaffEnv: behind the session middleware), with the
 * review screen's rules: any signed-in member of the museum reads and resolves its reports;
 * another museum's article or report is 404.
 */
export function feedbackRoutes(feedback: FeedbackService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/feedback', async (c) => {
    const parsed = feedbackQuery.safeParse({
      articleId: c.req.query('articleId'),
      lang: c.req.query('lang'),
    });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'articleId');
      throw new ApiError(422, 'invalid_query', QUERY_MESSAGES[field] ?? `${field} is not valid.`, {
        details: { field },
      });
    }
    const { articleId, lang } = parsed.data;
    return c.json({ reports: await feedback.list(museum(c), articleId, lang) });
  });

  // The overview's counts of open reports, per article and language.
  app.get('/read/feedback_counts', async (c) =>
    c.json({ counts: await feedback.openCounts(museum(c)) }),
  );

  app.post('/manage/resolve_feedback', async (c) => {
    const { id } = await readJson(c, resolveFeedbackSchema);
    return c.json(await feedback.resolve(c.get('user'), id));
  });

  return app;
}
