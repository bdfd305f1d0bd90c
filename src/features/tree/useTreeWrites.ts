import { useState, type Dispatch, type SetStateAction } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { call, type CallResult, type Route } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import type { DismissReason } from '../../ui/useDismiss.ts';
import { manage } from './calls.ts';
import type { MoveTarget } from './ContextMenu.tsx';
import type { TreeItem } from './schema.ts';
import { writeFailureMessage, type WriteKind } from './screen.ts';
import type { MenuOrigin } from './TreeLine.tsx';
import type { FocusTarget } from './useTreeFocus.ts';

/** A line's open context menu. */
export type TreeMenu = MenuOrigin & { item: TreeItem };

/** One write at a time; the tree is reloaded whatever the answer. */
export function useTreeWrite(reload: () => Promise<unknown>, t: TFn) {
  const [busy, setBusy] = useState(false);

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

  return { busy, write };
}

export type TreeWrite = ReturnType<typeof useTreeWrite>['write'];

/** The open menu, the line being renamed and the item being deleted, and the ways in and out. */
export function useTreeDialogs(busy: boolean, focusLater: (target: FocusTarget) => void) {
  const [menu, setMenu] = useState<TreeMenu | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TreeItem | null>(null);

  return {
    menu,
    renaming,
    deleting,
    setMenu,
    setRenaming,
    setDeleting,
    cancelRename(item: TreeItem) {
      setRenaming(null);
      focusLater(item.id);
    },
    openMenu(item: TreeItem, origin: MenuOrigin) {
      if (busy) return;
      setRenaming(null);
      setMenu((open) => (open?.item.id === item.id ? open : { ...origin, item }));
    },
    /** Escape and Tab give focus back to where the menu was opened from (a menu button's way). */
    closeMenu(open: TreeMenu, reason: DismissReason | 'tab') {
      setMenu(null);
      if (reason === 'escape' || reason === 'tab') open.returnFocus?.focus();
    },
    startRename(item: TreeItem) {
      setMenu(null);
      setRenaming(item.id);
    },
    askDelete(item: TreeItem) {
      setMenu(null);
      setDeleting(item);
    },
    cancelDelete(item: TreeItem) {
      setDeleting(null);
      focusLater(item.id);
    },
  };
}

/** The six writes the screen's controls make, each announced when it went through. */
export function useTreeWrites(options: {
  lang: Lang;
  t: TFn;
  write: TreeWrite;
  folderPath: number[];
  label: (item: TreeItem) => string;
  focusLater: (target: FocusTarget) => void;
  setAnnouncement: (text: string) => void;
  dialogs: {
    setMenu: Dispatch<SetStateAction<TreeMenu | null>>;
    setRenaming: Dispatch<SetStateAction<number | null>>;
    setDeleting: Dispatch<SetStateAction<TreeItem | null>>;
  };
}) {
  const { lang, t, write, folderPath, label, focusLater, setAnnouncement } = options;
  const { setMenu, setRenaming, setDeleting } = options.dialogs;

  /** Makes the article named in place, then opens it in the editor; true when it was made. */
  const addArticle = async (name: string): Promise<boolean> => {
    const created = (await write(manage.add_article, { pathArray: folderPath, name }, 'name'))
      ?.answer;
    if (!created) return false;
    setAnnouncement(t('tree.created', { name }));
    window.location.assign(localePath(lang, `/article?id=${String(created.id)}`));
    return true;
  };

  /** Makes the folder named in place; its line then has the focus. */
  const addFolder = async (name: string): Promise<boolean> => {
    const created = (await write(manage.add_folder, { pathArray: folderPath, id: name }, 'name'))
      ?.answer;
    if (!created) return false;
    setAnnouncement(t('tree.created', { name: created.name }));
    focusLater(created.id);
    return true;
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

  return { addArticle, addFolder, rename, move, remove };
}
