import * as z from 'zod';
import { itemId, pathArray } from '../articles/ids.ts';

/** Payloads of the tree calls, shared by the tree screen and the API. */

export const MAX_NAME_LENGTH = 120;

export const itemName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters');

/** `name`: the private name typed where the article is added; absent, the article is untitled. */
export const addArticleSchema = z.object({ pathArray, name: itemName.optional() });
/** `id` carries the new folder's name (the API's historical field name); see names.ts. */
export const addFolderSchema = z.object({ pathArray, id: itemName });
export const renameArticleSchema = z.object({ articleId: itemId, newName: itemName });
export const renameFolderSchema = z.object({ itemName: itemId, newName: itemName, pathArray });
export const deleteItemSchema = z.object({
  id: itemId,
  type: z.enum(['folder', 'article']),
  pathArray,
});
/** GET /api/read/freed_codes: the item a deletion would take (as delete_item names it). */
export const freedCodesQuery = z.object({ type: z.enum(['folder', 'article']), id: itemId });
export const moveItemSchema = z.object({
  fromPathArray: pathArray,
  itemId,
  toPathArray: pathArray,
  toFolderId: itemId.nullable(),
});

export interface TreeItem {
  id: number;
  type: 'folder' | 'article';
  name: string;
  /** An article's title shown to visitors, when it has one (shown beside its name). */
  publicTitle?: string;
  /**
   * An article visitors cannot read: 'unpublished' (never published, or taken back) or
   * 'scheduled' (a publish planned at `publishAt`, ISO 8601). Absent: published.
   */
  publication?: 'unpublished' | 'scheduled';
  publishAt?: string;
  /** When the article leaves the guide, ISO 8601 (docs/adr/0038-scheduled-end-of-publication.md). */
  unpublishAt?: string;
  /** An article with a draft not published yet. */
  hasDraft?: true;
  children?: TreeItem[];
}

/** What rename_article and rename_folder answer (routes.ts; the tree screen reads it typed). */
export type RenameAnswer = { id: number; name: string };
/** What delete_item answers: how many articles went with it. */
export type DeleteAnswer = { deletedArticles: number };
/**
 * What GET /api/read/freed_codes answers: the names (links) of the museum's QR codes whose
 * article the deletion would take, so the confirmation can say which codes become free.
 */
export type FreedCodesAnswer = { codes: string[] };
/** What move_item answers. */
export type MoveAnswer = { ok: true };
