import { notFound } from '../../server/http/errors.ts';
import { dayOf } from './counts.ts';
import type { DayCount, StatsRepo } from './repo.ts';
import type { Chart, StatsRow } from './schema.ts';

export interface ChartRequest {
  chart: Chart;
  days: number;
  lang: 'fr' | 'en';
  articleId?: number | undefined;
}

export interface ChartData {
  /** The days, oldest first, as YYYY-MM-DD in the museum's time zone. */
  days: string[];
  /** The series, largest total first: each row has one count per series. */
  series: string[];
  rows: StatsRow[];
}

/** The last `n` days up to `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

const dateFormats = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};
const languageNames = {
  fr: new Intl.DisplayNames(['fr'], { type: 'language', fallback: 'code' }),
  en: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }),
};

export const formatDay = (day: string, lang: 'fr' | 'en') =>
  dateFormats[lang].format(Date.parse(`${day}T00:00:00Z`));

function languageName(code: string, lang: 'fr' | 'en'): string {
  let name: string;
  try {
    name = languageNames[lang].of(code) ?? code;
  } catch {
    name = code;
  }
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/**
 * Series names that are unique and never 'formatted_date': two articles with one title are
 * told apart by their ids.
 */
function uniqueNames(entries: { key: string; name: string }[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const { name } of entries) seen.set(name, (seen.get(name) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const { key, name } of entries) {
    const clash = (seen.get(name) ?? 0) > 1 || name === 'formatted_date' || name === '';
    names.set(key, clash ? `${name} (${key})`.trim() : name);
  }
  return names;
}

/** The charts of the statistics page (spec 2, DESIGN 8). */
export function statsService(repo: StatsRepo, now: () => Date) {
  return {
    async chart(museumId: number, request: ChartRequest): Promise<ChartData> {
      const timeZone = await repo.timeZone(museumId);
      const days = lastDays(dayOf(now(), timeZone), request.days);
      const from = days[0]!;
      const to = days.at(-1)!;

      let counts: DayCount[];
      if (request.chart === 'requests-per-language') {
        const articleId = request.articleId!;
        if (!(await repo.hasArticle(museumId, articleId))) {
          throw notFound('No such article in your museum.');
        }
        counts = await repo.requests(museumId, articleId, from, to);
      } else {
        const by = request.chart === 'scans-per-article' ? 'article' : 'language';
        counts = await repo.scans(museumId, by, from, to);
      }

      // Series by total, largest first, so the biggest sits at the bottom of each stack.
      const totals = new Map<string, number>();
      for (const c of counts) totals.set(c.key, (totals.get(c.key) ?? 0) + c.count);
      const keys = [...totals.keys()].sort(
        (a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b),
      );
      let names: Map<string, string>;
      if (request.chart === 'scans-per-article') {
        const titles = new Map(
          (await repo.titles(museumId, keys.map(Number))).map((t) => [String(t.id), t.title]),
        );
        names = uniqueNames(keys.map((key) => ({ key, name: titles.get(key) ?? `#${key}` })));
      } else {
        names = uniqueNames(keys.map((key) => ({ key, name: languageName(key, request.lang) })));
      }

      const byDay = new Map<string, Map<string, number>>();
      for (const c of counts) {
        const day = byDay.get(c.day) ?? new Map<string, number>();
        day.set(c.key, c.count);
        byDay.set(c.day, day);
      }
      const series = keys.map((key) => names.get(key)!);
      const rows = days.map((day) => {
        const row: StatsRow = { formatted_date: formatDay(day, request.lang) };
        for (const key of keys) row[names.get(key)!] = byDay.get(day)?.get(key) ?? 0;
        return row;
      });
      return { days, series, rows };
    },
  };
}

export type StatsService = ReturnType<typeof statsService>;

/** A cell of a spreadsheet: quoted when needed, and never read as a formula. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The chart's numbers as CSV: an ISO date column, then one column per series. */
export function chartCsv(data: ChartData): string {
  const lines = [['date', ...data.series].map(csvCell).join(',')];
  data.rows.forEach((row, i) => {
    lines.push([data.days[i]!, ...data.series.map((s) => row[s] ?? 0)].map(csvCell).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
