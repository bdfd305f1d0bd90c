// Pure rules of the articles tree screen: new folder names, what a line shows, where
// a URL's folder path leads. No DOM, no React: the island and the unit tests share them.
import { t } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TreeItem } from './schema.ts';

/**
 * The name of the next new folder among `siblingNames` (the current folder's child folders):
 * the prefix of the interface language and one more than the highest number already used with
 * that prefix, so gaps are not refilled ('New folder 2' deleted out of 1..3 gives 4); 1 when
 * none is used.
 */
export function nextFolderName(lang: Lang, siblingNames: readonly string[]): string {
  const prefix = t(lang, 'tree.newFolderPrefix');
  let highest = 0;
  for (const name of siblingNames) {
    if (!name.startsWith(`${prefix} `)) continue;
    const rest = name.slice(prefix.length + 1);
    if (!/^\d+$/.test(rest)) continue;
    const n = Number(rest);
    if (Number.isSafeInteger(n) && n > highest) highest = n;
  }
  return `${prefix} ${highest + 1}`;
}

/** The folder ids of a pathname ('/en/articles/3/7' -> [3, 7]); null when one is not an id. */
export function folderPathFromPathname(pathname: string): number[] | null {
  const bare = pathname.replace(/^\/en(?=\/|$)/, '').replace(/\.html$/, '');
  const match = /^\/articles(?:\/(.*))?$/.exec(bare);
  if (!match) return null;
  const segments = (match[1] ?? '').split('/').filter((segment) => segment !== '');
  const ids: number[] = [];
  for (const segment of segments) {
    if (!/^[1-9]\d{0,15}$/.test(segment)) return null;
    const id = Number(segment);
    if (!Number.isSafeInteger(id)) return null;
    ids.push(id);
  }
  return ids;
}

/** The folders along `path` from the root, or null when an id is not a folder at that place. */
export function resolveFolderPath(
  roots: readonly TreeItem[],
  path: readonly number[],
): TreeItem[] | null {
  const folders: TreeItem[] = [];
  let level: readonly TreeItem[] = roots;
  for (const id of path) {
    const folder = level.find((item) => item.id === id && item.type === 'folder');
    if (!folder) return null;
    folders.push(folder);
    level = folder.children ?? [];
  }
  return folders;
}

/** How many articles a folder holds, at any depth. */
export function countArticles(item: TreeItem): number {
  if (item.type === 'article') return 1;
  return (item.children ?? []).reduce((sum, child) => sum + countArticles(child), 0);
}
