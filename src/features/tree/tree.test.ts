import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { articles, folders, qrcodes } from '../../server/db/schema.ts';
import type { TreeItem } from './schema.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ database, t, cookie, other } = s));

const call = (path: string, body: unknown, as = cookie) =>
  t.postJson(`/api/manage/${path}`, body, { cookie: as });

async function tree(as = cookie): Promise<TreeItem[]> {
  const res = await t.request('/api/tree', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return res.json();
}

async function folder(name: string, pathArray: number[] = [], as = cookie): Promise<number> {
  const res = await call('add_folder', { pathArray, id: name }, as);
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function article(pathArray: number[] = [], title?: string): Promise<number> {
  const res = await call('add_article', { pathArray });
  expect(res.status).toBe(201);
  const { id } = await res.json();
  if (title)
    expect((await call('rename_article', { articleId: id, newName: title })).status).toBe(200);
  return id;
}

/** name/children outline of a tree, for readable expectations. */
const outline = (items: TreeItem[]): unknown[] =>
  items.map((i) => (i.children ? { [i.name]: outline(i.children) } : i.name));

describe('GET /api/tree', () => {
  it('is empty for a new museum and refuses the signed-out', async () => {
    expect(await tree()).toEqual([]);
    expect((await t.request('/api/tree')).status).toBe(401);
  });

  it('nests folders and articles, folders first, names sorted with numbers as numbers', async () => {
    const room = await folder('Salle 1');
    await folder('Nouveau dossier 10', [room]);
    await folder('Nouveau dossier 9', [room]);
    await article([room], 'Vase');
    await article([], 'Amphore');
    await folder('Réserve');
    expect(outline(await tree())).toEqual([
      { Réserve: [] },
      { 'Salle 1': [{ 'Nouveau dossier 9': [] }, { 'Nouveau dossier 10': [] }, 'Vase'] },
      'Amphore',
    ]);
  });
});

describe('the tree as sent', () => {
  it('is compressed when large, answers 304 to its ETag, and changes with every write', async () => {
    for (let i = 0; i < 30; i++) await folder(`Salle ${i}`);
    const res = await t.request('/api/tree', {
      headers: { cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body) as TreeItem[]).toHaveLength(30);
    const etag = res.headers.get('etag') ?? '';
    const again = await t.request('/api/tree', { headers: { cookie, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await folder('Salle 30');
    const changed = await t.request('/api/tree', { headers: { cookie, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('shows a change made by another server process at the next read', async () => {
    expect(await tree()).toEqual([]); // this process now holds the tree in its cache
    const otherProcess = testApp(database.db); // its own services, its own caches
    const res = await otherProcess.postJson(
      '/api/manage/add_folder',
      { pathArray: [], id: 'Made elsewhere' },
      { cookie },
    );
    expect(res.status).toBe(201);
    expect((await tree()).map((i) => i.name)).toEqual(['Made elsewhere']);
  });
});

describe('adding', () => {
  it('gives every new article its own public url at once, and folder and article ids never clash', async () => {
    const a = await article();
    const b = await article();
    const f = await folder('F');
    const rows = await database.db.select().from(articles);
    expect(new Set(rows.map((r) => r.name)).size).toBe(2);
    for (const row of rows) {
      expect(row.name).toMatch(/^article-[0-9a-z]{10}$/);
      expect(row.content).toEqual([
        { type: 'metadatas', url: row.name, backgroundColor: '#341539' },
      ]);
    }
    expect(new Set([a, b, f]).size).toBe(3);
  });

  it('takes names in any script, trimmed, up to 120 characters', async () => {
    for (const name of ['متحف البحر', '海洋博物馆', 'Ωμέγα 🏺', `  ${'é'.repeat(120)}  `]) {
      await folder(name);
    }
    const names = (await tree()).map((i) => i.name);
    expect(names).toContain('é'.repeat(120));
    expect(names).toContain('متحف البحر');
  });

  it.each([
    ['an empty name', { pathArray: [], id: '   ' }],
    ['a name of 121 characters', { pathArray: [], id: 'x'.repeat(121) }],
    ['a control character', { pathArray: [], id: 'a\u0000b' }],
    ['a name of the wrong type', { pathArray: [], id: 42 }],
    ['no path', { id: 'x' }],
    ['a path of words', { pathArray: ['salle'], id: 'x' }],
    ['a negative id', { pathArray: [-1], id: 'x' }],
    ['a fractional id', { pathArray: [1.5], id: 'x' }],
  ])('refuses %s with 422 and adds nothing', async (_what, body) => {
    const res = await call('add_folder', body);
    expect(res.status).toBe(422);
    expect(await tree()).toEqual([]);
  });

  it('names a new article with the name the curator typed, trimmed; a bad one adds nothing', async () => {
    const room = await folder('Salle');
    const res = await call('add_article', { pathArray: [room], name: '  Vase à figures rouges ' });
    expect(res.status).toBe(201);
    const made = (await res.json()) as TreeItem;
    expect(made).toEqual({ id: made.id, type: 'article', name: 'Vase à figures rouges' });
    expect(outline(await tree())).toEqual([{ Salle: ['Vase à figures rouges'] }]);
    for (const name of ['   ', 'x'.repeat(121), 'a\u0000b', 42]) {
      expect((await call('add_article', { pathArray: [room], name })).status).toBe(422);
    }
    expect(await database.db.select().from(articles)).toHaveLength(1);
  });

  it('accepts the ids of a URL path as digit strings', async () => {
    const room = await folder('Salle');
    const res = await call('add_article', { pathArray: [String(room)] });
    expect(res.status).toBe(201);
  });
});

describe('paths are checked', () => {
  it('answers 404 for an unknown folder and for another museum’s folder', async () => {
    expect((await call('add_article', { pathArray: [999_999] })).status).toBe(404);
    const theirs = await folder('Theirs', [], other);
    expect((await call('add_article', { pathArray: [theirs] })).status).toBe(404);
    expect(await tree(other)).toEqual([
      { id: theirs, type: 'folder', name: 'Theirs', children: [] },
    ]);
  });

  it('answers 422 when the folders do not follow each other, and for a repeated id', async () => {
    const a = await folder('A');
    const b = await folder('B');
    const a1 = await folder('A1', [a]);
    expect((await call('add_article', { pathArray: [b, a1] })).status).toBe(422);
    expect((await call('add_article', { pathArray: [a1] })).status).toBe(422);
    expect((await call('add_article', { pathArray: [a, a] })).status).toBe(422);
    expect((await database.db.select().from(articles)).length).toBe(0);
  });
});

describe('renaming', () => {
  it('renames articles and folders', async () => {
    const room = await folder('Salle');
    const sub = await folder('Vitrine', [room]);
    const art = await article([room]);
    expect((await call('rename_article', { articleId: art, newName: ' Le vase ' })).status).toBe(
      200,
    );
    expect(
      (await call('rename_folder', { itemName: sub, newName: 'Vitrine A', pathArray: [room] }))
        .status,
    ).toBe(200);
    expect(outline(await tree())).toEqual([{ Salle: [{ 'Vitrine A': [] }, 'Le vase'] }]);
  });

  it('answers 404 for another museum’s items or a folder not at that place, changing nothing', async () => {
    const theirs = await folder('Theirs', [], other);
    const mine = await folder('Mine');
    expect(
      (await call('rename_folder', { itemName: theirs, newName: 'x', pathArray: [] })).status,
    ).toBe(404);
    expect(
      (await call('rename_folder', { itemName: mine, newName: 'x', pathArray: [mine] })).status,
    ).toBe(404);
    const sub = await folder('Sub', [mine]);
    expect(
      (await call('rename_folder', { itemName: sub, newName: 'x', pathArray: [] })).status,
    ).toBe(404);
    expect((await call('rename_article', { articleId: theirs, newName: 'x' })).status).toBe(404);
    expect((await tree(other))[0]?.name).toBe('Theirs');
  });

  it('refuses an empty new name', async () => {
    const art = await article([], 'Titre');
    expect((await call('rename_article', { articleId: art, newName: '' })).status).toBe(422);
    expect((await tree())[0]?.name).toBe('Titre');
  });
});

describe('deleting', () => {
  it('deletes a folder with everything in it, says how many articles went, and keeps their QR codes unlinked', async () => {
    const room = await folder('Salle');
    const shelf = await folder('Vitrine', [room]);
    const a1 = await article([room]);
    await article([room, shelf]);
    await article([room, shelf]);
    const kept = await article([]);
    const [museum] = await database.db.select({ id: folders.museumId }).from(folders);
    await database.db.insert(qrcodes).values([
      { museumId: museum!.id, link: 'abc123', articleId: a1 },
      { museumId: museum!.id, link: 'def456', articleId: kept },
    ]);
    const res = await call('delete_item', { id: room, type: 'folder', pathArray: [] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedArticles: 3 });
    expect((await tree()).map((i) => i.id)).toEqual([kept]);
    const codes = await database.db.select().from(qrcodes);
    expect(codes.map((c) => [c.link, c.articleId]).sort()).toEqual([
      ['abc123', null],
      ['def456', kept],
    ]);
    expect(await database.db.select().from(folders)).toEqual([]);
  });

  it('deletes an article only where the caller saw it', async () => {
    const room = await folder('Salle');
    const art = await article([room]);
    expect((await call('delete_item', { id: art, type: 'article', pathArray: [] })).status).toBe(
      404,
    );
    expect((await call('delete_item', { id: art, type: 'folder', pathArray: [room] })).status).toBe(
      404,
    );
    expect(
      (await call('delete_item', { id: art, type: 'article', pathArray: [room] })).status,
    ).toBe(200);
  });

  it('never deletes another museum’s items', async () => {
    const theirs = await folder('Theirs', [], other);
    expect((await call('delete_item', { id: theirs, type: 'folder', pathArray: [] })).status).toBe(
      404,
    );
    expect(await tree(other)).toHaveLength(1);
  });
});

describe('GET /api/read/freed_codes: the QR codes a deletion would leave without an article', () => {
  const freed = (type: string, id: number | string, as = cookie) =>
    t.request(`/api/read/freed_codes?type=${type}&id=${id}`, { headers: { cookie: as } });

  it('names the codes of the articles in a folder and its sub-folders, and of one article', async () => {
    const room = await folder('Salle');
    const shelf = await folder('Vitrine', [room]);
    const a1 = await article([room]);
    const deep = await article([room, shelf]);
    const kept = await article([]);
    const [museum] = await database.db.select({ id: folders.museumId }).from(folders);
    await database.db.insert(qrcodes).values([
      { museumId: museum!.id, link: 'Vitrine-4', articleId: deep },
      { museumId: museum!.id, link: 'abc123', articleId: a1 },
      { museumId: museum!.id, link: 'def456', articleId: kept },
      { museumId: museum!.id, link: 'libre', articleId: null },
    ]);
    const res = await freed('folder', room);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ codes: ['abc123', 'Vitrine-4'] });
    expect(await (await freed('folder', shelf)).json()).toEqual({ codes: ['Vitrine-4'] });
    expect(await (await freed('article', kept)).json()).toEqual({ codes: ['def456'] });
    const empty = await folder('Vide');
    expect(await (await freed('folder', empty)).json()).toEqual({ codes: [] });
  });

  it('answers 404 for another museum’s folder or article, 422 for a bad query, 401 signed out', async () => {
    const theirs = await folder('Theirs', [], other);
    expect((await freed('folder', theirs)).status).toBe(404);
    expect((await freed('article', theirs)).status).toBe(404);
    expect((await freed('folder', 999_999)).status).toBe(404);
    expect((await freed('folder', 'x')).status).toBe(422);
    expect((await freed('box', theirs)).status).toBe(422);
    expect((await t.request(`/api/read/freed_codes?type=folder&id=${theirs}`)).status).toBe(401);
  });
});

describe('moving', () => {
  it('moves an article into a sibling folder and back to the parent', async () => {
    const room = await folder('Salle');
    const shelf = await folder('Vitrine', [room]);
    const art = await article([room], 'Vase');
    const into = {
      fromPathArray: [room],
      itemId: art,
      toPathArray: [room, shelf],
      toFolderId: shelf,
    };
    expect((await call('move_item', into)).status).toBe(200);
    expect(outline(await tree())).toEqual([{ Salle: [{ Vitrine: ['Vase'] }] }]);
    const back = {
      fromPathArray: [room, shelf],
      itemId: art,
      toPathArray: [room],
      toFolderId: room,
    };
    expect((await call('move_item', back)).status).toBe(200);
    const root = { fromPathArray: [room], itemId: art, toPathArray: [], toFolderId: null };
    expect((await call('move_item', root)).status).toBe(200);
    expect(outline(await tree())).toEqual([{ Salle: [{ Vitrine: [] }] }, 'Vase']);
  });

  it('moves a folder with its contents', async () => {
    const a = await folder('A');
    const b = await folder('B');
    await article([b], 'In B');
    const res = await call('move_item', {
      fromPathArray: [],
      itemId: b,
      toPathArray: [a],
      toFolderId: a,
    });
    expect(res.status).toBe(200);
    expect(outline(await tree())).toEqual([{ A: [{ B: ['In B'] }] }]);
  });

  it('refuses to move a folder into itself or one of its folders (422)', async () => {
    const a = await folder('A');
    const b = await folder('B', [a]);
    const c = await folder('C', [a, b]);
    for (const to of [[a], [a, b], [a, b, c]]) {
      const res = await call('move_item', {
        fromPathArray: [],
        itemId: a,
        toPathArray: to,
        toFolderId: to.at(-1),
      });
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe('invalid_move');
    }
    expect(outline(await tree())).toEqual([{ A: [{ B: [{ C: [] }] }] }]);
  });

  it('refuses a toFolderId that is not the end of toPathArray, and items not where claimed', async () => {
    const a = await folder('A');
    const b = await folder('B');
    const art = await article([a]);
    expect(
      (
        await call('move_item', {
          fromPathArray: [a],
          itemId: art,
          toPathArray: [b],
          toFolderId: null,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('move_item', {
          fromPathArray: [b],
          itemId: art,
          toPathArray: [],
          toFolderId: null,
        })
      ).status,
    ).toBe(404);
    const theirs = await folder('T', [], other);
    expect(
      (
        await call('move_item', {
          fromPathArray: [],
          itemId: theirs,
          toPathArray: [a],
          toFolderId: a,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('move_item', {
          fromPathArray: [],
          itemId: a,
          toPathArray: [theirs],
          toFolderId: theirs,
        })
      ).status,
    ).toBe(404);
  });
});

describe('two tabs at once', () => {
  it('renaming, moving and deleting the same items together loses nothing, orphans nothing, never 500', async () => {
    const a = await folder('A');
    const b = await folder('B');
    const c = await folder('C', [a]);
    const arts = await Promise.all([article([a]), article([b]), article([a, c]), article([])]);
    const tab1 = [
      call('move_item', { fromPathArray: [], itemId: a, toPathArray: [b], toFolderId: b }),
      call('rename_folder', { itemName: c, newName: 'C1', pathArray: [a] }),
      call('move_item', { fromPathArray: [], itemId: arts[3], toPathArray: [a], toFolderId: a }),
      call('delete_item', { id: arts[1], type: 'article', pathArray: [b] }),
    ];
    const tab2 = [
      call('move_item', { fromPathArray: [], itemId: b, toPathArray: [a], toFolderId: a }),
      call('move_item', { fromPathArray: [a], itemId: c, toPathArray: [], toFolderId: null }),
      call('rename_article', { articleId: arts[3], newName: 'x' }),
      call('delete_item', { id: c, type: 'folder', pathArray: [a] }),
    ];
    const statuses = (await Promise.all([...tab1, ...tab2])).map((r) => r.status);
    for (const s of statuses) expect([200, 404, 422]).toContain(s);

    // Whatever the order, the tree is whole: every folder hangs from a living folder or the root,
    // no folder is its own ancestor, and every remaining article sits in a living folder.
    const folderRows = await database.db.select().from(folders);
    const ids = new Set(folderRows.map((f) => f.id));
    const parent = new Map(folderRows.map((f) => [f.id, f.parentId]));
    for (const f of folderRows) {
      if (f.parentId !== null) expect(ids.has(f.parentId)).toBe(true);
      const seen = new Set<number>();
      for (let at: number | null = f.id; at !== null; at = parent.get(at) ?? null) {
        expect(seen.has(at)).toBe(false);
        seen.add(at);
      }
    }
    for (const art of await database.db.select().from(articles)) {
      if (art.folderId !== null) expect(ids.has(art.folderId)).toBe(true);
    }
    // Everything in the database shows in the tree.
    const count = (items: TreeItem[]): number =>
      items.reduce((n, i) => n + 1 + (i.children ? count(i.children) : 0), 0);
    const rows = folderRows.length + (await database.db.select().from(articles)).length;
    expect(count(await tree())).toBe(rows);
  });
});
