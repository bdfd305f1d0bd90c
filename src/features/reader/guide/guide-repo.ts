import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/handle.ts';
import { isUniqueViolation } from '../../../server/db/errors.ts';
import { articles, circuits, museums } from '../../../server/db/schema.ts';
import type { GuideSource } from './guide-types.ts';

/** Published articles a guide home reads at most (its search included). */
export const GUIDE_MAX_ARTICLES = 2_000;
/** Circuits a guide home lists at most. */
export const GUIDE_MAX_CIRCUITS = 100;

export type SlugOutcome =
  | { ok: true; museum: string; slug: string; previous: string | null }
  | { ok: false; reason: 'no_museum' | 'taken' };

/** What a guide home reads (the museum by its address, its circuits and published articles). */
export function guideRepo(db: Database) {
  return {
    async bySlug(slug: string): Promise<GuideSource | undefined> {
      const [museum] = await db
        .select({
          id: museums.id,
          name: museums.name,
          language: museums.sourceLanguage,
          timeZone: museums.timeZone,
          visitorLanguages: museums.visitorLanguages,
        })
        .from(museums)
        .where(eq(museums.slug, slug));
      if (!museum) return undefined;
      const [circuitRows, articleRows] = await Promise.all([
        db
          .select({
            id: circuits.id,
            name: circuits.name,
            title: circuits.title,
            intro: circuits.intro,
            // Stops visitors can open: published articles only.
            // Named in full: inside a select, drizzle writes its columns without their table.
            stops: sql<number>`(
              select count(*)::int from circuit_stops s
              join articles a on a.id = s.article_id
              where s.circuit_id = "circuits"."id" and a.published_at is not null)`,
          })
          .from(circuits)
          .where(eq(circuits.museumId, museum.id))
          .orderBy(asc(circuits.title), asc(circuits.id))
          .limit(GUIDE_MAX_CIRCUITS),
        db
          .select({
            id: articles.id,
            name: articles.name,
            content: articles.content,
            instructions: articles.instructions,
            generation: articles.translationGeneration,
          })
          .from(articles)
          .where(and(eq(articles.museumId, museum.id), isNotNull(articles.publishedAt)))
          .orderBy(asc(articles.id))
          .limit(GUIDE_MAX_ARTICLES),
      ]);
      return {
        ...museum,
        circuits: circuitRows.map((c) => ({ ...c, stops: Number(c.stops) })),
        articles: articleRows,
      };
    },

    /** The museum's slug (`npm run users -- museum`); null removes it. */
    async setSlug(museumName: string, slug: string | null): Promise<SlugOutcome> {
      const [museum] = await db
        .select({ id: museums.id, name: museums.name, slug: museums.slug })
        .from(museums)
        .where(eq(museums.name, museumName));
      if (!museum) return { ok: false, reason: 'no_museum' };
      try {
        await db.update(museums).set({ slug }).where(eq(museums.id, museum.id));
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
        throw error;
      }
      return { ok: true, museum: museum.name, slug: slug ?? '', previous: museum.slug };
    },

    /** The museum's slug, or null (the museum unknown: undefined). */
    async slugOf(museumName: string): Promise<string | null | undefined> {
      const [museum] = await db
        .select({ slug: museums.slug })
        .from(museums)
        .where(eq(museums.name, museumName));
      return museum?.slug;
    },
  };
}

export type GuideRepo = ReturnType<typeof guideRepo>;
