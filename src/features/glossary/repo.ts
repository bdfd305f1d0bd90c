import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { glossaryTerms } from '../../server/db/schema.ts';

/** One entry as stored (drizzle/0008): scoped by museum in every call. */
export interface TermRow {
  id: number;
  term: string;
  note: string;
  doNotTranslate: boolean;
  translations: Record<string, string>;
  updatedAt: Date;
}

export interface TermValues {
  term: string;
  note: string;
  doNotTranslate: boolean;
  translations: Record<string, string>;
}

const columns = {
  id: glossaryTerms.id,
  term: glossaryTerms.term,
  note: glossaryTerms.note,
  doNotTranslate: glossaryTerms.doNotTranslate,
  translations: glossaryTerms.translations,
  updatedAt: glossaryTerms.updatedAt,
};

/** The glossary's SQL. 'taken': another entry of the museum has this term (any case). */
export function glossaryRepo(db: Database) {
  return {
    /** Every entry of the museum, by term (one indexed query). */
    async list(museumId: number): Promise<TermRow[]> {
      return db
        .select(columns)
        .from(glossaryTerms)
        .where(eq(glossaryTerms.museumId, museumId))
        .orderBy(asc(sql`lower(${glossaryTerms.term})`), asc(glossaryTerms.id));
    },

    async count(museumId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(glossaryTerms)
        .where(eq(glossaryTerms.museumId, museumId));
      return row?.n ?? 0;
    },

    async insert(museumId: number, values: TermValues): Promise<TermRow | 'taken'> {
      try {
        const [row] = await db
          .insert(glossaryTerms)
          .values({ museumId, ...values })
          .returning(columns);
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** undefined when the museum has no such entry. */
    async update(
      museumId: number,
      id: number,
      values: TermValues,
    ): Promise<TermRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(glossaryTerms)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(glossaryTerms.museumId, museumId), eq(glossaryTerms.id, id)))
          .returning(columns);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Whether the museum had such an entry. */
    async remove(museumId: number, id: number): Promise<boolean> {
      const removed = await db
        .delete(glossaryTerms)
        .where(and(eq(glossaryTerms.museumId, museumId), eq(glossaryTerms.id, id)))
        .returning({ id: glossaryTerms.id });
      return removed.length > 0;
    },
  };
}

export type GlossaryRepo = ReturnType<typeof glossaryRepo>;
