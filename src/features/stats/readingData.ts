// Client-side helpers of the reading time and circuit completion charts: no React, no Chart.js.
import type { Range } from './ranges.ts';
import type { StatsRow } from './schema.ts';

export type StatsLang = 'fr' | 'en';

/** GET /api/stats/reading-time's answer (stats/reading-service.ts). */
export interface ReadingAnswer {
  languages: {
    language: string;
    name: string;
    count: number;
    q1: number;
    median: number;
    q3: number;
  }[];
}

/** GET /api/stats/circuit-completion's answer. */
export interface CompletionAnswer {
  started: number;
  completed: number;
  days: { day: string; started: number; completed: number }[];
}

/** A circuit as the chooser lists it (GET /api/read/circuits). */
export interface CircuitChoice {
  id: number;
  title: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const numbers = (value: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => typeof value[key] === 'number');

export function parseReading(body: unknown): ReadingAnswer | null {
  if (!isRecord(body) || !Array.isArray(body.languages)) return null;
  const ok = body.languages.every(
    (l) =>
      isRecord(l) &&
      typeof l.language === 'string' &&
      typeof l.name === 'string' &&
      numbers(l, ['count', 'q1', 'median', 'q3']),
  );
  return ok ? (body as unknown as ReadingAnswer) : null;
}

export function parseCompletion(body: unknown): CompletionAnswer | null {
  if (!isRecord(body) || !numbers(body, ['started', 'completed'])) return null;
  if (!Array.isArray(body.days)) return null;
  const ok = body.days.every(
    (d) => isRecord(d) && typeof d.day === 'string' && numbers(d, ['started', 'completed']),
  );
  return ok ? (body as unknown as CompletionAnswer) : null;
}

export function parseCircuits(body: unknown): CircuitChoice[] | null {
  if (!Array.isArray(body)) return null;
  const ok = body.every(
    (c) => isRecord(c) && typeof c.id === 'number' && typeof c.title === 'string',
  );
  return ok ? (body as CircuitChoice[]).map(({ id, title }) => ({ id, title })) : null;
}

/** The address of reading time or circuit completion: JSON for the page, `csv` for the link. */
export function readingUrl(
  chart: 'reading-time' | 'circuit-completion',
  id: number,
  options: { days: Range; lang: StatsLang; format?: 'csv' },
): string {
  const query = new URLSearchParams();
  if (options.format) query.set('format', options.format);
  query.set(chart === 'reading-time' ? 'articleId' : 'circuitId', String(id));
  query.set('days', String(options.days));
  query.set('lang', options.lang);
  return `/api/stats/${chart}?${query.toString()}`;
}

/**
 * Reading time as chart rows: one group of bars per language (its name and how many readings),
 * the quartiles and median in seconds under the series' names.
 */
export function readingRows(
  answer: ReadingAnswer,
  names: { q1: string; median: string; q3: string; readings: (n: number) => string },
): StatsRow[] {
  return answer.languages.map((l) => {
    const row = Object.create(null) as StatsRow;
    row.formatted_date = `${l.name} (${names.readings(l.count)})`;
    row[names.q1] = l.q1;
    row[names.median] = l.median;
    row[names.q3] = l.q3;
    return row;
  });
}

const dateFormats = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};

/** Circuit completion as chart rows: a day, its phones that started and that reached the end. */
export function completionRows(
  answer: CompletionAnswer,
  lang: StatsLang,
  names: { started: string; completed: string },
): StatsRow[] {
  return answer.days.map((d) => {
    const row = Object.create(null) as StatsRow;
    row.formatted_date = dateFormats[lang].format(Date.parse(`${d.day}T00:00:00Z`));
    row[names.started] = d.started;
    row[names.completed] = d.completed;
    return row;
  });
}

/** The share of starts that reached the last stop, in whole percent; undefined without starts. */
export const completionRate = (answer: CompletionAnswer): number | undefined =>
  answer.started > 0
    ? Math.round((100 * Math.min(answer.completed, answer.started)) / answer.started)
    : undefined;
