import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.ts';
import { dailyCounts } from '../../server/db/schema.ts';

export interface CountEvent {
  museumId: number;
  articleId: number;
  language: string;
  kind: 'scan' | 'request';
  at: Date;
}

/** The UTC day of a moment, as PostgreSQL's date text. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Adds one to a day's count (DESIGN 8): one upsert, safe under concurrent visitors. */
export function countsRepo(db: Database) {
  return {
    async add(event: CountEvent): Promise<void> {
      await db
        .insert(dailyCounts)
        .values({
          day: dayOf(event.at),
          museumId: event.museumId,
          articleId: event.articleId,
          language: event.language,
          kind: event.kind,
          count: 1,
        })
        .onConflictDoUpdate({
          target: [
            dailyCounts.day,
            dailyCounts.museumId,
            dailyCounts.articleId,
            dailyCounts.language,
            dailyCounts.kind,
          ],
          set: { count: sql`${dailyCounts.count} + 1` },
        });
    },
  };
}

export type CountsRepo = ReturnType<typeof countsRepo>;
