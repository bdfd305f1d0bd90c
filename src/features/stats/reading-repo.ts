import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import {
  articles,
  circuits,
  dailyCircuitProgress,
  dailyReadingTimes,
  museums,
} from '../../server/db/schema.ts';

/** What a beacon names, found: its museum and the day it counts in. */
export interface Beaconed {
  id: number;
  museumId: number;
  timeZone: string;
}

/** A published article a reading names: its version too (raised at each publish). */
export interface BeaconedArticle extends Beaconed {
  revision: number;
}

/** What the beacons write: the page or circuit they name, and one more in its sums. */
function beaconWrites(db: Database) {
  return {
    /** A published article by its public name (a draft is read by no visitor). */
    async article(name: string): Promise<BeaconedArticle | undefined> {
      const [row] = await db
        .select({
          id: articles.id,
          museumId: articles.museumId,
          timeZone: museums.timeZone,
          revision: articles.revision,
        })
        .from(articles)
        .innerJoin(museums, eq(museums.id, articles.museumId))
        .where(and(eq(articles.name, name), isNotNull(articles.publishedAt)));
      return row;
    },

    /** What visitors read of an article (its published content), to measure its length. */
    async content(id: number): Promise<unknown> {
      const [row] = await db
        .select({ content: articles.content })
        .from(articles)
        .where(eq(articles.id, id));
      return row?.content;
    },

    /** A circuit by its public name. */
    async circuit(name: string): Promise<Beaconed | undefined> {
      const [row] = await db
        .select({ id: circuits.id, museumId: circuits.museumId, timeZone: museums.timeZone })
        .from(circuits)
        .innerJoin(museums, eq(museums.id, circuits.museumId))
        .where(eq(circuits.name, name));
      return row;
    },

    async addReading(row: {
      museumId: number;
      day: string;
      articleId: number;
      language: string;
      bucket: number;
    }): Promise<void> {
      await db
        .insert(dailyReadingTimes)
        .values({ ...row, count: 1 })
        .onConflictDoUpdate({
          target: [
            dailyReadingTimes.museumId,
            dailyReadingTimes.articleId,
            dailyReadingTimes.day,
            dailyReadingTimes.language,
            dailyReadingTimes.bucket,
          ],
          set: { count: sql`${dailyReadingTimes.count} + 1` },
        });
    },

    async addCircuitStep(row: {
      museumId: number;
      day: string;
      circuitId: number;
      step: 'start' | 'end';
    }): Promise<void> {
      await db
        .insert(dailyCircuitProgress)
        .values({ ...row, count: 1 })
        .onConflictDoUpdate({
          target: [
            dailyCircuitProgress.museumId,
            dailyCircuitProgress.circuitId,
            dailyCircuitProgress.day,
            dailyCircuitProgress.step,
          ],
          set: { count: sql`${dailyCircuitProgress.count} + 1` },
        });
    },
  };
}

/** What the statistics read, always within one museum. */
function sumsRead(db: Database) {
  return {
    /** An article's readings from `from` to `to` (inclusive), by language and bucket. */
    async readings(
      museumId: number,
      articleId: number,
      from: string,
      to: string,
    ): Promise<{ language: string; bucket: number; count: number }[]> {
      const rows = await db
        .select({
          language: dailyReadingTimes.language,
          bucket: dailyReadingTimes.bucket,
          count: sql<number>`sum(${dailyReadingTimes.count})::int`,
        })
        .from(dailyReadingTimes)
        .where(
          and(
            eq(dailyReadingTimes.museumId, museumId),
            eq(dailyReadingTimes.articleId, articleId),
            gte(dailyReadingTimes.day, from),
            lte(dailyReadingTimes.day, to),
          ),
        )
        .groupBy(dailyReadingTimes.language, dailyReadingTimes.bucket);
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    /** A circuit's starts and ends per day from `from` to `to` (inclusive). */
    async progress(
      museumId: number,
      circuitId: number,
      from: string,
      to: string,
    ): Promise<{ day: string; step: 'start' | 'end'; count: number }[]> {
      const rows = await db
        .select({
          day: dailyCircuitProgress.day,
          step: dailyCircuitProgress.step,
          count: dailyCircuitProgress.count,
        })
        .from(dailyCircuitProgress)
        .where(
          and(
            eq(dailyCircuitProgress.museumId, museumId),
            eq(dailyCircuitProgress.circuitId, circuitId),
            gte(dailyCircuitProgress.day, from),
            lte(dailyCircuitProgress.day, to),
          ),
        );
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    async hasCircuit(museumId: number, circuitId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: circuits.id })
        .from(circuits)
        .where(and(eq(circuits.museumId, museumId), eq(circuits.id, circuitId)));
      return row !== undefined;
    },
  };
}

/** The reading times' and circuit completions' sums (reading.ts). */
export const readingRepo = (db: Database) => ({ ...beaconWrites(db), ...sumsRead(db) });

export type ReadingRepo = ReturnType<typeof readingRepo>;
