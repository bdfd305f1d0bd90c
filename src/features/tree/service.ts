import { cacheBody, type CachedBody } from '../../server/http/cached-body.ts';
import { customAlphabet } from 'nanoid';
import { ApiError, notFound } from '../../server/http/errors.ts';
import type { ArticleEvents } from '../articles/events.ts';
import { stopEntry } from '../articles/stops.ts';
import type { TreeRepo, TreeTx } from './repo.ts';
import { buildTree, collator } from './build.ts';
import type { ArticleContent } from '../articles/content.ts';
import { MAX_NAME_LENGTH, type FreedCodesAnswer, type TreeItem } from './schema.ts';
import type { ArticleChoice } from '../articles/article-list.ts';

/** Public url slugs: lower-case letters and digits, unguessable, made at creation. */
const slugSuffix = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 10);
export const newSlug = () => `article-${slugSuffix()}`;

/** The content a new article starts with: the metadatas entry, which holds its url. */
export const newArticleContent = (slug: string) => [
  { type: 'metadatas', url: slug, backgroundColor: '#341539' },
];

/** An article made by addArticles: its private name and its content (the url is replaced). */
export interface ArticleDraft {
  name: string;
  content: ArticleContent;
}

/** `name`, or `name (2)`, `name (3)`… the first not taken, within the name's length limit. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const invalidMove = (message: string) => new ApiError(422, 'invalid_move', message);

/**
 * The folder a path leads to (null: the root), checking that every id is a folder of this
 * museum and each the child of the one before. Unknown or foreign ids: 404.
 */
async function resolvePath(tx: TreeTx, path: number[]): Promise<number | null> {
  if (path.length === 0) return null;
  if (new Set(path).size !== path.length) {
    throw new ApiError(422, 'invalid_path', 'The path names a folder twice.');
  }
  const rows = await tx.foldersById(path);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let parent: number | null = null;
  for (const id of path) {
    const folder = byId.get(id);
    if (!folder) throw notFound('No such folder.');
    if (folder.parentId !== parent) {
      throw new ApiError(422, 'invalid_path', 'The path does not lead through these folders.');
    }
    parent = id;
  }
  return parent;
}

/** A museum's tree as sent (JSON, gzip above 1 KB, an ETag), for one revision. */
export interface TreeDocument extends CachedBody {
  revision: number;
}

async function treeOf(repo: TreeRepo, museumId: number): Promise<TreeItem[]> {
  const [folderRows, articleRows] = await Promise.all([
    repo.folders(museumId),
    repo.articles(museumId),
  ]);
  return buildTree(folderRows, articleRows);
}

/** Removes an item found in the folder `path` leads to; returns the articles that went. */
async function removeIn(
  tx: TreeTx,
  path: number[],
  type: 'folder' | 'article',
  id: number,
): Promise<number[]> {
  const parentId = await resolvePath(tx, path);
  if (type === 'article') {
    const article = await tx.article(id);
    if (!article || article.folderId !== parentId) throw notFound('No such article here.');
    await tx.deleteArticle(id);
    return [id];
  }
  const folder = await tx.folder(id);
  if (!folder || folder.parentId !== parentId) throw notFound('No such folder here.');
  const under = await tx.articlesUnder(id);
  await tx.deleteFolder(id);
  return under;
}

async function moveIn(
  tx: TreeTx,
  move: { from: number[]; itemId: number; to: number[]; toFolderId: number | null },
): Promise<void> {
  const fromId = await resolvePath(tx, move.from);
  const toId = await resolvePath(tx, move.to);
  if (toId !== move.toFolderId) {
    throw invalidMove('toFolderId must be the last folder of toPathArray.');
  }
  const folder = await tx.folder(move.itemId);
  if (folder) {
    if (folder.parentId !== fromId) throw notFound('No such folder here.');
    // The destination path runs through all its ancestors: the item in it means a cycle.
    if (move.to.includes(move.itemId)) {
      throw invalidMove('A folder cannot move into itself or one of its folders.');
    }
    await tx.moveFolder(folder.id, toId);
    return;
  }
  const article = await tx.article(move.itemId);
  if (!article || article.folderId !== fromId) throw notFound('No such item here.');
  await tx.moveArticle(article.id, toId);
}

function treeReads(repo: TreeRepo) {
  // The last tree built per museum. A cache: every request checks the revision in the
  // database, so a change made by any process is seen by the next read.
  const documents = new Map<number, TreeDocument>();

  return {
    tree(museumId: number): Promise<TreeItem[]> {
      return treeOf(repo, museumId);
    },

    /** GET /api/read/articles: every article, by title in the museum's reading order. */
    async articleChoices(museumId: number): Promise<ArticleChoice[]> {
      const rows = await repo.articleChoices(museumId);
      return rows
        .sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id)
        .map((row) => ({
          id: row.id,
          name: row.name,
          unformatted_name: row.title,
          // Only when there is one: the list stays as it was for articles without.
          ...(row.publicTitle && { public_title: row.publicTitle }),
          ...stopEntry(row.stop),
        }));
    },

    /** The QR codes deleting an item would leave free, by name; 404 for another museum's. */
    async freedCodes(museumId: number, type: 'folder' | 'article', id: number) {
      const codes = await repo.codesOf(museumId, type, id);
      if (!codes) throw notFound(type === 'folder' ? 'No such folder.' : 'No such article.');
      return { codes: codes.sort(collator.compare) } satisfies FreedCodesAnswer;
    },

    /** The tree ready to send, rebuilt only when the museum's revision moved. */
    async document(museumId: number): Promise<TreeDocument> {
      // Read the revision before the rows: a change landing in between makes the next
      // request rebuild, never serves old rows under a new revision.
      const revision = await repo.revision(museumId);
      const cached = documents.get(museumId);
      if (cached?.revision === revision) return cached;
      const json = JSON.stringify(await treeOf(repo, museumId));
      const document: TreeDocument = { revision, ...cacheBody(json, { compressAbove: 1024 }) };
      documents.set(museumId, document);
      return document;
    },
  };
}

function treeWrites(repo: TreeRepo, options: { events?: ArticleEvents | undefined }) {
  return {
    addArticle(museumId: number, path: number[], name = ''): Promise<TreeItem> {
      return repo.locked(museumId, async (tx) => {
        const folderId = await resolvePath(tx, path);
        let slug = newSlug();
        while (await tx.slugTaken(slug)) slug = newSlug();
        const id = await tx.insertArticle(folderId, slug, newArticleContent(slug), name);
        return { id, type: 'article', name };
      });
    },

    /**
     * Several articles made at once in the folder `path` leads to, all or none (one
     * transaction), each with its content and a private name made unique in the folder
     * ('Name', 'Name (2)'…), published: a document brought in is a finished text, read by
     * visitors at once as before drafts existed (docs/adr/0028-drafts-and-revisions.md). Each
     * is then told as saved, so it is translated and counted as an article the editor saved.
     */
    async addArticles(museumId: number, path: number[], drafts: readonly ArticleDraft[]) {
      const ids = await repo.locked(museumId, async (tx) => {
        const folderId = await resolvePath(tx, path);
        const taken = new Set(await tx.articleNamesIn(folderId));
        const made: number[] = [];
        const now = new Date();
        for (const draft of drafts) {
          let slug = newSlug();
          while (await tx.slugTaken(slug)) slug = newSlug();
          const name = uniqueName(draft.name, taken);
          taken.add(name);
          const [meta, ...blocks] = draft.content;
          made.push(
            await tx.insertArticle(folderId, slug, [{ ...meta, url: slug }, ...blocks], name, now),
          );
        }
        return made;
      });
      for (const articleId of ids) {
        await options.events?.emit('articleChanged', { how: 'saved', museumId, articleId });
      }
      return ids;
    },

    addFolder(museumId: number, path: number[], name: string): Promise<TreeItem> {
      return repo.locked(museumId, async (tx) => {
        const parentId = await resolvePath(tx, path);
        const id = await tx.insertFolder(parentId, name);
        return { id, type: 'folder', name, children: [] };
      });
    },

    renameArticle(museumId: number, articleId: number, name: string): Promise<void> {
      return repo.locked(museumId, async (tx) => {
        if (!(await tx.article(articleId))) throw notFound('No such article.');
        await tx.renameArticle(articleId, name);
      });
    },

    renameFolder(museumId: number, path: number[], folderId: number, name: string) {
      return repo.locked(museumId, async (tx) => {
        const parentId = await resolvePath(tx, path);
        const folder = await tx.folder(folderId);
        if (!folder || folder.parentId !== parentId) throw notFound('No such folder here.');
        await tx.renameFolder(folderId, name);
      });
    },

    /** Deletes an item found in the folder `path` leads to; returns how many articles went. */
    async deleteItem(museumId: number, path: number[], type: 'folder' | 'article', id: number) {
      const articleIds = await repo.locked(museumId, (tx) => removeIn(tx, path, type, id));
      if (articleIds.length > 0) {
        await options.events?.emit('articleChanged', { how: 'deleted', museumId, articleIds });
      }
      return { deletedArticles: articleIds.length };
    },

    moveItem(
      museumId: number,
      move: { from: number[]; itemId: number; to: number[]; toFolderId: number | null },
    ) {
      return repo.locked(museumId, (tx) => moveIn(tx, move));
    },
  };
}

/**
 * `events` is told after articles were deleted (src/app/subscribers.ts): the pages and scans
 * this process keeps that led to them are forgotten.
 */
export function treeService(repo: TreeRepo, options: { events?: ArticleEvents | undefined } = {}) {
  return { ...treeReads(repo), ...treeWrites(repo, options) };
}

export type TreeService = ReturnType<typeof treeService>;
