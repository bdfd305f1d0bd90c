import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { sendCached } from '../../server/http/cached-body.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readJson } from '../../server/http/json-body.ts';
import {
  addArticleSchema,
  addFolderSchema,
  deleteItemSchema,
  freedCodesQuery,
  moveItemSchema,
  renameArticleSchema,
  renameFolderSchema,
  type DeleteAnswer,
  type MoveAnswer,
  type RenameAnswer,
} from './schema.ts';
import type { TreeService } from './service.ts';

/** The tree's staff calls, under /api (StaffEnv: behind the session middleware). */
export function treeRoutes(tree: TreeService) {
  const app = new Hono<StaffEnv>();

  app.get('/tree', async (c) => {
    const doc = await tree.document(museum(c));
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return sendCached(c, doc);
  });

  app.get('/read/articles', async (c) => c.json(await tree.articleChoices(museum(c))));

  app.get('/read/freed_codes', async (c) => {
    const query = freedCodesQuery.safeParse({ type: c.req.query('type'), id: c.req.query('id') });
    if (!query.success) {
      throw new ApiError(422, 'invalid_query', 'type must be folder or article, id an id.');
    }
    return c.json(await tree.freedCodes(museum(c), query.data.type, query.data.id));
  });

  app.post('/manage/add_article', async (c) => {
    const { pathArray, name } = await readJson(c, addArticleSchema);
    return c.json(await tree.addArticle(museum(c), pathArray, name), 201);
  });

  app.post('/manage/add_folder', async (c) => {
    const { pathArray, id: name } = await readJson(c, addFolderSchema);
    return c.json(await tree.addFolder(museum(c), pathArray, name), 201);
  });

  app.post('/manage/rename_article', async (c) => {
    const { articleId, newName } = await readJson(c, renameArticleSchema);
    await tree.renameArticle(museum(c), articleId, newName);
    return c.json({ id: articleId, name: newName } satisfies RenameAnswer);
  });

  app.post('/manage/rename_folder', async (c) => {
    const { itemName: folderId, newName, pathArray } = await readJson(c, renameFolderSchema);
    await tree.renameFolder(museum(c), pathArray, folderId, newName);
    return c.json({ id: folderId, name: newName } satisfies RenameAnswer);
  });

  app.post('/manage/delete_item', async (c) => {
    const { id, type, pathArray } = await readJson(c, deleteItemSchema);
    return c.json((await tree.deleteItem(museum(c), pathArray, type, id)) satisfies DeleteAnswer);
  });

  app.post('/manage/move_item', async (c) => {
    const body = await readJson(c, moveItemSchema);
    await tree.moveItem(museum(c), {
      from: body.fromPathArray,
      itemId: body.itemId,
      to: body.toPathArray,
      toFolderId: body.toFolderId,
    });
    return c.json({ ok: true } satisfies MoveAnswer);
  });

  return app;
}
