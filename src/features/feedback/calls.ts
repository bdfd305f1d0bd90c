// The visitor reports' staff calls: bodies typed by the zod schemas the server routes parse,
// answers by their types. Types only (`import type`): zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type { OpenReports, VisitorReport } from './repo.ts';
import type { resolveFeedbackSchema } from './schema.ts';

const hasReports = (body: unknown) =>
  Array.isArray((body as { reports?: unknown } | null)?.reports);

const hasCounts = (body: unknown) => Array.isArray((body as { counts?: unknown } | null)?.counts);

/** GET /api/read/feedback: one article's reports in one language, open ones first. */
export const reportsRoute = (articleId: number, lang: string) =>
  getRoute<{ reports: VisitorReport[] }>(
    `/api/read/feedback?articleId=${articleId}&lang=${encodeURIComponent(lang)}`,
    hasReports,
  );

/** GET /api/read/feedback_counts: the museum's open reports per article and language. */
export const reportCountsRoute = getRoute<{ counts: OpenReports[] }>(
  '/api/read/feedback_counts',
  hasCounts,
);

export const resolveFeedback = postRoute<z.input<typeof resolveFeedbackSchema>, { id: number }>(
  '/api/manage/resolve_feedback',
);
