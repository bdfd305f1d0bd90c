// The editor's API calls: the article read by article.ts, bodies typed by the zod schemas the
// server routes parse. Types only: zod stays out of the browser bundle.
import type { z } from 'zod';
import { postRoute, readRoute } from '../../ui/api.ts';
import { parseArticle } from './article.ts';
import type { resetTranslationsSchema, SavedArticle, updateArticleSchema } from './schema.ts';

/** GET /api/read/article: the article as saved. */
export const articleRoute = (articleId: number) =>
  readRoute(`/api/read/article?articleId=${articleId}`, parseArticle);

/** The content goes as the editor holds it: the server checks it against the content schema. */
export const updateArticle = postRoute<
  Omit<z.input<typeof updateArticleSchema>, 'newContent'> & { newContent: unknown },
  SavedArticle
>('/api/manage/update_article');

export const resetTranslations = postRoute<z.input<typeof resetTranslationsSchema>, unknown>(
  '/api/manage/reset_traductions',
);
