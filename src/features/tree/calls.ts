// The tree's API calls as the articles screen makes them: each body typed by the zod
// schema its server route parses (routes.ts), each answer by the type that route answers with.
// Types only come from schema.ts (`import type`): zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type {
  addArticleSchema,
  addFolderSchema,
  DeleteAnswer,
  deleteItemSchema,
  FreedCodesAnswer,
  MoveAnswer,
  moveItemSchema,
  RenameAnswer,
  renameArticleSchema,
  renameFolderSchema,
  TreeItem,
} from './schema.ts';

/** GET /api/tree: the museum's folders and articles (an answer that is no list is a failure). */
export const treeRoute = getRoute<TreeItem[]>('/api/tree', Array.isArray);

/** POST /api/manage/{name}: the six writes. */
export const manage = {
  add_article: postRoute<z.input<typeof addArticleSchema>, TreeItem>('/api/manage/add_article'),
  add_folder: postRoute<z.input<typeof addFolderSchema>, TreeItem>('/api/manage/add_folder'),
  rename_article: postRoute<z.input<typeof renameArticleSchema>, RenameAnswer>(
    '/api/manage/rename_article',
  ),
  rename_folder: postRoute<z.input<typeof renameFolderSchema>, RenameAnswer>(
    '/api/manage/rename_folder',
  ),
  delete_item: postRoute<z.input<typeof deleteItemSchema>, DeleteAnswer>('/api/manage/delete_item'),
  move_item: postRoute<z.input<typeof moveItemSchema>, MoveAnswer>('/api/manage/move_item'),
};

const isFreedCodes = (body: unknown): boolean =>
  Array.isArray((body as { codes?: unknown } | null)?.codes);

/** GET /api/read/freed_codes: the QR codes deleting this item would leave without an article. */
export const freedCodesRoute = (item: { type: 'folder' | 'article'; id: number }) =>
  getRoute<FreedCodesAnswer>(
    `/api/read/freed_codes?type=${item.type}&id=${String(item.id)}`,
    isFreedCodes,
  );
