import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articles, museums } from '../../server/db/schema.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { keepRevision, type RevisionAuthor } from './revisions.ts';
import { claimStop, type StopTaken } from './stops.ts';
import type { ArticleDraft } from '../../server/db/schema.ts';

/**
 * An article's title shown to visitors as the database reads it from the stored content ('' when
 * there is none, as in content saved before the field existed): for staff lists (label.ts).
 */
export const publicTitleColumn = () =>
  sql<string>`coalesce(${articles.content}->0->>'publicTitle', '')`;

export interface ArticleRecord {
  id: number;
  name: string;
  unformattedName: string;
  instructions: string;
  content: unknown;
  revision: number;
  translationGeneration: number;
  /** When what visitors read went live; null while they see 'not available yet'. */
  publishedAt: Date | null;
}

/** An article as the editor reads it: the published version, its draft and its publication. */
export interface EditedArticle extends ArticleRecord {
  draft: ArticleDraft | null;
  publishAt: Date | null;
  /** The planned end (docs/adr/0038-scheduled-end-of-publication.md), or null. */
  unpublishAt: Date | null;
}

/**
 * A save that publishes (docs/adr/0028-drafts-and-revisions.md): when, by whom, and the words of
 * the version, kept as a published revision.
 */
export interface PublishStamp {
  at: Date;
  by: RevisionAuthor;
  words: number;
}

export interface ArticleChange {
  name: string;
  unformattedName: string;
  instructions: string;
  content: unknown;
}

const columns = {
  id: articles.id,
  name: articles.name,
  unformattedName: articles.unformattedName,
  instructions: articles.instructions,
  content: articles.content,
  revision: articles.revision,
  translationGeneration: articles.translationGeneration,
  publishedAt: articles.publishedAt,
};

/** What a save answers: see `saveArticle`. */
type SaveResult =
  { revision: number } | { stale: number } | { stopTaken: StopTaken } | 'taken' | undefined;

/**
 * Saves an article and raises its revision; raises the museum's tree revision too, since
 * the title shows in the tree. Undefined: no such article in this museum. 'taken': another
 * article already has this url. With `expected` (the revision the edit was based on), only
 * while the article is still at that revision: the UPDATE itself checks it, so of two saves
 * based on the same revision exactly one writes, also on PostgreSQL under concurrency (the
 * second waits for the first's row lock, then finds the revision raised); `stale` names the
 * article's current revision and nothing is written. `stopTaken`: another article of the museum
 * holds the content's stop number (stops.ts: checked under the museum's stop lock).
 */
async function saveArticle(
  db: Database,
  museumId: number,
  id: number,
  change: ArticleChange,
  expected: number | undefined,
  stamp: PublishStamp,
): Promise<SaveResult> {
  const ours = and(eq(articles.museumId, museumId), eq(articles.id, id));
  const save = db.transaction(async (tx) => {
    // First, before any row lock: see stops.ts.
    const stopTaken = await claimStop(tx, museumId, id, change.content);
    const current = async () => {
      const [found] = await tx.select({ revision: articles.revision }).from(articles).where(ours);
      return found && { stale: found.revision };
    };
    // A save based on an older revision is told so first, whatever else is wrong with it.
    if (expected !== undefined) {
      const now = await current();
      if (!now) return undefined;
      if (now.stale !== expected) return now;
    }
    const clash = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.name, change.name), ne(articles.id, id)));
    if (clash.length > 0) return 'taken';
    // Another museum's id or none: not found, whoever holds the number.
    if (stopTaken) return (await current()) ? { stopTaken } : undefined;
    const [row] = await tx
      .update(articles)
      .set({
        name: change.name,
        unformattedName: change.unformattedName,
        instructions: change.instructions,
        content: change.content,
        revision: sql`${articles.revision} + 1`,
        updatedAt: stamp.at,
        // What is saved here is what visitors read: any draft and planned publish are done.
        publishedAt: stamp.at,
        publishAt: null,
        publishBy: null,
        draft: null,
      })
      .where(expected === undefined ? ours : and(ours, eq(articles.revision, expected)))
      .returning({ revision: articles.revision });
    if (!row) return expected === undefined ? undefined : current();
    const version = { museumId, articleId: id, revision: row.revision, kind: 'published' as const };
    await keepRevision(tx, { ...version, ...change, words: stamp.words }, stamp.by, stamp.at);
    await tx
      .update(museums)
      .set({ treeRevision: sql`${museums.treeRevision} + 1` })
      .where(eq(museums.id, museumId));
    return row;
  });
  // Two saves claiming the same url at once: the unique index decides, the loser is told.
  return save.catch((error: unknown) => {
    if (isUniqueViolation(error)) return 'taken' as const;
    throw error;
  });
}

/** Article reads and writes, always scoped to one museum. */
export function editorRepo(db: Database) {
  return {
    async find(museumId: number, id: number): Promise<ArticleRecord | undefined> {
      const [row] = await db
        .select(columns)
        .from(articles)
        .where(and(eq(articles.museumId, museumId), eq(articles.id, id)));
      return row;
    },

    /** The article with its draft and publication, as the editor reads it. */
    async findEdited(museumId: number, id: number): Promise<EditedArticle | undefined> {
      const [row] = await db
        .select({
          ...columns,
          draft: articles.draft,
          publishAt: articles.publishAt,
          unpublishAt: articles.unpublishAt,
        })
        .from(articles)
        .where(and(eq(articles.museumId, museumId), eq(articles.id, id)));
      return row;
    },

    /** The article's draft, if any (a staff preview of it); never read for visitors. */
    async findDraft(id: number): Promise<ArticleDraft | null> {
      const [row] = await db
        .select({ draft: articles.draft })
        .from(articles)
        .where(eq(articles.id, id));
      return row?.draft ?? null;
    },

    /** A published article by its public url, whatever the museum (the visitor page). */
    async findByName(name: string): Promise<
      | (ArticleRecord & {
          museumId: number;
          language: string;
          timeZone: string;
          /** The museum's read-aloud setting (ADR 0019). */
          speech: { voice: 'browser' | 'server'; otherLanguages: string[] };
          /** The languages visitors may choose; null: all of them. */
          visitorLanguages: string[] | null;
        })
      | undefined
    > {
      const [row] = await db
        .select({
          ...columns,
          museumId: articles.museumId,
          language: museums.sourceLanguage,
          timeZone: museums.timeZone,
          speech: museums.speech,
          visitorLanguages: museums.visitorLanguages,
        })
        .from(articles)
        .innerJoin(museums, eq(museums.id, articles.museumId))
        .where(eq(articles.name, name));
      return row;
    },

    /** Files the article's translations under a new generation; undefined: not this museum's. */
    async newTranslationGeneration(museumId: number, id: number): Promise<number | undefined> {
      const [row] = await db
        .update(articles)
        .set({ translationGeneration: sql`${articles.translationGeneration} + 1` })
        .where(and(eq(articles.museumId, museumId), eq(articles.id, id)))
        .returning({ generation: articles.translationGeneration });
      return row?.generation;
    },

    /**
     * Saves and publishes an article if its url is free and, with `expected`, its revision
     * unchanged; the version is kept as a published revision.
     */
    async update(
      museumId: number,
      id: number,
      change: ArticleChange,
      expected: number | undefined,
      stamp: PublishStamp,
    ): Promise<SaveResult> {
      return saveArticle(db, museumId, id, change, expected, stamp);
    },
  };
}

export type EditorRepo = ReturnType<typeof editorRepo>;
