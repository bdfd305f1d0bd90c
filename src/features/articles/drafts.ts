import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articles, museums, users, type ArticleDraft } from '../../server/db/schema.ts';
import { keepRevision, type RevisionAuthor } from './revisions.ts';
import { claimStop, type StopTaken } from './stops.ts';

/**
 * An article's draft and publication, written (docs/adr/0028-drafts-and-revisions.md). What
 * visitors read changes only through editorRepo's update (a save that publishes) and `unpublish`.
 */

/**
 * What a guarded write answers: the new revision, the current one when stale, the article
 * holding the draft's stop number (stops.ts), or no article.
 */
export type DraftResult =
  { revision: number } | { stale: number } | { stopTaken: StopTaken } | undefined;

/** A draft write: the draft (null: none), and the version to keep, if any. */
export interface DraftWrite {
  draft: ArticleDraft | null;
  /** Keep it as a draft revision; `fresh`: as a revision of its own, never merged. */
  keep?: { by: RevisionAuthor; words: number; fresh?: boolean } | undefined;
}

/** A planned publish that is due. */
export interface DuePublish {
  museumId: number;
  id: number;
  by: RevisionAuthor;
}

/** A planned end whose time has come (docs/adr/0038-scheduled-end-of-publication.md). */
export interface DueEnd {
  museumId: number;
  id: number;
}

/** The tree marks drafts, planned and unpublished articles: its cached document is made again. */
async function raiseTreeRevision(tx: Database, museumId: number): Promise<void> {
  await tx
    .update(museums)
    .set({ treeRevision: sql`${museums.treeRevision} + 1` })
    .where(eq(museums.id, museumId));
}

/**
 * Writes the draft and raises the article's revision, if the article is still at `expected`
 * (when given): read under the row's lock, so of two writes based on one revision exactly one
 * is made, on PostgreSQL under concurrency too.
 */
async function writeDraft(
  db: Database,
  museumId: number,
  id: number,
  expected: number | undefined,
  write: DraftWrite,
  at: Date,
): Promise<DraftResult> {
  const ours = and(eq(articles.museumId, museumId), eq(articles.id, id));
  return db.transaction(async (tx) => {
    // First, before the row's lock: see stops.ts.
    const stopTaken = await claimStop(tx, museumId, id, write.draft?.content);
    const [found] = await tx
      .select({ revision: articles.revision })
      .from(articles)
      .where(ours)
      .for('update');
    if (!found) return undefined;
    if (expected !== undefined && found.revision !== expected) return { stale: found.revision };
    if (stopTaken) return { stopTaken };
    const [row] = await tx
      .update(articles)
      .set({ draft: write.draft, revision: sql`${articles.revision} + 1`, updatedAt: at })
      .where(ours)
      .returning({ revision: articles.revision });
    if (write.keep && write.draft) {
      const version = {
        museumId,
        articleId: id,
        revision: row!.revision,
        kind: 'draft' as const,
        ...write.draft,
        words: write.keep.words,
      };
      await keepRevision(tx, version, write.keep.by, at, write.keep.fresh);
    }
    await raiseTreeRevision(tx, museumId);
    return row;
  });
}

export function draftsRepo(db: Database) {
  const ours = (museumId: number, id: number) =>
    and(eq(articles.museumId, museumId), eq(articles.id, id));
  return {
    writeDraft: (
      museumId: number,
      id: number,
      expected: number | undefined,
      write: DraftWrite,
      at: Date,
    ) => writeDraft(db, museumId, id, expected, write, at),

    /** Plans a publish at `at` (null: none planned). False: not the museum's article. */
    async schedule(museumId: number, id: number, at: Date | null, by: number | null) {
      const rows = await db.transaction(async (tx) => {
        const changed = await tx
          .update(articles)
          .set({ publishAt: at, publishBy: at ? by : null })
          .where(ours(museumId, id))
          .returning({ id: articles.id });
        if (changed.length > 0) await raiseTreeRevision(tx, museumId);
        return changed;
      });
      return rows.length > 0;
    },

    /**
     * Plans the article's end at `at` (null: none planned; docs/adr/0038-scheduled-end-of-publication.md).
     * False: not the museum's article.
     */
    async scheduleEnd(museumId: number, id: number, at: Date | null) {
      const rows = await db.transaction(async (tx) => {
        const changed = await tx
          .update(articles)
          .set({ unpublishAt: at })
          .where(ours(museumId, id))
          .returning({ id: articles.id });
        if (changed.length > 0) await raiseTreeRevision(tx, museumId);
        return changed;
      });
      return rows.length > 0;
    },

    /**
     * Takes the article back from visitors (its texts and translations stay); any planned
     * publish or end is done with.
     */
    async unpublish(museumId: number, id: number): Promise<boolean> {
      const rows = await db.transaction(async (tx) => {
        const changed = await tx
          .update(articles)
          .set({ publishedAt: null, publishAt: null, publishBy: null, unpublishAt: null })
          .where(ours(museumId, id))
          .returning({ id: articles.id });
        if (changed.length > 0) await raiseTreeRevision(tx, museumId);
        return changed;
      });
      return rows.length > 0;
    },

    /** Planned publishes whose time has come, oldest first. */
    async due(now: Date, limit = 100): Promise<DuePublish[]> {
      const rows = await db
        .select({
          museumId: articles.museumId,
          id: articles.id,
          userId: articles.publishBy,
          email: users.email,
        })
        .from(articles)
        .leftJoin(users, eq(users.id, articles.publishBy))
        .where(and(isNotNull(articles.publishAt), lte(articles.publishAt, now)))
        .orderBy(asc(articles.publishAt))
        .limit(limit);
      return rows.map(({ museumId, id, userId, email }) => ({
        museumId,
        id,
        by: { userId, email: email ?? '' },
      }));
    },

    /** Planned ends whose time has come, oldest first. */
    async dueEnds(now: Date, limit = 100): Promise<DueEnd[]> {
      return db
        .select({ museumId: articles.museumId, id: articles.id })
        .from(articles)
        .where(and(isNotNull(articles.unpublishAt), lte(articles.unpublishAt, now)))
        .orderBy(asc(articles.unpublishAt))
        .limit(limit);
    },
  };
}

export type DraftsRepo = ReturnType<typeof draftsRepo>;
