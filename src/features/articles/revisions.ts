import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articleRevisions, articles } from '../../server/db/schema.ts';

/**
 * The versions of an article kept (docs/adr/0028-drafts-and-revisions.md): written inside the
 * transaction of the save they record, read by the editor's history.
 */

/** Who saved a version: the account (null when none, as for a schedule's owner gone) and its email. */
export interface RevisionAuthor {
  userId: number | null;
  email: string;
}

/** One version as saved. */
export interface KeptVersion {
  museumId: number;
  articleId: number;
  /** The article's revision once this version is saved. */
  revision: number;
  kind: 'draft' | 'published';
  content: unknown;
  unformattedName: string;
  instructions: string;
  words: number;
}

/** A draft revision saved again by its author within this time is updated, not added. */
export const DRAFT_WINDOW_MS = 10 * 60_000;
/** Kept whatever their age: the newest of an article. */
export const KEEP_NEWEST = 50;
/** Kept whatever their number: those saved within this time. */
export const KEEP_WITHIN_MS = 365 * 24 * 3_600_000;

/**
 * Keeps a version: a draft saved by the author of the article's newest version, itself a draft
 * begun less than ten minutes ago, replaces it (one revision per stretch of editing); anything
 * else is added. `fresh` always adds (a restored version is a step of its own). Then what is
 * past both the newest 50 and the last year goes.
 */
export async function keepRevision(
  tx: Database,
  version: KeptVersion,
  by: RevisionAuthor,
  at: Date,
  fresh = false,
): Promise<void> {
  const values = {
    revision: version.revision,
    content: version.content,
    unformattedName: version.unformattedName,
    instructions: version.instructions,
    words: version.words,
    savedAt: at,
  };
  const [last] = await tx
    .select({
      id: articleRevisions.id,
      kind: articleRevisions.kind,
      savedBy: articleRevisions.savedBy,
      createdAt: articleRevisions.createdAt,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, version.articleId))
    .orderBy(desc(articleRevisions.revision))
    .limit(1);
  const collapse =
    !fresh &&
    version.kind === 'draft' &&
    last?.kind === 'draft' &&
    by.userId !== null &&
    last.savedBy === by.userId &&
    at.getTime() - last.createdAt.getTime() < DRAFT_WINDOW_MS;
  if (collapse) {
    await tx.update(articleRevisions).set(values).where(eq(articleRevisions.id, last.id));
  } else {
    await tx.insert(articleRevisions).values({
      ...values,
      museumId: version.museumId,
      articleId: version.articleId,
      kind: version.kind,
      savedBy: by.userId,
      savedByName: by.email,
      createdAt: at,
    });
  }
  await prune(tx, version.articleId, at);
}

/** Removes the article's versions that are neither among the newest 50 nor of the last year. */
async function prune(tx: Database, articleId: number, at: Date): Promise<void> {
  const newest = tx
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.revision))
    .limit(KEEP_NEWEST);
  await tx
    .delete(articleRevisions)
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        lt(articleRevisions.savedAt, new Date(at.getTime() - KEEP_WITHIN_MS)),
        notInArray(articleRevisions.id, newest),
      ),
    );
}

/** One kept version as the history lists it. */
export interface RevisionEntry {
  revision: number;
  kind: 'draft' | 'published';
  savedAt: Date;
  savedBy: string;
  words: number;
}

/** The history's reads, scoped to one museum: another museum's article has no history. */
/** What the history lists of each version. */
const summary = {
  revision: articleRevisions.revision,
  kind: articleRevisions.kind,
  savedAt: articleRevisions.savedAt,
  savedBy: articleRevisions.savedByName,
  words: articleRevisions.words,
};

export function revisionsRepo(db: Database) {
  const ours = (museumId: number, articleId: number) =>
    and(eq(articleRevisions.museumId, museumId), eq(articleRevisions.articleId, articleId));
  return {
    /** Newest first; undefined when the article is not the museum's. */
    async list(museumId: number, articleId: number): Promise<RevisionEntry[] | undefined> {
      const [article] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.museumId, museumId), eq(articles.id, articleId)));
      if (!article) return undefined;
      return db
        .select(summary)
        .from(articleRevisions)
        .where(ours(museumId, articleId))
        .orderBy(desc(articleRevisions.revision));
    },

    /** One version of the museum's article, or undefined. */
    async find(museumId: number, articleId: number, revision: number) {
      const [row] = await db
        .select({
          ...summary,
          content: articleRevisions.content,
          unformattedName: articleRevisions.unformattedName,
          instructions: articleRevisions.instructions,
        })
        .from(articleRevisions)
        .where(and(ours(museumId, articleId), eq(articleRevisions.revision, revision)));
      return row;
    },

    /** How many versions the article keeps (tests, and the retention's checks). */
    async count(articleId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, articleId));
      return row?.n ?? 0;
    },
  };
}

export type RevisionsRepo = ReturnType<typeof revisionsRepo>;
