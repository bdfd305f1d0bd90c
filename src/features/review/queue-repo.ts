import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { translationQueue } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/typed.ts';

/** An article and a language to prepare, as claimed: `ask` says which asking it answers. */
export interface QueuedUnit {
  museumId: number;
  articleId: number;
  lang: string;
  ask: number;
}

/** A claim older than this is taken up again: the process that made it has stopped. */
export const CLAIM_TIMEOUT_SECONDS = 300;

/**
 * Translate now's queue in the database (schema.ts `translation_queue`): any process adds to it
 * and takes from it, one unit at a time, without two taking the same.
 */
export function queueRepo(db: Database) {
  return {
    /** Queues units; one already waiting or being translated is asked again (its `ask` raised). */
    async add(museumId: number, units: readonly { articleId: number; lang: string }[]) {
      for (let i = 0; i < units.length; i += 1_000) {
        await db
          .insert(translationQueue)
          .values(
            units
              .slice(i, i + 1_000)
              .map((u) => ({ museumId, articleId: u.articleId, language: u.lang })),
          )
          .onConflictDoUpdate({
            target: [translationQueue.articleId, translationQueue.language],
            set: { ask: sql`${translationQueue.ask} + 1`, claimedAt: null },
          });
      }
    },

    /** The oldest unit nobody is translating (of one museum, or of any), claimed; or none. */
    async claim(museumId?: number): Promise<QueuedUnit | undefined> {
      const result = await db.execute(sql`
        update ${translationQueue} set claimed_at = now()
        where (article_id, language) = (
          select article_id, language from ${translationQueue}
          where ${museumId === undefined ? sql`true` : sql`museum_id = ${museumId}`}
            and (claimed_at is null
                 or claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
          order by queued_at, article_id, language
          limit 1
          for update skip locked
        )
        returning museum_id, article_id, language, ask`);
      const [row] = rowsOf<{
        museum_id: number;
        article_id: number;
        language: string;
        ask: number;
      }>(result);
      return (
        row && {
          museumId: Number(row.museum_id),
          articleId: Number(row.article_id),
          lang: row.language,
          ask: Number(row.ask),
        }
      );
    },

    /** The unit is done: removed, unless it was asked again meanwhile (then it waits again). */
    async done(unit: QueuedUnit): Promise<void> {
      await db
        .delete(translationQueue)
        .where(
          and(
            eq(translationQueue.articleId, unit.articleId),
            eq(translationQueue.language, unit.lang),
            eq(translationQueue.ask, unit.ask),
          ),
        );
    },

    /** How many units of the museum wait or are being translated. */
    async waiting(museumId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(translationQueue)
        .where(eq(translationQueue.museumId, museumId));
      return row?.n ?? 0;
    },
  };
}

export type QueueRepo = ReturnType<typeof queueRepo>;
