import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import {
  articles,
  museums,
  translationFailures,
  translationStatus,
} from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/typed.ts';

/** How many texts of one article, in one language, are in each state (the translations overview). */
export interface StateCounts {
  missing: number;
  machine: number;
  reviewed: number;
  stale: number;
  /** Of those, the texts the checks flagged (flags.ts). */
  flagged: number;
}

/**
 * The query that builds the overview's document: the languages with counts or failures, the
 * failing translations of the articles' current generation, and every article with its counts.
 */
function overviewSql(museumId: number): SQL {
  return sql`
    select json_build_object(
      'languages', coalesce(
        (select json_agg(distinct language order by language) from (
           select language from ${translationStatus} where museum_id = ${museumId}
           union select language from ${translationFailures} where museum_id = ${museumId}
         ) l),
        '[]'::json
      ),
      'failing', coalesce(
        (select json_agg(
           json_build_object(
             'articleId', f.article_id, 'language', f.language,
             'reason', case when split_part(f.reason, ':', 1) = 'refused'
                       then 'refused' else 'engine' end,
             'texts', coalesce(nullif(split_part(f.reason, ':', 2), '')::int, 0),
             'failures', f.failures,
             'lastFailedAt', f.last_failed_at, 'nextTryAt', f.next_try_at
           ) order by f.article_id, f.language)
         from ${translationFailures} f
         join ${articles} fa on fa.id = f.article_id
         where f.museum_id = ${museumId} and fa.museum_id = ${museumId}
           and f.generation = fa.translation_generation),
        '[]'::json
      ),
      'articles', coalesce(
      json_agg(
        -- The public title only when there is one (stripped when null): counts are never null.
        json_strip_nulls(json_build_object(
          'articleId', a.id,
          'title', a.unformatted_name,
          'publicTitle', nullif(a.content->0->>'publicTitle', ''),
          'name', a.name,
          'languages', coalesce(s.langs, '{}'::json)
        ))
        order by lower(a.unformatted_name), a.id
      ),
      '[]'::json
    ))::text as doc
    from ${articles} a
    left join (
      select article_id, json_object_agg(
        language,
        json_build_object(
          'missing', missing, 'machine', machine, 'reviewed', reviewed,
          'stale', stale, 'flagged', flagged
        )
        order by language
      ) as langs
      from ${translationStatus}
      where museum_id = ${museumId}
      group by article_id
    ) s on s.article_id = a.id
    where a.museum_id = ${museumId}`;
}

/**
 * The counts behind the overview, one row per article and language it was read or prepared in:
 * written whenever they may have changed (status.ts), read in one query.
 */
export function statusRepo(db: Database) {
  const bump = async (museumId: number) => {
    await db
      .update(museums)
      .set({ translationStatusRevision: sql`${museums.translationStatusRevision} + 1` })
      .where(eq(museums.id, museumId));
  };
  return {
    async save(
      scope: { museumId: number; articleId: number; language: string },
      counts: StateCounts,
    ): Promise<void> {
      await db
        .insert(translationStatus)
        .values({ ...scope, ...counts })
        .onConflictDoUpdate({
          target: [translationStatus.articleId, translationStatus.language],
          set: { ...counts, updatedAt: sql`now()` },
        });
      await bump(scope.museumId);
    },

    /**
     * What the overview's document depends on: the museum's tree revision (articles added,
     * renamed, deleted) and its counts' revision. One row read: the overview's cache key.
     */
    async revision(museumId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ tree: museums.treeRevision, counts: museums.translationStatusRevision })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row && `${row.tree}:${row.counts}`;
    },

    /**
     * The overview (status.ts's TranslationStatus) as JSON text, made by the database in one
     * row: the languages, and every article in title order with its counts by language. Thirty
     * thousand counts cross from the database as one value, not thirty thousand rows (the review
     * bench holds p99 under 50 ms).
     */
    async document(museumId: number): Promise<string> {
      const result = await db.execute(overviewSql(museumId));
      const [row] = rowsOf<{ doc: string }>(result);
      return row?.doc ?? '{"languages":[],"articles":[],"failing":[]}';
    },

    /** The article's museum, or undefined when it no longer exists. */
    async museumOf(articleId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ museumId: articles.museumId })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row?.museumId;
    },

    /** The museum's articles that have counts. */
    async counted(museumId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ articleId: translationStatus.articleId })
        .from(translationStatus)
        .where(eq(translationStatus.museumId, museumId));
      return rows.map((r) => r.articleId);
    },

    /** The languages the article has counts in. */
    async languages(articleId: number): Promise<string[]> {
      const rows = await db
        .select({ language: translationStatus.language })
        .from(translationStatus)
        .where(eq(translationStatus.articleId, articleId));
      return rows.map((r) => r.language);
    },

    /** Forgets the counts of a language the article is no longer translated into (its own). */
    async remove(museumId: number, articleId: number, language: string): Promise<void> {
      await db
        .delete(translationStatus)
        .where(
          and(eq(translationStatus.articleId, articleId), eq(translationStatus.language, language)),
        );
      await bump(museumId);
    },

    /** The museum's articles (id, title, public name) in title order. */
    async articles(museumId: number) {
      return db
        .select({ id: articles.id, title: articles.unformattedName, name: articles.name })
        .from(articles)
        .where(eq(articles.museumId, museumId))
        .orderBy(asc(sql`lower(${articles.unformattedName})`), asc(articles.id));
    },
  };
}

export type StatusRepo = ReturnType<typeof statusRepo>;
