// Client-side helpers of the statistics page: no React, no Chart.js, so they stay testable.
import type { Chart, StatsRow } from './schema.ts';

import type { Range } from './ranges.ts';

export type StatsLang = 'fr' | 'en';

/**
 * The charts of one article, loaded together by the page's Fetch: chart 3, the languages its
 * visitors asked for, and the read-aloud Listen presses by language.
 */
export const ARTICLE_CHARTS = [
  'requests-per-language',
  'listened-per-language',
] as const satisfies readonly Chart[];
export type ArticleChart = (typeof ARTICLE_CHARTS)[number];

/** One article chart on the page: its rows and the article they are about (its caption's). */
export type ArticleChartState<A> = {
  status: 'loading' | 'done';
  rows: StatsRow[];
  article: A | null;
};

/**
 * An article chart once its answer came (`rows`, or null when it failed), for `article`: success
 * shows the rows and names the article (the caption changes only then). A failed Fetch
 * (`keepOnFailure`) leaves the chart as it was; a failed reload for a new range empties it, as
 * the rows it had are another range's.
 */
export function articleChartAfter<A>(
  previous: ArticleChartState<A>,
  rows: StatsRow[] | null,
  article: A,
  keepOnFailure: boolean,
): ArticleChartState<A> {
  if (rows) return { status: 'done', rows, article };
  if (keepOnFailure) return { ...previous, status: 'done' };
  return { status: 'done', rows: [], article: previous.article };
}

/** The address of one chart's rows: JSON for the page, `csv` for the download link. */
export function statsUrl(
  chart: Chart,
  options: { days: Range; lang: StatsLang; articleId?: number; format?: 'csv' },
): string {
  const query = new URLSearchParams();
  if (options.format) query.set('format', options.format);
  query.set('days', String(options.days));
  query.set('lang', options.lang);
  if (options.articleId !== undefined) query.set('articleId', String(options.articleId));
  return `/api/stats/${chart}?${query.toString()}`;
}

/** Rows as the server sent them, or null when the body is not an array of day rows. */
export function parseRows(body: unknown): StatsRow[] | null {
  if (!Array.isArray(body)) return null;
  const rows: StatsRow[] = [];
  for (const row of body as unknown[]) {
    if (typeof row !== 'object' || row === null) return null;
    const date = (row as Record<string, unknown>).formatted_date;
    if (typeof date !== 'string') return null;
    rows.push(row as StatsRow);
  }
  return rows;
}

/** The series of a chart: every key of the first row except formatted_date. */
export function seriesOf(rows: readonly StatsRow[]): string[] {
  const first = rows[0];
  return first ? Object.keys(first).filter((key) => key !== 'formatted_date') : [];
}

/** A row's count for a series (0 when missing or not a number). */
export function countOf(row: StatsRow, series: string): number {
  const value = Number(row[series]);
  return Number.isFinite(value) ? value : 0;
}

/** Each series with its total over all rows, in series order. */
export function totalsOf(rows: readonly StatsRow[]): { series: string; total: number }[] {
  return seriesOf(rows).map((series) => ({
    series,
    total: rows.reduce((sum, row) => sum + countOf(row, series), 0),
  }));
}

/** How many series the summary of a chart names before it says 'and n more'. */
export const SUMMARY_SERIES = 5;
