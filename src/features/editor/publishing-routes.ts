import { Hono, type Context } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import type { RevisionAuthor } from '../articles/revisions.ts';
import {
  articleBody,
  publishSchema,
  readArticleQuery,
  restoreRevisionSchema,
  revisionGuard,
  revisionQuery,
  saveDraftSchema,
  unpublishSchema,
} from './schema.ts';
import type { PublishingService } from './publishing.ts';

/** The article's largest body, as update_article takes it. */
const MAX_DRAFT_BYTES = 1024 * 1024;

/** Who saves: the signed-in account, named by its email at the time. */
export const authorOf = (c: Context<StaffEnv>): RevisionAuthor => {
  const user = c.get('user');
  return { userId: user.userId, email: user.email };
};

/**
 * Drafts, publishing and the history's staff calls, under /api
 * (docs/adr/0028-drafts-and-revisions.md).
 */
export function publishingRoutes(publishing: PublishingService) {
  const app = new Hono<StaffEnv>();

  app.post('/manage/save_draft', async (c) => {
    const body = await readJson(c, saveDraftSchema, MAX_DRAFT_BYTES);
    const saved = await publishing.saveDraft(museum(c), authorOf(c), body.articleId, {
      content: body.newContent,
      title: body.unformatted_name,
      instructions: body.instructions,
      revision: body.revision,
    });
    return c.json(saved);
  });

  app.post('/manage/publish', async (c) => {
    const { articleId, at, revision } = await readJson(c, publishSchema);
    return c.json(await publishing.publish(museum(c), authorOf(c), articleId, { at, revision }));
  });

  app.post('/manage/cancel_schedule', async (c) => {
    const { articleId } = await readJson(c, articleBody);
    return c.json(await publishing.cancelSchedule(museum(c), articleId));
  });

  app.post('/manage/discard_draft', async (c) => {
    const { articleId, revision } = await readJson(c, articleBody.extend(revisionGuard));
    return c.json(await publishing.discardDraft(museum(c), articleId, revision));
  });

  // Now, or at `at`: the article leaves the guide then (docs/adr/0038-scheduled-end-of-publication.md).
  app.post('/manage/unpublish', async (c) => {
    const { articleId, at } = await readJson(c, unpublishSchema);
    return c.json(await publishing.unpublish(museum(c), articleId, at));
  });

  app.post('/manage/cancel_unpublish', async (c) => {
    const { articleId } = await readJson(c, articleBody);
    return c.json(await publishing.cancelUnpublish(museum(c), articleId));
  });

  historyRoutes(app, publishing);
  return app;
}

/** The history: the kept versions listed, one read whole, one restored as the draft. */
function historyRoutes(app: Hono<StaffEnv>, publishing: PublishingService): void {
  app.post('/manage/restore_revision', async (c) => {
    const body = await readJson(c, restoreRevisionSchema);
    const restored = await publishing.restore(
      museum(c),
      authorOf(c),
      body.articleId,
      body.revision,
      body.expected,
    );
    return c.json(restored);
  });

  app.get('/read/revisions', async (c) => {
    const query = readArticleQuery.safeParse({ articleId: c.req.query('articleId') });
    if (!query.success) {
      throw new ApiError(422, 'invalid_query', 'articleId must be the id of an article.');
    }
    return c.json(await publishing.list(museum(c), query.data.articleId));
  });

  app.get('/read/revision', async (c) => {
    const query = revisionQuery.safeParse({
      articleId: c.req.query('articleId'),
      revision: c.req.query('revision'),
    });
    if (!query.success) {
      throw new ApiError(
        422,
        'invalid_query',
        'articleId must be the id of an article and revision one of its revisions.',
      );
    }
    const { articleId, revision } = query.data;
    return c.json(await publishing.read(museum(c), articleId, revision));
  });
}
