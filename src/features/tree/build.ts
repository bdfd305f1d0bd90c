import type { ArticleRow, FolderRow } from './repo.ts';
import type { TreeItem } from './schema.ts';

/** Names as a curator sorts them: numbers as numbers, accents and case aside. */
export const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });
const byName = (a: TreeItem, b: TreeItem) => collator.compare(a.name, b.name) || a.id - b.id;

/** The tree's marks of an article's publication; nothing for one published as it stands. */
function publicationMarks(
  a: ArticleRow,
): Pick<TreeItem, 'publication' | 'publishAt' | 'unpublishAt' | 'hasDraft'> {
  return {
    ...(a.publishAt
      ? { publication: 'scheduled' as const, publishAt: a.publishAt.toISOString() }
      : a.published === false && { publication: 'unpublished' as const }),
    ...(a.unpublishAt && { unpublishAt: a.unpublishAt.toISOString() }),
    ...(a.hasDraft && { hasDraft: true as const }),
  };
}

/** Folders first, then articles, each by name (numbers in names sort as numbers). */
export function buildTree(folderRows: FolderRow[], articleRows: ArticleRow[]): TreeItem[] {
  const children = new Map<number | null, TreeItem[]>();
  const add = (parent: number | null, item: TreeItem) => {
    const list = children.get(parent);
    if (list) list.push(item);
    else children.set(parent, [item]);
  };
  const folderItems = new Map<number, TreeItem>();
  for (const f of folderRows) {
    const item: TreeItem = { id: f.id, type: 'folder', name: f.name, children: [] };
    folderItems.set(f.id, item);
  }
  for (const f of folderRows) add(f.parentId, folderItems.get(f.id)!);
  const articleItems = new Map<number | null, TreeItem[]>();
  for (const a of articleRows) {
    const item: TreeItem = {
      id: a.id,
      type: 'article',
      name: a.name,
      ...(a.publicTitle && { publicTitle: a.publicTitle }),
      ...publicationMarks(a),
    };
    const list = articleItems.get(a.folderId);
    if (list) list.push(item);
    else articleItems.set(a.folderId, [item]);
  }
  const assemble = (parent: number | null): TreeItem[] => [
    ...(children.get(parent) ?? []).sort(byName),
    ...(articleItems.get(parent) ?? []).sort(byName),
  ];
  for (const [id, item] of folderItems) item.children = assemble(id);
  return assemble(null);
}
