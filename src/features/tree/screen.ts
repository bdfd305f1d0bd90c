// What the articles screen shows, worked out from the loaded tree and the URL's folder path:
// which folder, its lines' labels and links, where an item may move, what a failed write says.
// No DOM, no React: useTree, the view and the unit tests (screen.test.ts) share them.
import { articleName } from '../articles/label.ts';
import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { errorCode, type ApiResult } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { formatZoned, zoneName } from '../../ui/zoned-time.ts';
import type { MoveTarget } from './ContextMenu.tsx';
import { resolveFolderPath } from './names.ts';
import type { TreeItem } from './schema.ts';

/** The folder the URL names, within the tree once it is loaded. */
export type Place = {
  /** The folders from the root to here; null until loaded, or when the path leads nowhere. */
  folders: TreeItem[] | null;
  /** The URL is no folder path, or (once loaded) names no folder at that place. */
  notFound: boolean;
  /** The lines shown: the folder's children, the root's items, or none before loading. */
  items: TreeItem[];
  /** The URL's folder ids ([] at the root, and when it is no folder path). */
  folderPath: number[];
};

export function placeOf(roots: TreeItem[] | null, path: number[] | null): Place {
  const folders = roots && path ? resolveFolderPath(roots, path) : null;
  const here = folders?.at(-1);
  return {
    folders,
    notFound: path === null || (roots !== null && folders === null),
    items: (here ? here.children : roots) ?? [],
    folderPath: path ?? [],
  };
}

/**
 * What a line shows: its name, or 'Article {id}' (as every staff screen names it, label.ts) /
 * 'Folder {id}' while it has none.
 */
export function itemLabel(t: TFn, item: TreeItem): string {
  if (item.type === 'article') return articleName({ id: item.id, title: item.name });
  return item.name !== '' ? item.name : `${t('tree.folder')} ${item.id}`;
}

/**
 * The screen's heading: 'Articles' at the root, 'Articles / Salle 1 / Vitrine A' in a folder
 * (spaces around each slash, so a name reads apart from the path's signs).
 */
export function treeHeading(t: TFn, folders: readonly TreeItem[]): string {
  if (folders.length === 0) return t('articles.title');
  return t('articles.heading', { path: folders.map((folder) => itemLabel(t, folder)).join(' / ') });
}

/** A folder's line opens its page below this one; an article's, its editor. */
export function hrefOf(lang: Lang, folderPath: readonly number[], item: TreeItem): string {
  return item.type === 'folder'
    ? localePath(lang, `/articles/${[...folderPath, item.id].join('/')}`)
    : localePath(lang, `/article?id=${item.id}`);
}

/** The page of the folder above (the root's, from a top-level folder). */
export function parentHref(lang: Lang, folderPath: readonly number[]): string {
  return localePath(
    lang,
    folderPath.length > 1 ? `/articles/${folderPath.slice(0, -1).join('/')}` : '/articles',
  );
}

/** Where `item` may move from here: the parent folder (below the root), then its sibling folders. */
export function moveTargets(
  t: TFn,
  folderPath: readonly number[],
  items: readonly TreeItem[],
  item: TreeItem,
): MoveTarget[] {
  const targets: MoveTarget[] = [];
  if (folderPath.length > 0) {
    const toPathArray = folderPath.slice(0, -1);
    targets.push({
      key: 'parent',
      label: t('tree.parent'),
      toPathArray,
      toFolderId: toPathArray.at(-1) ?? null,
    });
  }
  for (const sibling of items) {
    if (sibling.type !== 'folder' || sibling.id === item.id) continue;
    targets.push({
      key: `folder-${sibling.id}`,
      label: itemLabel(t, sibling),
      toPathArray: [...folderPath, sibling.id],
      toFolderId: sibling.id,
    });
  }
  return targets;
}

/** What a write is about, for its failure message. */
export type WriteKind = 'name' | 'other';

/** A refused write's toast: the tree's own words for its refusals, others by their code. */
export function writeFailureMessage(t: TFn, result: ApiResult, kind: WriteKind): string {
  const code = errorCode(result);
  if (code === 'invalid_move') return t('tree.invalidMove');
  if (code === 'not_found' || result.status === 404) return t('tree.notFoundError');
  if (kind === 'name' && (result.status === 422 || result.status === 400)) {
    return t('tree.invalidName');
  }
  // Other refusals by their code, in the interface's language (src/ui/apiErrors.ts).
  return code ? apiErrorMessage(t, result) : t('tree.writeFailed');
}

/** A mark beside an article's name: what visitors cannot read yet, or read an older version of. */
export type PublicationMark = {
  kind: 'unpublished' | 'scheduled' | 'ending' | 'draft';
  text: string;
  /** The whole sentence, its time zone named, for those who point at it. */
  title?: string;
};

/**
 * An article's marks (docs/adr/0028-drafts-and-revisions.md): 'Not published' (never, or taken
 * back), 'Scheduled {date}' on the museum's clocks (`zone`, null until known: no date then),
 * 'Leaves the guide on {date}' when an end is planned (docs/adr/0038-scheduled-end-of-publication.md),
 * 'Draft' when changes wait to be published. None for a folder or a published article.
 */
export function publicationMarks(
  t: TFn,
  lang: Lang,
  item: TreeItem,
  zone: string | null,
): PublicationMark[] {
  if (item.type !== 'article') return [];
  const marks: PublicationMark[] = [];
  if (item.publication === 'unpublished') {
    marks.push({ kind: 'unpublished', text: t('publishing.treeUnpublished') });
  } else if (item.publication === 'scheduled') {
    if (zone !== null && item.publishAt) {
      const when = formatZoned(item.publishAt, zone, lang);
      marks.push({
        kind: 'scheduled',
        text: t('publishing.treeScheduled', { when }),
        title: t('publishing.treeScheduledLong', { when, zone: zoneName(t, zone) }),
      });
    } else {
      marks.push({ kind: 'scheduled', text: t('publishing.treeScheduledNoDate') });
    }
  }
  if (item.unpublishAt && zone !== null) {
    const when = formatZoned(item.unpublishAt, zone, lang);
    marks.push({
      kind: 'ending',
      text: t('publishing.treeEnding', { when }),
      title: t('publishing.ending', { when, zone: zoneName(t, zone) }),
    });
  }
  if (item.hasDraft) marks.push({ kind: 'draft', text: t('publishing.treeDraft') });
  return marks;
}
