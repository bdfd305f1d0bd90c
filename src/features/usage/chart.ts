import { formatDay, type ChartData } from '../stats/service.ts';
import { dayOf } from '../stats/counts.ts';
import type { StatsRow } from '../stats/schema.ts';
import type { UsageRepo } from './repo.ts';
import { stateOf, type BudgetState } from './service.ts';

/** GET /api/stats/engine-usage: this month's days, as two charts, and the budgets. */
export interface EngineUsageAnswer {
  /** Tokens per day: what was sent to the engine and what it answered. */
  tokens: StatsRow[];
  /** Characters read aloud per day. */
  speech: StatsRow[];
  budget: BudgetState;
}

/** The charts' series and the CSV's columns, in the interface's language. */
export const USAGE_SERIES = {
  fr: {
    prompt: 'Jetons envoyés',
    completion: 'Jetons reçus',
    speech: 'Caractères lus à voix haute',
    calls: 'Appels au moteur',
  },
  en: {
    prompt: 'Tokens sent',
    completion: 'Tokens received',
    speech: 'Characters read aloud',
    calls: 'Engine calls',
  },
} as const;

/** The days from `from` to `to` (YYYY-MM-DD, inclusive), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Engine usage per day of the museum's month so far, for the Statistics page and its CSV. */
export function usageCharts(repo: UsageRepo, now: () => Date) {
  async function month(museumId: number, lang: 'fr' | 'en') {
    const at = now();
    const use = await repo.month(museumId, at);
    if (!use) throw new Error(`museum ${museumId} not found`);
    const today = dayOf(at, use.timeZone);
    const days = daysBetween(use.from, today < use.to ? today : use.to);
    const byDay = new Map(
      (await repo.days(museumId, use.from, use.to)).map((d) => [d.day, d] as const),
    );
    const names = USAGE_SERIES[lang];
    const rows = days.map((day) => {
      const found = byDay.get(day);
      return {
        day,
        prompt: Number(found?.promptTokens ?? 0),
        completion: Number(found?.completionTokens ?? 0),
        speech: Number(found?.speechChars ?? 0),
        calls: Number(found?.calls ?? 0),
      };
    });
    return { use, days, rows, names };
  }

  /** A row without a prototype, as the other charts' (stats/service.ts). */
  const row = (day: string, lang: 'fr' | 'en', values: Record<string, number>): StatsRow => {
    const made = Object.create(null) as StatsRow;
    made.formatted_date = formatDay(day, lang);
    Object.assign(made, values);
    return made;
  };

  return {
    async chart(museumId: number, lang: 'fr' | 'en'): Promise<EngineUsageAnswer> {
      const { use, rows, names } = await month(museumId, lang);
      return {
        tokens: rows.map((r) =>
          row(r.day, lang, { [names.prompt]: r.prompt, [names.completion]: r.completion }),
        ),
        speech: rows.map((r) => row(r.day, lang, { [names.speech]: r.speech })),
        budget: stateOf(use),
      };
    },

    /** Every column for the CSV (stats/service.ts chartCsv writes it). */
    async table(museumId: number, lang: 'fr' | 'en'): Promise<ChartData> {
      const { days, rows, names } = await month(museumId, lang);
      const series = [names.prompt, names.completion, names.speech, names.calls];
      return {
        days,
        series,
        rows: rows.map((r) =>
          row(r.day, lang, {
            [names.prompt]: r.prompt,
            [names.completion]: r.completion,
            [names.speech]: r.speech,
            [names.calls]: r.calls,
          }),
        ),
      };
    },
  };
}

export type UsageCharts = ReturnType<typeof usageCharts>;
