import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import { readArticleQuery, resetTranslationsSchema, updateArticleSchema } from './schema.ts';
import type { EditorService } from './service.ts';
import { authorOf } from './publishing-routes.ts';

/** An article of 500 elements of long text fits; anything larger is refused unread. */
export const MAX_ARTICLE_BYTES = 1024 * 1024;

/** The editor's staff calls, under /api (StaffEnv: behind the session middleware). */
export function editorRoutes(editor: EditorService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/article', async (c) => {
    const query = readArticleQuery.safeParse({ articleId: c.req.query('articleId') });
    if (!query.success) {
      throw new ApiError(422, 'invalid_query', 'articleId must be the id of an article.');
    }
    return c.json(await editor.read(museum(c), query.data.articleId));
  });

  app.post('/manage/update_article', async (c) => {
    const body = await readJson(c, updateArticleSchema, MAX_ARTICLE_BYTES);
    const saved = await editor.update(museum(c), body.articleId, {
      content: body.newContent,
      title: body.unformatted_name,
      instructions: body.instructions,
      revision: body.revision,
      by: authorOf(c),
    });
    return c.json(saved);
  });

  app.post('/manage/reset_traductions', async (c) => {
    const { articleId, includeReviewed } = await readJson(c, resetTranslationsSchema);
    return c.json(await editor.resetTranslations(museum(c), articleId, { includeReviewed }));
  });

  return app;
}
