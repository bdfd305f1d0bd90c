import { useCallback, useEffect, useRef, useState } from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { useT } from '../../i18n/react.ts';
import { api, errorCode, type ApiResult } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import ContextMenu, { type MoveTarget } from './ContextMenu.tsx';
import DeleteDialog from './DeleteDialog.tsx';
import TreeLine, { type MenuOrigin } from './TreeLine.tsx';
import {
  folderPathFromPathname,
  nextFolderName,
  resolveFolderPath,
  type TreeItem,
} from './names.ts';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; roots: TreeItem[] }
  | { status: 'failed' }
  /** 401: silently ignored (spec 6); Protected sends a logged-out visitor to sign-in. */
  | { status: 'signedOut' };

/** GET /api/tree, as the next state (a failure keeps a tree already shown). */
async function fetchTree(lang: Lang): Promise<(previous: Load) => Load> {
  const failed = (previous: Load): Load =>
    previous.status === 'ready' ? previous : { status: 'failed' };
  try {
    const result = await api<unknown>('/api/tree');
    if (result.status === 401) return () => ({ status: 'signedOut' });
    if (result.ok && Array.isArray(result.body)) {
      const roots = result.body as TreeItem[];
      return () => ({ status: 'ready', roots });
    }
    console.error('Loading the tree failed', result.status, result.body);
    toast.error(translate(lang, 'tree.loadFailed'));
  } catch (error) {
    console.error('Loading the tree failed', error);
    toast.error(translate(lang, 'common.networkError'));
  }
  return failed;
}

type Menu = MenuOrigin & { item: TreeItem };

/** What a write is about, for its failure message. */
type WriteKind = 'name' | 'other';

/**
 * The articles tree (spec 2, Articles tree): the folder named by the URL (/articles/{id}/{id}…),
 * its lines with their context menus, New article and Add a folder. Every write reloads the tree
 * (spec 4); failures show a toast, network errors are also logged (spec 8).
 */
export default function TreeScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  // Rendered only in the browser (Protected waits for the session check), but stay safe.
  const [path] = useState(() =>
    typeof window === 'undefined' ? [] : folderPathFromPathname(window.location.pathname),
  );
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TreeItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());
  /** Where focus goes after the next render: a line's link (by id) or the heading. */
  const pendingFocus = useRef<number | 'heading' | null>(null);
  const loadSeq = useRef(0);

  const reload = useCallback(async () => {
    const seq = ++loadSeq.current;
    const next = await fetchTree(lang);
    // An older answer arriving late must not replace a newer one.
    if (seq === loadSeq.current) setLoad(next);
  }, [lang]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    const element = target === 'heading' ? headingRef.current : links.current.get(target);
    if (element) {
      element.focus();
      pendingFocus.current = null;
    }
  });

  const roots = load.status === 'ready' ? load.roots : null;
  const folders = roots && path ? resolveFolderPath(roots, path) : null;
  const notFound = path === null || (roots !== null && folders === null);
  const here = folders?.at(-1);
  const items: TreeItem[] = (here ? here.children : roots) ?? [];
  const folderPath = path ?? [];

  const label = (item: TreeItem): string => {
    if (item.name !== '') return item.name;
    return item.type === 'article'
      ? t('tree.untitled', { id: item.id })
      : `${t('tree.folder')} ${item.id}`;
  };
  const headingText = t('articles.heading', { path: (folders ?? []).map(label).join('/') });

  useEffect(() => {
    if (!folders) return;
    document.title = translate(lang, 'meta.titleTemplate', { page: headingText });
  }, [folders, headingText, lang]);

  const hrefOf = (item: TreeItem) =>
    item.type === 'folder'
      ? localePath(lang, `/articles/${[...folderPath, item.id].join('/')}`)
      : localePath(lang, `/article?id=${item.id}`);
  const parentHref = localePath(
    lang,
    folderPath.length > 1 ? `/articles/${folderPath.slice(0, -1).join('/')}` : '/articles',
  );

  const failureMessage = (result: ApiResult, kind: WriteKind): string => {
    const code = errorCode(result);
    if (code === 'invalid_move') return t('tree.invalidMove');
    if (code === 'not_found' || result.status === 404) return t('tree.notFoundError');
    if (kind === 'name' && (result.status === 422 || result.status === 400)) {
      return t('tree.invalidName');
    }
    // Other refusals by their code, in the interface's language (src/ui/apiErrors.ts).
    return code ? apiErrorMessage(t, result) : t('tree.writeFailed');
  };

  /** POST /api/manage/{endpoint}; the tree is reloaded whatever the answer. Null on failure. */
  const write = async (endpoint: string, body: unknown, kind: WriteKind = 'other') => {
    setBusy(true);
    try {
      const result = await api(`/api/manage/${endpoint}`, { method: 'POST', body });
      if (!result.ok) {
        console.error(`POST /api/manage/${endpoint} failed`, result.status, result.body);
        toast.error(failureMessage(result, kind));
        return null;
      }
      return result;
    } catch (error) {
      console.error(`POST /api/manage/${endpoint} failed`, error);
      toast.error(t('common.networkError'));
      return null;
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const addArticle = async () => {
    const result = await write('add_article', { pathArray: folderPath });
    const created = result?.body as Partial<TreeItem> | null | undefined;
    if (created && typeof created.id === 'number') {
      setAnnouncement(t('tree.created', { name: t('tree.untitled', { id: created.id }) }));
    }
  };

  const addFolder = async () => {
    const siblings = items.filter((item) => item.type === 'folder').map((item) => item.name);
    const name = nextFolderName(lang, siblings);
    const result = await write('add_folder', { pathArray: folderPath, id: name }, 'name');
    if (result) setAnnouncement(t('tree.created', { name }));
  };

  const rename = async (item: TreeItem, value: string) => {
    const newName = value.trim();
    if (newName === '') {
      toast.error(t('tree.nameRequired'));
      return;
    }
    setRenaming(null);
    pendingFocus.current = item.id;
    if (newName === item.name) return;
    const result =
      item.type === 'article'
        ? await write('rename_article', { articleId: item.id, newName }, 'name')
        : await write(
            'rename_folder',
            { itemName: item.id, newName, pathArray: folderPath },
            'name',
          );
    if (result) setAnnouncement(t('tree.renamed', { name: newName }));
    pendingFocus.current = item.id;
  };

  const cancelRename = (item: TreeItem) => {
    setRenaming(null);
    pendingFocus.current = item.id;
  };

  const moveTargets = (item: TreeItem): MoveTarget[] => {
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
        label: label(sibling),
        toPathArray: [...folderPath, sibling.id],
        toFolderId: sibling.id,
      });
    }
    return targets;
  };

  const move = async (item: TreeItem, target: MoveTarget) => {
    setMenu(null);
    pendingFocus.current = 'heading';
    const result = await write('move_item', {
      fromPathArray: folderPath,
      itemId: item.id,
      toPathArray: target.toPathArray,
      toFolderId: target.toFolderId,
    });
    if (result) setAnnouncement(t('tree.moved', { name: label(item) }));
  };

  const remove = async (item: TreeItem) => {
    const result = await write('delete_item', {
      id: item.id,
      type: item.type,
      pathArray: folderPath,
    });
    setDeleting(null);
    pendingFocus.current = result ? 'heading' : item.id;
    if (result) setAnnouncement(t('tree.deleted', { name: label(item) }));
  };

  if (notFound) {
    return (
      <>
        <h1>{t('tree.notFound')}</h1>
        <p>{t('tree.notFoundText')}</p>
        <a className="back-link" href={localePath(lang, '/articles')}>
          {t('tree.backToRoot')}
        </a>
      </>
    );
  }

  if (load.status === 'signedOut') return null;

  const backLink =
    folderPath.length === 0 ? (
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
    ) : (
      <a className="back-link" href={parentHref}>
        {t('tree.backToParent')}
      </a>
    );

  if (load.status !== 'ready') {
    return (
      <>
        {backLink}
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <p className="muted">{t('tree.loadFailed')}</p>
        )}
      </>
    );
  }

  const headingId = 'tree-heading';
  return (
    <div className="tree-screen">
      {backLink}
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="tree__heading">
        {headingText}
      </h1>
      {items.length === 0 ? (
        <p className="muted">{t('tree.empty')}</p>
      ) : (
        <ul className="tree" aria-label={t('tree.list')}>
          {items.map((item) => (
            <TreeLine
              key={item.id}
              t={t}
              item={item}
              label={label(item)}
              href={hrefOf(item)}
              renaming={renaming === item.id}
              menuOpen={menu?.item.id === item.id}
              linkRef={(element) => {
                if (element) links.current.set(item.id, element);
                else links.current.delete(item.id);
              }}
              onOpenMenu={(origin) => {
                if (busy) return;
                setRenaming(null);
                setMenu((open) => (open?.item.id === item.id ? open : { ...origin, item }));
              }}
              onRename={(value) => void rename(item, value)}
              onCancelRename={() => cancelRename(item)}
            />
          ))}
        </ul>
      )}
      <div className="tree__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void addArticle()}
        >
          {t('tree.newArticle')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void addFolder()}
        >
          {t('tree.addFolder')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {menu && (
        <ContextMenu
          key={menu.item.id}
          t={t}
          name={label(menu.item)}
          x={menu.x}
          y={menu.y}
          targets={moveTargets(menu.item)}
          onRename={() => {
            setMenu(null);
            setRenaming(menu.item.id);
          }}
          onMove={(target) => void move(menu.item, target)}
          onDelete={() => {
            setMenu(null);
            setDeleting(menu.item);
          }}
          onClose={(reason) => {
            setMenu(null);
            // Tab then moves on from the line, as from a menu button.
            if (reason === 'escape' || reason === 'tab') menu.returnFocus?.focus();
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          t={t}
          item={deleting}
          name={label(deleting)}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => {
            setDeleting(null);
            pendingFocus.current = deleting.id;
          }}
        />
      )}
    </div>
  );
}
