import { useEffect, useState } from 'react';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { useServerData, type Loaded } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import { treeRoute } from './calls.ts';
import { folderPathFromPathname } from './names.ts';
import type { TreeItem } from './schema.ts';
import { itemLabel, placeOf, treeHeading } from './screen.ts';
import type { FocusTarget } from './useTreeFocus.ts';
import { useTreeDialogs, useTreeWrite, useTreeWrites } from './useTreeWrites.ts';

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
  const load = treeLoad(loaded);
  const { busy, write } = useTreeWrite(loaded.reload, t);
  const dialogs = useTreeDialogs(busy, focusLater);
  const [announcement, setAnnouncement] = useState('');

  // Each failed load says so (a refusal for want of a session leads to sign-in instead).
  useEffect(() => {
    const status = loaded.error?.status;
    if (status === undefined || status === 401) return;
    toast.error(translate(lang, status === 0 ? 'common.networkError' : 'tree.loadFailed'));
  }, [loaded.error, lang]);

  const place = placeOf(load.status === 'ready' ? load.roots : null, path);
  const { folders, folderPath } = place;
  const label = (item: TreeItem) => itemLabel(t, item);
  const headingText = treeHeading(t, folders ?? []);

  useEffect(() => {
    if (!folders) return;
    document.title = translate(lang, 'meta.titleTemplate', { page: headingText });
  }, [folders, headingText, lang]);

  const writes = useTreeWrites({
    lang,
    t,
    write,
    folderPath,
    label,
    focusLater,
    setAnnouncement,
    dialogs,
  });
  const { menu, renaming, deleting, cancelRename, openMenu, closeMenu } = dialogs;
  const { startRename, askDelete, cancelDelete } = dialogs;

  return {
    load,
    /** Reads the tree again (after documents were imported into it). */
    reload: loaded.reload,
    place,
    label,
    headingText,
    busy,
    menu,
    renaming,
    deleting,
    announcement,
    ...writes,
    cancelRename,
    openMenu,
    closeMenu,
    startRename,
    askDelete,
    cancelDelete,
  };
}
