import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.ts';
import { checkedTranslations } from '../../server/db/schema.ts';
import type { CheckedTexts } from './translator.ts';

/** One checked translation: the museum's text for a segment, and the source it was checked on. */
export interface CheckedEntry {
  ref: string;
  source: string;
  text: string;
}

/**
 * The museum's checked translations (ADR 0013), in the database: data the museum wrote, shared
 * at once by every process, kept in backups. Scoped by article; the caller has checked that the
 * article is the museum's.
 */
export function checkedRepo(db: Database) {
  return {
    /** The article's checked texts in one language, by segment ref. */
    async read(articleId: number, language: string): Promise<CheckedTexts> {
      const rows = await db
        .select({
          ref: checkedTranslations.ref,
          source: checkedTranslations.source,
          text: checkedTranslations.text,
        })
        .from(checkedTranslations)
        .where(
          and(
            eq(checkedTranslations.articleId, articleId),
            eq(checkedTranslations.language, language),
          ),
        );
      return new Map(rows.map((r) => [r.ref, { source: r.source, text: r.text }]));
    },

    /** Writes (or replaces) checked texts of one article and language, all or none. */
    async save(
      scope: { museumId: number; articleId: number; language: string; checkedBy: number },
      entries: readonly CheckedEntry[],
    ): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(checkedTranslations)
        .values(entries.map((e) => ({ ...scope, ...e })))
        .onConflictDoUpdate({
          target: [
            checkedTranslations.articleId,
            checkedTranslations.language,
            checkedTranslations.ref,
          ],
          set: {
            source: sql`excluded.source`,
            text: sql`excluded.text`,
            checkedBy: sql`excluded.checked_by`,
            checkedAt: sql`now()`,
          },
        });
    },

    /** Forgets every checked text of the article, in every language: how many there were. */
    async removeAll(articleId: number): Promise<number> {
      const removed = await db
        .delete(checkedTranslations)
        .where(eq(checkedTranslations.articleId, articleId))
        .returning({ ref: checkedTranslations.ref });
      return removed.length;
    },
  };
}

export type CheckedRepo = ReturnType<typeof checkedRepo>;
