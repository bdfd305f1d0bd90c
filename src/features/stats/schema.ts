import * as z from 'zod';
import { itemId } from '../articles/ids.ts';
import { DEFAULT_RANGE_CHOICE, RANGE_CHOICES } from './ranges.ts';

/** The statistics calls (GET /api/stats/{chart}, with readable chart names), shared by the page and API. */

export const CHARTS = [
  'scans-per-article',
  'scans-per-language',
  'requests-per-language',
  /** One article's Listen presses by language. */
  'listened-per-language',
  /** Visits of the museum's guide home (`/visit/{slug}`) by language. */
  'guide-visits',
] as const;
export type Chart = (typeof CHARTS)[number];

export const statsQuery = z.object({
  days: z
    .enum(RANGE_CHOICES.map(String) as [string, ...string[]], { error: 'must be 10, 30 or 90' })
    .default(String(DEFAULT_RANGE_CHOICE))
    .transform(Number),
  /** The interface language: how dates and language names are written. */
  lang: z.enum(['fr', 'en'], { error: 'must be fr or en' }).default('fr'),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
  articleId: itemId.optional(),
});

/** One day of a chart: its date for the axis, then one count per series (a stats row). */
export type StatsRow = { formatted_date: string } & Record<string, number | string>;
