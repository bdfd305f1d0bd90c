import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import {
  articles,
  circuits,
  dailyArticleScans,
  dailyCircuitScans,
  dailyCounts,
  dailyGuideVisits,
  dailyLanguageScans,
  museums,
} from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/typed.ts';

export interface DayCount {
  day: string;
  /** An article id or a language code; null: all the others together. */
  key: string | null;
  count: number;
}

export interface SeriesQuery {
  museumId: number;
  /**
   * 'request' and 'listened' (read aloud) are one article's, by language; 'guide' the visits
   * of the museum's guide home, by language.
   */
  kind: 'scan' | 'request' | 'listened' | 'guide';
  by: 'article' | 'language';
  /** Only this article's counts. */
  articleId?: number | undefined;
  from: string;
  to: string;
  /** Keep the largest `top` series, the others summed under null. */
  top?: number | undefined;
}

/**
 * Where a series' counts are read. Scans come from their sums per article or per language
 * (ADR 0006); one article's requests from the detailed counts, through its index.
 */
function seriesSource(query: SeriesQuery) {
  if (query.kind === 'guide') {
    return {
      table: dailyGuideVisits,
      day: dailyGuideVisits.day,
      count: dailyGuideVisits.count,
      key: sql`${dailyGuideVisits.language}`,
      where: and(
        eq(dailyGuideVisits.museumId, query.museumId),
        gte(dailyGuideVisits.day, query.from),
        lte(dailyGuideVisits.day, query.to),
      ),
    };
  }
  return query.kind !== 'scan'
    ? {
        table: dailyCounts,
        day: dailyCounts.day,
        count: dailyCounts.count,
        key: sql`${dailyCounts.language}`,
        where: and(
          eq(dailyCounts.articleId, query.articleId ?? -1),
          eq(dailyCounts.kind, query.kind),
          eq(dailyCounts.museumId, query.museumId),
          gte(dailyCounts.day, query.from),
          lte(dailyCounts.day, query.to),
        ),
      }
    : query.by === 'article'
      ? {
          // Codes leading to a circuit are counted with the articles', as `c{id}`.
          table: sql`(
            select ${dailyArticleScans.day} as day, ${dailyArticleScans.count} as count,
                   ${dailyArticleScans.articleId}::text as key
            from ${dailyArticleScans}
            where ${dailyArticleScans.museumId} = ${query.museumId}
              and ${dailyArticleScans.day} between ${query.from} and ${query.to}
            union all
            select ${dailyCircuitScans.day}, ${dailyCircuitScans.count},
                   'c' || ${dailyCircuitScans.circuitId}
            from ${dailyCircuitScans}
            where ${dailyCircuitScans.museumId} = ${query.museumId}
              and ${dailyCircuitScans.day} between ${query.from} and ${query.to}
          ) as scans`,
          day: sql`scans.day`,
          count: sql`scans.count`,
          key: sql`scans.key`,
          where: sql`true`,
        }
      : {
          table: dailyLanguageScans,
          day: dailyLanguageScans.day,
          count: dailyLanguageScans.count,
          key: sql`${dailyLanguageScans.language}`,
          where: and(
            eq(dailyLanguageScans.museumId, query.museumId),
            gte(dailyLanguageScans.day, query.from),
            lte(dailyLanguageScans.day, query.to),
          ),
        };
}

/** Reads of daily_counts for the charts, always within one museum. */
export function statsRepo(db: Database) {
  return {
    async timeZone(museumId: number): Promise<string> {
      const [row] = await db
        .select({ timeZone: museums.timeZone })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row?.timeZone ?? 'Europe/Paris';
    },

    /**
     * Counts per day and series (an article id or a language code) from `from` to `to`
     * (inclusive): a museum's scans by article or by language, or one article's page requests
     * by language. With `top`, only the `top` largest series are kept and the rest are summed
     * under the key null, so that a museum of a thousand articles draws a readable chart and
     * the database sends tens of rows, not thousands.
     */
    async series(query: SeriesQuery): Promise<DayCount[]> {
      const source = seriesSource(query);
      const { table, key, where } = source;
      const day = sql`to_char(${source.day}, 'YYYY-MM-DD')`;
      const count = sql`sum(${source.count})::int`;
      const result =
        query.top === undefined
          ? await db.execute(sql`
              select ${day} as day, ${key} as key, ${count} as count
              from ${table} where ${where} group by 1, 2`)
          : await db.execute(sql`
              with top as (
                select ${key} as key from ${table} where ${where}
                group by 1 order by ${count} desc, 1 limit ${query.top}
              )
              select ${day} as day,
                     case when ${key} in (select key from top) then ${key} end as key,
                     ${count} as count
              from ${table} where ${where} group by 1, 2`);
      return rowsOf<DayCount>(result).map((row) => ({
        day: row.day,
        key: row.key,
        count: Number(row.count),
      }));
    },

    /** Titles of the museum's articles among `ids`. */
    async titles(museumId: number, ids: number[]): Promise<{ id: number; title: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: articles.id, title: articles.unformattedName })
        .from(articles)
        .where(and(eq(articles.museumId, museumId), inArray(articles.id, ids)));
    },

    /** Titles of the museum's circuits among `ids` (their scans are counted too, ADR 0018). */
    async circuitTitles(museumId: number, ids: number[]): Promise<{ id: number; title: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: circuits.id, title: circuits.title })
        .from(circuits)
        .where(and(eq(circuits.museumId, museumId), inArray(circuits.id, ids)));
    },

    async hasArticle(museumId: number, articleId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.museumId, museumId), eq(articles.id, articleId)));
      return row !== undefined;
    },
  };
}

export type StatsRepo = ReturnType<typeof statsRepo>;
