// The editor's API calls: the article read by article.ts, bodies typed by the zod schemas the
// server routes parse. Types only: zod stays out of the browser bundle.
import type { z } from 'zod';
import { postRoute, readRoute } from '../../ui/api.ts';
import { parseArticle } from './article.ts';
import type { DraftSaved, Published } from './publishing.ts';
import type {
  articleBody,
  publishSchema,
  resetTranslationsSchema,
  SavedArticle,
  saveDraftSchema,
  unpublishSchema,
  updateArticleSchema,
} from './schema.ts';

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

/** save_draft takes update_article's body; the draft is kept beside what visitors read. */
export const saveDraft = postRoute<
  Omit<z.input<typeof saveDraftSchema>, 'newContent'> & { newContent: unknown },
  DraftSaved
>('/api/manage/save_draft');

/** Publish now, or at `at` (ISO 8601 with its offset, to come). */
export const publish = postRoute<z.input<typeof publishSchema>, Published>('/api/manage/publish');
export const cancelSchedule = postRoute<z.input<typeof articleBody>, Published>(
  '/api/manage/cancel_schedule',
);
/** Unpublish now, or at `at` (ISO 8601 with its offset, to come): the planned end. */
export const unpublish = postRoute<z.input<typeof unpublishSchema>, Published>(
  '/api/manage/unpublish',
);
export const cancelUnpublish = postRoute<z.input<typeof articleBody>, Published>(
  '/api/manage/cancel_unpublish',
);
export const discardDraft = postRoute<{ articleId: number; revision?: number }, DraftSaved>(
  '/api/manage/discard_draft',
);
