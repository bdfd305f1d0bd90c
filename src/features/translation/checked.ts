import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { checkedTranslations } from '../../server/db/schema.ts';
import type { CheckedTexts } from './translator-types.ts';

/** One checked translation: the museum's text for a segment, and the source it was checked on. */
export interface CheckedEntry {
  ref: string;
  source: string;
  text: string;
}

/** Rows written by one statement (7 parameters each). */
const SAVE_CHUNK = 1_000;

/**
 * The museum's checked translations (ADR 0013), in the database: data the museum wrote, shared
 * at once by every process, kept in backups. Scoped by article; the caller has checked that the
 * article is the museum's.
 */
export function checkedRepo(db: Database) {
  const upsert = (
    tx: Pick<Database, 'insert'>,
    rows: (typeof checkedTranslations.$inferInsert)[],
  ) =>
    tx
      .insert(checkedTranslations)
      .values(rows)
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

  /**
   * Writes (or replaces) checked texts of one article in several languages, all or none (an
   * XLIFF file, review/xliff-service.ts): one transaction, in statements of at most
   * SAVE_CHUNK rows (PostgreSQL takes 65,535 parameters). One entry per language and ref.
   */
  async function saveLanguages(
    scope: { museumId: number; articleId: number; checkedBy: number },
    entries: readonly (CheckedEntry & { language: string })[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((e) => ({ ...scope, ...e }));
    if (rows.length <= SAVE_CHUNK) {
      await upsert(db, rows);
      return;
    }
    await db.transaction(async (tx) => {
      for (let at = 0; at < rows.length; at += SAVE_CHUNK) {
        await upsert(tx, rows.slice(at, at + SAVE_CHUNK));
      }
    });
  }

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
      const { language, ...rest } = scope;
      await saveLanguages(
        rest,
        entries.map((e) => ({ ...e, language })),
      );
    },

    saveLanguages,

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
