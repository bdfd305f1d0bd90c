// The review screen's API calls: bodies typed by the zod schemas the server routes
// parse, answers by their types. Types only (`import type`): zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type {
  approveTranslationSchema,
  ReviewDocument,
  retranslateSegmentSchema,
  ReviewSegment,
  translateNowSchema,
  updateTranslationSchema,
} from './schema.ts';
import type { PrepareProgress } from './prepare.ts';
import type { TranslationStatus } from './status.ts';
import type { WorkEstimate } from '../translation/translator-types.ts';

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

/** GET /api/read/translation_status: the overview's counts. */
export const statusRoute = getRoute<TranslationStatus>('/api/read/translation_status', (body) =>
  Array.isArray((body as TranslationStatus | null)?.articles),
);

/** GET /api/read/translation_estimate: what Translate now would cost. */
export const estimateRoute = (langs: readonly string[], articleId?: number) =>
  getRoute<WorkEstimate & { articles: number; langs: string[] }>(
    `/api/read/translation_estimate?langs=${langs.map(encodeURIComponent).join(',')}${
      articleId === undefined ? '' : `&articleId=${articleId}`
    }`,
  );

export const translateNow = postRoute<
  z.input<typeof translateNowSchema>,
  PrepareProgress & { articles: number; langs: string[] }
>('/api/manage/translate_now');

/** GET /api/read/translate_now: the museum's Translate now progress. */
export const progressRoute = getRoute<PrepareProgress>('/api/read/translate_now');
