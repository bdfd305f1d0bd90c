import { articleName, untitledName } from '../articles/label.ts';
import { notFound } from '../../server/http/errors.ts';
import { languageLabel } from '../languages/names.ts';
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

// Made at the first chart: a process that draws none (the visitors' Netlify function, which
// imports this file for lastDays) does not pay for the locales' data at its start.
const dateFormats: Partial<Record<'fr' | 'en', Intl.DateTimeFormat>> = {};
const DATE_LOCALES = { fr: 'fr-FR', en: 'en-GB' } as const;

export const formatDay = (day: string, lang: 'fr' | 'en') =>
  (dateFormats[lang] ??= new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })).format(Date.parse(`${day}T00:00:00Z`));

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

/**
 * Series a chart draws: the largest, then one for all the others. A chart of a thousand stacked
 * colours reads as noise and weighs hundreds of kilobytes; the CSV keeps every series.
 */
export const CHART_SERIES = 12;

/** Key of the series that sums all the others. */
const OTHERS = 'others';

const othersName = {
  article: { fr: 'Autres articles', en: 'Other articles' },
  language: { fr: 'Autres langues', en: 'Other languages' },
};

/** A circuit's series in the scans chart (ADR 0018): 'Parcours : …' / 'Circuit: …'. */
const circuitName = {
  fr: (title: string) => `Parcours : ${title}`,
  en: (title: string) => `Circuit: ${title}`,
};

/**
 * The series' keys by total, largest first (the biggest sits at the bottom of each stack), the
 * others last.
 */
function seriesOrder(counts: readonly DayCount[]): string[] {
  const totals = new Map<string, number>();
  for (const c of counts) {
    const key = c.key ?? OTHERS;
    totals.set(key, (totals.get(key) ?? 0) + c.count);
  }
  return [...totals.keys()].sort(
    (a, b) =>
      Number(a === OTHERS) - Number(b === OTHERS) ||
      totals.get(b)! - totals.get(a)! ||
      a.localeCompare(b),
  );
}

/** One row per day: its formatted date, then each series' count under the series' name. */
function chartRows(
  days: readonly string[],
  counts: readonly DayCount[],
  keys: readonly string[],
  names: ReadonlyMap<string, string>,
  lang: 'fr' | 'en',
): StatsRow[] {
  const byDay = new Map<string, Map<string, number>>();
  for (const c of counts) {
    const day = byDay.get(c.day) ?? new Map<string, number>();
    day.set(c.key ?? OTHERS, c.count);
    byDay.set(c.day, day);
  }
  // Rows without a prototype: a series named `__proto__` or `constructor` (an article's
  // title, a language) is a key like any other, not Object.prototype's.
  return days.map((day) => {
    const row = Object.create(null) as StatsRow;
    row.formatted_date = formatDay(day, lang);
    for (const key of keys) row[names.get(key)!] = byDay.get(day)?.get(key) ?? 0;
    return row;
  });
}

/** The charts of the statistics page (ADR 0006). */
export function statsService(repo: StatsRepo, now: () => Date) {
  /** Each series' name in the scans chart: an article's title, or a circuit's (`c{id}`). */
  async function seriesTitles(
    museumId: number,
    keys: readonly string[],
    lang: 'fr' | 'en',
  ): Promise<Map<string, string>> {
    const articleIds = keys.filter((k) => /^\d+$/.test(k)).map(Number);
    const circuitIds = keys.filter((k) => /^c\d+$/.test(k)).map((k) => Number(k.slice(1)));
    const [articles, circuits] = await Promise.all([
      repo.titles(museumId, articleIds),
      repo.circuitTitles(museumId, circuitIds),
    ]);
    return new Map([
      // Named as every staff screen names it; a chart legend has room for one name.
      ...articles.map((t): [string, string] => [String(t.id), articleName(t)]),
      ...circuits.map((t): [string, string] => [`c${t.id}`, circuitName[lang](t.title)]),
    ]);
  }

  return {
    /** `all`: every series (the CSV); otherwise the largest and one for the others. */
    async chart(museumId: number, request: ChartRequest, all = false): Promise<ChartData> {
      const timeZone = await repo.timeZone(museumId);
      const days = lastDays(dayOf(now(), timeZone), request.days);
      const by = request.chart === 'scans-per-article' ? 'article' : 'language';
      const perArticle =
        request.chart === 'requests-per-language' || request.chart === 'listened-per-language';
      if (perArticle && !(await repo.hasArticle(museumId, request.articleId!))) {
        throw notFound('No such article in your museum.');
      }
      const counts = await repo.series({
        museumId,
        kind:
          request.chart === 'guide-visits'
            ? 'guide'
            : !perArticle
              ? 'scan'
              : request.chart === 'listened-per-language'
                ? 'listened'
                : 'request',
        by,
        articleId: perArticle ? request.articleId : undefined,
        from: days[0]!,
        to: days.at(-1)!,
        top: all ? undefined : CHART_SERIES,
      });

      const keys = seriesOrder(counts);
      const titles =
        by === 'article' ? await seriesTitles(museumId, keys, request.lang) : undefined;
      const names = uniqueNames(
        keys.map((key) => ({
          key,
          name:
            key === OTHERS
              ? othersName[by][request.lang]
              : titles
                ? (titles.get(key) ?? untitledName(Number(key)))
                : languageLabel(key, request.lang),
        })),
      );
      const series = keys.map((key) => names.get(key)!);
      const rows = chartRows(days, counts, keys, names, request.lang);
      return { days, series, rows };
    },
  };
}

export type StatsService = ReturnType<typeof statsService>;

/** A cell of a spreadsheet: quoted when needed, and never read as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The chart's numbers as CSV: an ISO date column, then one column per series. */
export function chartCsv(data: ChartData): string {
  const lines = [['date', ...data.series].map(csvCell).join(',')];
  data.rows.forEach((row, i) => {
    const cells = data.series.map((s) => (Object.hasOwn(row, s) ? row[s]! : 0));
    lines.push([data.days[i]!, ...cells].map(csvCell).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
