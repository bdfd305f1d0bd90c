// The review screen's API calls (issue 18): bodies typed by the zod schemas the server routes
// parse, answers by their types. Types only (`import type`): zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type {
  approveTranslationSchema,
  ReviewDocument,
  retranslateSegmentSchema,
  ReviewSegment,
  updateTranslationSchema,
} from './schema.ts';

const isDocument = (body: unknown) =>
  typeof body === 'object' && body !== null && Array.isArray((body as ReviewDocument).segments);

/** GET /api/read/translations: one article's texts in one language, with their states. */
export const translationsRoute = (articleId: number, lang: string) =>
  getRoute<ReviewDocument>(
    `/api/read/translations?articleId=${articleId}&lang=${encodeURIComponent(lang)}`,
    isDocument,
  );

export const updateTranslation = postRoute<z.input<typeof updateTranslationSchema>, ReviewSegment>(
  '/api/manage/update_translation',
);

export const retranslateSegment = postRoute<
  z.input<typeof retranslateSegmentSchema>,
  ReviewSegment
>('/api/manage/retranslate_segment');

export const approveTranslation = postRoute<
  z.input<typeof approveTranslationSchema>,
  { articleId: number; lang: string; approved: number }
>('/api/manage/approve_translation');
