import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.ts';
import { articles, dailyCounts, museums } from '../../server/db/schema.ts';

export interface DayCount {
  day: string;
  /** An article id or a language code. */
  key: string;
  count: number;
}

/** Reads of daily_counts for the charts, always within one museum. */
export function statsRepo(db: Database) {
  const total = sql<number>`sum(${dailyCounts.count})::int`;
  return {
    async timeZone(museumId: number): Promise<string> {
      const [row] = await db
        .select({ timeZone: museums.timeZone })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row?.timeZone ?? 'Europe/Paris';
    },

    /** Scans per day and article, or per day and language, from `from` to `to` (inclusive). */
    async scans(
      museumId: number,
      by: 'article' | 'language',
      from: string,
      to: string,
    ): Promise<DayCount[]> {
      const key =
        by === 'article' ? sql<string>`${dailyCounts.articleId}::text` : dailyCounts.language;
      return db
        .select({ day: dailyCounts.day, key, count: total })
        .from(dailyCounts)
        .where(
          and(
            eq(dailyCounts.museumId, museumId),
            eq(dailyCounts.kind, 'scan'),
            gte(dailyCounts.day, from),
            lte(dailyCounts.day, to),
          ),
        )
        .groupBy(dailyCounts.day, key);
    },

    /** One article's visitor pages per day and language. */
    async requests(museumId: number, articleId: number, from: string, to: string) {
      return db
        .select({ day: dailyCounts.day, key: dailyCounts.language, count: total })
        .from(dailyCounts)
        .where(
          and(
            eq(dailyCounts.articleId, articleId),
            eq(dailyCounts.kind, 'request'),
            eq(dailyCounts.museumId, museumId),
            gte(dailyCounts.day, from),
            lte(dailyCounts.day, to),
          ),
        )
        .groupBy(dailyCounts.day, dailyCounts.language);
    },

    /** Titles of the museum's articles among `ids`. */
    async titles(museumId: number, ids: number[]): Promise<{ id: number; title: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: articles.id, title: articles.unformattedName })
        .from(articles)
        .where(and(eq(articles.museumId, museumId), inArray(articles.id, ids)));
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
