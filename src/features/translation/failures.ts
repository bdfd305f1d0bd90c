import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { museums, translationFailures } from '../../server/db/schema.ts';

/**
 * The back-off of a text whose translations keep failing: an (article, language) whose engine
 * answers the checks refused, or whose engine failed, is tried again after 1, 2, 4, 8… minutes,
 * up to a day, whoever asks; meanwhile visitors read what is stored (the refused texts in the
 * source language) or the original, and the engine is not called. A complete translation, an
 * edit, a reset, a glossary change or Translate now starts it afresh.
 */

export const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 24 * 60 * 60_000;

/** Why the last try failed: texts the checks refused twice, or an engine that did not answer. */
export type FailureReason = 'refused' | 'engine';

export interface Failure {
  /** The article's translation generation the failures were met in. */
  generation: number;
  /** Failed tries in a row. */
  failures: number;
  reason: FailureReason;
  /** Texts the last try left in the source language. */
  texts: number;
  lastFailedAt: Date;
  nextTryAt: Date;
}

/** One article (or circuit document) in one language, as the translator names it. */
export interface FailurePair {
  museumId: number;
  articleId: number | string;
  language: string;
  generation: number;
}

/** How long a pair waits after its `failures`-th failure in a row: doubling, capped at a day. */
export function backoffMs(failures: number): number {
  const doublings = Math.min(Math.max(failures, 1) - 1, 11); // 2^11 minutes is past a day
  return Math.min(FIRST_BACKOFF_MS * 2 ** doublings, MAX_BACKOFF_MS);
}

/** Why a try that left texts untranslated failed: only refused texts, or the engine. */
export const reasonOf = (
  result: { refused: number; untranslated: number } | undefined,
): FailureReason =>
  result !== undefined && result.refused > 0 && result.refused === result.untranslated
    ? 'refused'
    : 'engine';

/** The pair waits now: no engine call before `nextTryAt`. */
export const waiting = (failure: Failure | undefined, now: Date): boolean =>
  failure !== undefined && failure.nextTryAt.getTime() > now.getTime();

/** Where a back-off is kept: the database for articles, a process's memory for circuits. */
export interface BackoffStore {
  /** The pair's failures in its current generation, waiting or not. */
  find(pair: FailurePair): Promise<Failure | undefined>;
  /**
   * A failed try: one more failure and a wait twice as long. A failure met while the pair
   * already waits (another visitor's try of the same round, in any process) changes nothing.
   */
  failed(pair: FailurePair, reason: FailureReason, texts: number, now: Date): Promise<void>;
  /** A complete translation: the pair starts afresh. */
  succeeded(pair: FailurePair): Promise<void>;
}

/** The stored reason: its code, then how many texts were left ('refused:2'). */
const encodeReason = (reason: FailureReason, texts: number) => `${reason}:${texts}`;

function decodeReason(stored: string): { reason: FailureReason; texts: number } {
  const [code, texts] = stored.split(':');
  return { reason: code === 'refused' ? 'refused' : 'engine', texts: Number(texts) || 0 };
}

type Row = typeof translationFailures.$inferSelect;

export const failureOf = (row: Row): Failure => ({
  generation: row.generation,
  failures: row.failures,
  ...decodeReason(row.reason),
  lastFailedAt: row.lastFailedAt,
  nextTryAt: row.nextTryAt,
});

/**
 * One failed try written in one statement: two processes failing at once count one failure (the
 * second finds the pair waiting); another generation's row (before a reset) starts again at one.
 * Returns the museums whose rows changed.
 */
async function upsertFailure(
  db: Database,
  pair: FailurePair & { articleId: number },
  reason: FailureReason,
  texts: number,
  now: Date,
): Promise<number[]> {
  const t = translationFailures;
  const first = new Date(now.getTime() + backoffMs(1));
  const sameRound = sql`${t.generation} = excluded.generation`;
  const failures = sql`case when ${sameRound} then ${t.failures} + 1 else 1 end`;
  const minutes = sql`power(2, least(${failures} - 1, 11))`;
  const changed = await db
    .insert(t)
    .values({
      museumId: pair.museumId,
      articleId: pair.articleId,
      language: pair.language,
      generation: pair.generation,
      failures: 1,
      reason: encodeReason(reason, texts),
      lastFailedAt: now,
      nextTryAt: first,
    })
    .onConflictDoUpdate({
      target: [t.articleId, t.language],
      set: {
        generation: sql`excluded.generation`,
        failures,
        reason: sql`excluded.reason`,
        lastFailedAt: sql`excluded.last_failed_at`,
        nextTryAt: sql`excluded.last_failed_at + least(${minutes} * interval '1 minute', interval '24 hours')`,
      },
      setWhere: sql`not (${sameRound} and ${t.nextTryAt} > excluded.last_failed_at)`,
    })
    .returning({ museumId: t.museumId });
  return changed.map((r) => r.museumId);
}

/**
 * The articles' back-off in the database (translation_failures), read at every try so every
 * process sees a failure, and a fresh start, at once: one primary-key read, made only where the
 * engine would otherwise be called (never for a stored page). Each change raises the museum's
 * overview revision, so the translations overview shows it.
 */
export function failuresRepo(db: Database) {
  const bump = async (museumIds: Iterable<number>) => {
    for (const id of new Set(museumIds)) {
      await db
        .update(museums)
        .set({ translationStatusRevision: sql`${museums.translationStatusRevision} + 1` })
        .where(eq(museums.id, id));
    }
  };
  const returning = { museumId: translationFailures.museumId };

  /** Removes the pairs `where` names, and tells their museums' overviews. */
  async function clearWhere(where: SQL | undefined): Promise<void> {
    const removed = await db.delete(translationFailures).where(where).returning(returning);
    await bump(removed.map((r) => r.museumId));
  }

  /** Translate now of a pair, or its complete translation. */
  async function clear(articleId: number, language: string): Promise<void> {
    const t = translationFailures;
    await clearWhere(and(eq(t.articleId, articleId), eq(t.language, language)));
  }

  return {
    clear,

    async find(pair: FailurePair): Promise<Failure | undefined> {
      if (typeof pair.articleId !== 'number') return undefined;
      const [row] = await db
        .select()
        .from(translationFailures)
        .where(
          and(
            eq(translationFailures.articleId, pair.articleId),
            eq(translationFailures.language, pair.language),
            eq(translationFailures.generation, pair.generation),
          ),
        );
      return row && failureOf(row);
    },

    async failed(pair: FailurePair, reason: FailureReason, texts: number, now: Date) {
      if (typeof pair.articleId !== 'number') return;
      const changed = await upsertFailure(
        db,
        { ...pair, articleId: pair.articleId },
        reason,
        texts,
        now,
      );
      await bump(changed);
    },

    async succeeded(pair: FailurePair): Promise<void> {
      if (typeof pair.articleId !== 'number') return;
      await clear(pair.articleId, pair.language);
    },

    /** Translate now of these languages, for one article or all of the museum's. */
    async clearLanguages(museumId: number, languages: readonly string[], articleId?: number) {
      if (languages.length === 0) return;
      const t = translationFailures;
      await clearWhere(
        and(
          eq(t.museumId, museumId),
          inArray(t.language, [...languages]),
          articleId === undefined ? undefined : eq(t.articleId, articleId),
        ),
      );
    },

    /** The article edited or its translations reset: every language starts afresh. */
    async clearArticle(articleId: number): Promise<void> {
      await clearWhere(eq(translationFailures.articleId, articleId));
    },

    /** The museum's glossary changed: any of its texts may be translated differently now. */
    async clearMuseum(museumId: number): Promise<void> {
      await clearWhere(eq(translationFailures.museumId, museumId));
    },
  } satisfies BackoffStore & Record<string, unknown>;
}

export type FailuresRepo = ReturnType<typeof failuresRepo>;

/**
 * The same back-off in a process's memory: for circuits, whose documents are no articles (the
 * table's rows belong to articles). Each process counts its own failures and forgets them on a
 * restart or clear(): at worst one engine call more per process and round.
 */
export function memoryBackoff(max = 10_000): BackoffStore & { clear(): void } {
  const kept = new Map<string, Failure>();
  const keyOf = (pair: FailurePair) => `${pair.articleId}:${pair.language}`;
  return {
    find(pair) {
      const failure = kept.get(keyOf(pair));
      return Promise.resolve(failure?.generation === pair.generation ? failure : undefined);
    },
    failed(pair, reason, texts, now) {
      const key = keyOf(pair);
      const before = kept.get(key);
      const same = before?.generation === pair.generation ? before : undefined;
      if (!waiting(same, now)) {
        const failures = (same?.failures ?? 0) + 1;
        const nextTryAt = new Date(now.getTime() + backoffMs(failures));
        kept.delete(key);
        if (kept.size >= max) kept.delete(kept.keys().next().value!);
        const generation = pair.generation;
        kept.set(key, { generation, failures, reason, texts, lastFailedAt: now, nextTryAt });
      }
      return Promise.resolve();
    },
    succeeded(pair) {
      kept.delete(keyOf(pair));
      return Promise.resolve();
    },
    clear() {
      kept.clear();
    },
  };
}
