import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articles } from '../../server/db/schema.ts';
import { ApiError } from '../../server/http/errors.ts';
import { stopField, stopOf } from './stop.ts';
import { untitledName } from './label.ts';

/**
 * Stop numbers are unique in a museum: a number held by an article's published content or by
 * its draft is taken for every other article of the museum (other museums may reuse it).
 *
 * The number lives inside the content's JSON, in two places (the published version and the
 * draft), so no unique index can hold it. Every write that sets one takes the museum's stop
 * lock first (a transaction-scoped advisory lock, as the tree's writes take theirs), then looks
 * for another holder, then writes: two curators claiming one number at once are served one after
 * the other, and the second finds the first's number (READ COMMITTED reads what committed before
 * each statement). Writes that set no number need not wait: they cannot take one from anyone.
 * The lock is taken before the article's row, so it never waits on a lock held after it.
 */

/** The advisory lock class of a museum's stop numbers (with the museum id). */
export const STOP_LOCK_CLASS = 7303;

/** Another article holding the number a save asked for. */
export interface StopTaken {
  stop: number;
  articleId: number;
  /** Its private name, as staff screens name it ('' when it has none). */
  title: string;
}

/** The stop number of the article's published content, as the database reads it (raw JSON). */
export const stopColumn = () => sql<unknown>`${articles.content}->0->'stop'`;

/** A stop number read from stored JSON, or undefined when there is none (or not a valid one). */
export function readStop(value: unknown): number | undefined {
  const parsed = stopField.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Within a write's transaction: takes the museum's stop lock when `content` sets a number, then
 * answers the other article holding it, if any. Call it first in the transaction.
 */
export async function claimStop(
  tx: Database,
  museumId: number,
  id: number,
  content: unknown,
): Promise<StopTaken | undefined> {
  const stop = Array.isArray(content) ? stopOf(content) : undefined;
  if (stop === undefined) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(${STOP_LOCK_CLASS}, ${museumId})`);
  const number = JSON.stringify(stop);
  const [holder] = await tx
    .select({ id: articles.id, title: articles.unformattedName })
    .from(articles)
    .where(
      and(
        eq(articles.museumId, museumId),
        ne(articles.id, id),
        or(
          sql`${articles.content}->0->'stop' = ${number}::jsonb`,
          sql`${articles.draft}->'content'->0->'stop' = ${number}::jsonb`,
        ),
      ),
    )
    .orderBy(articles.id)
    .limit(1);
  return holder && { stop, articleId: holder.id, title: holder.title };
}

/** The 409 a save refused for its stop number answers, naming the article that holds it. */
export function stopTakenError(taken: StopTaken): ApiError {
  const title = taken.title.trim() || untitledName(taken.articleId);
  return new ApiError(
    409,
    'stop_taken',
    `Stop ${taken.stop} already belongs to "${title}" (article ${taken.articleId}). Choose another number, or take it from that article first.`,
    { details: { stop: taken.stop, articleId: taken.articleId, title } },
  );
}

/** `{ stop }` for an answer's line when the stored value is a stop number, else nothing. */
export function stopEntry(value: unknown): { stop?: number } {
  const stop = readStop(value);
  return stop === undefined ? {} : { stop };
}
