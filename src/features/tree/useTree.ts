import { useEffect, useState } from 'react';
import { t as translate, type Lang } from '../../i18n/index.ts';
import type { TFn } from '../../i18n/react.ts';
import { call, type CallResult, type Route } from '../../ui/api.ts';
import { useServerData, type Loaded } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import type { DismissReason } from '../../ui/useDismiss.ts';
import { manage, treeRoute } from './calls.ts';
import type { MoveTarget } from './ContextMenu.tsx';
import { folderPathFromPathname, nextFolderName, type TreeItem } from './names.ts';
import { itemLabel, placeOf, writeFailureMessage, type WriteKind } from './screen.ts';
import type { MenuOrigin } from './TreeLine.tsx';
import type { FocusTarget } from './useTreeFocus.ts';

export type TreeLoad =
  | { status: 'loading' }
  | { status: 'ready'; roots: TreeItem[] }
  | { status: 'failed' }
  /** 401: silently ignored; Protected sends a logged-out visitor to sign-in. */
  | { status: 'signedOut' };

/** The tree as the screen shows it; a failed reload keeps a tree already shown. */
function treeLoad(loaded: Loaded<TreeItem[]>): TreeLoad {
  if (loaded.error?.status === 401) return { status: 'signedOut' };
  if (loaded.data) return { status: 'ready', roots: loaded.data };
  return loaded.status === 'failed' ? { status: 'failed' } : { status: 'loading' };
}

/** A line's open context menu. */
export type TreeMenu = MenuOrigin & { item: TreeItem };

/**
 * The articles screen's state and what its controls do: the folder named by the URL
 * (/articles/{id}/{id}…) in the loaded tree, the open menu, the line being renamed, the item
 * being deleted, and the six writes. Every write reloads the tree; failures show a toast,
 * network errors are also logged. An older load answering late never replaces a newer one.
 */
export function useTree(lang: Lang, t: TFn, focusLater: (target: FocusTarget) => void) {
  // Rendered only in the browser (Protected waits for the session check), but stay safe.
  const [path] = useState(() =>
    typeof window === 'undefined' ? [] : folderPathFromPathname(window.location.pathname),
  );
  const loaded = useServerData(treeRoute);
  const { reload } = loaded;
  const load = treeLoad(loaded);
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<TreeMenu | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TreeItem | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Each failed load says so (a refusal for want of a session leads to sign-in instead).
  useEffect(() => {
    const status = loaded.error?.status;
    if (status === undefined || status === 401) return;
    toast.error(translate(lang, status === 0 ? 'common.networkError' : 'tree.loadFailed'));
  }, [loaded.error, lang]);

  const place = placeOf(load.status === 'ready' ? load.roots : null, path);
  const { folders, items, folderPath } = place;
  const label = (item: TreeItem) => itemLabel(t, item);
  const headingText = t('articles.heading', { path: (folders ?? []).map(label).join('/') });

  useEffect(() => {
    if (!folders) return;
    document.title = translate(lang, 'meta.titleTemplate', { page: headingText });
  }, [folders, headingText, lang]);

  /** One write; the tree is reloaded whatever the answer. Null on failure. */
  const write = async <Body, Answer>(
    route: Route<Body, Answer>,
    body: Body,
    kind: WriteKind = 'other',
  ): Promise<CallResult<Answer> | null> => {
    setBusy(true);
    try {
      const result = await call(route, body);
      if (!result.ok) {
        console.error(`POST ${route.path} failed`, result.status, result.body);
        toast.error(writeFailureMessage(t, result, kind));
        return null;
      }
      return result;
    } catch (error) {
      console.error(`POST ${route.path} failed`, error);
      toast.error(t('common.networkError'));
      return null;
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const addArticle = async () => {
    const created = (await write(manage.add_article, { pathArray: folderPath }))?.answer;
    if (created)
      setAnnouncement(t('tree.created', { name: t('tree.untitled', { id: created.id }) }));
  };

  const addFolder = async () => {
    const siblings = items.filter((item) => item.type === 'folder').map((item) => item.name);
    const name = nextFolderName(lang, siblings);
    const result = await write(manage.add_folder, { pathArray: folderPath, id: name }, 'name');
    if (result) setAnnouncement(t('tree.created', { name }));
  };

  const rename = async (item: TreeItem, value: string) => {
    const newName = value.trim();
    if (newName === '') {
      toast.error(t('tree.nameRequired'));
      return;
    }
    setRenaming(null);
    focusLater(item.id);
    if (newName === item.name) return;
    const result =
      item.type === 'article'
        ? await write(manage.rename_article, { articleId: item.id, newName }, 'name')
        : await write(
            manage.rename_folder,
            { itemName: item.id, newName, pathArray: folderPath },
            'name',
          );
    if (result) setAnnouncement(t('tree.renamed', { name: newName }));
    focusLater(item.id);
  };

  const cancelRename = (item: TreeItem) => {
    setRenaming(null);
    focusLater(item.id);
  };

  const move = async (item: TreeItem, target: MoveTarget) => {
    setMenu(null);
    focusLater('heading');
    const result = await write(manage.move_item, {
      fromPathArray: folderPath,
      itemId: item.id,
      toPathArray: target.toPathArray,
      toFolderId: target.toFolderId,
    });
    if (result) setAnnouncement(t('tree.moved', { name: label(item) }));
  };

  const remove = async (item: TreeItem) => {
    const result = await write(manage.delete_item, {
      id: item.id,
      type: item.type,
      pathArray: folderPath,
    });
    setDeleting(null);
    focusLater(result ? 'heading' : item.id);
    if (result) setAnnouncement(t('tree.deleted', { name: label(item) }));
  };

  const openMenu = (item: TreeItem, origin: MenuOrigin) => {
    if (busy) return;
    setRenaming(null);
    setMenu((open) => (open?.item.id === item.id ? open : { ...origin, item }));
  };

  /** Escape and Tab give focus back to where the menu was opened from (a menu button's way). */
  const closeMenu = (open: TreeMenu, reason: DismissReason | 'tab') => {
    setMenu(null);
    if (reason === 'escape' || reason === 'tab') open.returnFocus?.focus();
  };

  const startRename = (item: TreeItem) => {
    setMenu(null);
    setRenaming(item.id);
  };

  const askDelete = (item: TreeItem) => {
    setMenu(null);
    setDeleting(item);
  };

  const cancelDelete = (item: TreeItem) => {
    setDeleting(null);
    focusLater(item.id);
  };

  return {
    load,
    place,
    label,
    headingText,
    busy,
    menu,
    renaming,
    deleting,
    announcement,
    addArticle,
    addFolder,
    rename,
    cancelRename,
    move,
    remove,
    openMenu,
    closeMenu,
    startRename,
    askDelete,
    cancelDelete,
  };
}
