import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articles, folders, museums, qrcodes } from '../../server/db/schema.ts';
import { inTransaction } from '../../server/db/typed.ts';
import { publicTitleColumn } from '../articles/repo.ts';
import { stopColumn } from '../articles/stops.ts';

export interface FolderRow {
  id: number;
  parentId: number | null;
  name: string;
}
export interface ArticleRow {
  id: number;
  folderId: number | null;
  name: string;
  /** The title shown to visitors; only the tree's list reads it. */
  publicTitle?: string;
  /** Its publication, for the tree's marks (docs/adr/0028-drafts-and-revisions.md). */
  published?: boolean;
  publishAt?: Date | null;
  /** Its planned end (docs/adr/0038-scheduled-end-of-publication.md). */
  unpublishAt?: Date | null;
  hasDraft?: boolean;
}

/** The advisory lock class that serialises one museum's tree writes (with the museum id). */
export const TREE_LOCK_CLASS = 7302;

export function treeRepo(db: Database) {
  return {
    async folders(museumId: number): Promise<FolderRow[]> {
      return db
        .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
        .from(folders)
        .where(eq(folders.museumId, museumId));
    },

    async articles(museumId: number): Promise<ArticleRow[]> {
      return db
        .select({
          id: articles.id,
          folderId: articles.folderId,
          name: articles.unformattedName,
          publicTitle: publicTitleColumn(),
          published: sql<boolean>`${articles.publishedAt} is not null`,
          publishAt: articles.publishAt,
          unpublishAt: articles.unpublishAt,
          hasDraft: sql<boolean>`${articles.draft} is not null`,
        })
        .from(articles)
        .where(eq(articles.museumId, museumId));
    },

    /** Every article with its url name, titles and stop number: the QR picker's and statistics' list. */
    async articleChoices(museumId: number) {
      return db
        .select({
          id: articles.id,
          name: articles.name,
          title: articles.unformattedName,
          publicTitle: publicTitleColumn(),
          stop: stopColumn(),
        })
        .from(articles)
        .where(eq(articles.museumId, museumId));
    },

    /**
     * The links of the museum's QR codes whose article is `id` or, for a folder, any article in
     * it or its sub-folders; null when the museum has no such item.
     */
    async codesOf(museumId: number, type: 'folder' | 'article', id: number) {
      const table = type === 'folder' ? folders : articles;
      const [found] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.museumId, museumId), eq(table.id, id)));
      if (!found) return null;
      const under =
        type === 'article'
          ? sql`${id}::integer`
          : sql`select a.id from ${articles} a where a.folder_id in (
              with recursive sub(id) as (
                select ${id}::integer
                union all
                select f.id from ${folders} f join sub on f.parent_id = sub.id
              )
              select id from sub)`;
      const rows = await db
        .select({ link: qrcodes.link })
        .from(qrcodes)
        .where(and(eq(qrcodes.museumId, museumId), sql`${qrcodes.articleId} in (${under})`));
      return rows.map((row) => row.link);
    },

    async revision(museumId: number): Promise<number> {
      const [row] = await db
        .select({ revision: museums.treeRevision })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row?.revision ?? 0;
    },

    /**
     * Runs a change in a transaction holding the museum's tree lock: checks and writes of two
     * tabs (or two server processes) never interleave, so no move can build a cycle or orphan.
     * The museum's tree revision goes up with the change. Anything else that changes a folder
     * or an article title (the editor's update_article) must raise it too, or GET /api/tree
     * keeps serving the cached tree.
     */
    async locked<T>(museumId: number, work: (tx: TreeTx) => Promise<T>): Promise<T> {
      return inTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, ${museumId})`);
        const result = await work(txRepo(tx, museumId));
        await tx
          .update(museums)
          .set({ treeRevision: sql`${museums.treeRevision} + 1` })
          .where(eq(museums.id, museumId));
        return result;
      });
    },
  };
}

/** The museum's rows as seen inside the tree lock; every query stays within the museum. */
const mineIn = (museumId: number) => (table: typeof folders | typeof articles) =>
  eq(table.museumId, museumId);

function txReads(tx: Database, museumId: number) {
  const mine = mineIn(museumId);
  /** The museum's folders among `ids`, for checking a path. */
  async function foldersById(ids: number[]): Promise<FolderRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
      .from(folders)
      .where(and(mine(folders), inArray(folders.id, ids)));
  }
  return {
    foldersById,

    async folder(id: number): Promise<FolderRow | undefined> {
      const [row] = await foldersById([id]);
      return row;
    },

    async article(id: number): Promise<ArticleRow | undefined> {
      const rows = await tx
        .select({ id: articles.id, folderId: articles.folderId, name: articles.unformattedName })
        .from(articles)
        .where(and(mine(articles), eq(articles.id, id)));
      return rows[0];
    },

    /** The private names of the articles directly in a folder (null: the root). */
    async articleNamesIn(folderId: number | null): Promise<string[]> {
      const rows = await tx
        .select({ name: articles.unformattedName })
        .from(articles)
        .where(
          and(
            mine(articles),
            folderId === null ? isNull(articles.folderId) : eq(articles.folderId, folderId),
          ),
        );
      return rows.map((row) => row.name);
    },

    async slugTaken(slug: string): Promise<boolean> {
      const rows = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.name, slug));
      return rows.length > 0;
    },

    /** The articles a folder holds, at any depth: their ids. */
    async articlesUnder(folderId: number): Promise<number[]> {
      const result: unknown = await tx.execute(sql`
        with recursive sub(id) as (
          select ${folderId}::integer
          union all
          select f.id from ${folders} f join sub on f.parent_id = sub.id
        )
        select a.id from ${articles} a where a.folder_id in (select id from sub)`);
      // node-postgres and PGlite both answer { rows }.
      const rows = (result as { rows?: { id: number | string }[] }).rows ?? [];
      return rows.map((row) => Number(row.id));
    },
  };
}

function txWrites(tx: Database, museumId: number) {
  const mine = mineIn(museumId);
  return {
    async insertFolder(parentId: number | null, name: string): Promise<number> {
      const [row] = await tx
        .insert(folders)
        .values({ museumId, parentId, name })
        .returning({ id: folders.id });
      return row!.id;
    },

    async insertArticle(
      folderId: number | null,
      slug: string,
      content: unknown,
      title = '',
      /** When visitors may read it from; none: not published (docs/adr/0028-drafts-and-revisions.md). */
      publishedAt: Date | null = null,
    ): Promise<number> {
      const [row] = await tx
        .insert(articles)
        .values({ museumId, folderId, name: slug, content, unformattedName: title, publishedAt })
        .returning({ id: articles.id });
      return row!.id;
    },

    async renameFolder(id: number, name: string): Promise<void> {
      await tx
        .update(folders)
        .set({ name })
        .where(and(mine(folders), eq(folders.id, id)));
    },

    async renameArticle(id: number, name: string): Promise<void> {
      await tx
        .update(articles)
        .set({ unformattedName: name, updatedAt: new Date() })
        .where(and(mine(articles), eq(articles.id, id)));
    },

    async moveFolder(id: number, parentId: number | null): Promise<void> {
      await tx
        .update(folders)
        .set({ parentId })
        .where(and(mine(folders), eq(folders.id, id)));
    },

    async moveArticle(id: number, folderId: number | null): Promise<void> {
      await tx
        .update(articles)
        .set({ folderId, updatedAt: new Date() })
        .where(and(mine(articles), eq(articles.id, id)));
    },

    /** Deletes a folder with everything in it (foreign keys cascade; QR codes are unlinked). */
    async deleteFolder(id: number): Promise<void> {
      await tx.delete(folders).where(and(mine(folders), eq(folders.id, id)));
    },

    async deleteArticle(id: number): Promise<void> {
      await tx.delete(articles).where(and(mine(articles), eq(articles.id, id)));
    },
  };
}

function txRepo(tx: Database, museumId: number) {
  return { ...txReads(tx, museumId), ...txWrites(tx, museumId) };
}

export type TreeTx = ReturnType<typeof txRepo>;
export type TreeRepo = ReturnType<typeof treeRepo>;
