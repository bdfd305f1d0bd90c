import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { useMuseumTimeZone } from '../../ui/museumTimeZone.ts';
import ContextMenu from './ContextMenu.tsx';
import DeleteDialog from './DeleteDialog.tsx';
import ImportDocuments from './ImportDocuments.tsx';
import { nextFolderName } from './names.ts';
import type { TreeItem } from './schema.ts';
import NewItem from './NewItem.tsx';
import TreeLine from './TreeLine.tsx';
import { hrefOf, moveTargets, parentHref, publicationMarks } from './screen.ts';
import { useTree } from './useTree.ts';
import { useTreeFocus } from './useTreeFocus.ts';

/**
 * The articles tree: the folder named by the URL, its lines with their
 * context menus and publication marks, New article and Add a folder (each named in place,
 * NewItem.tsx) and Import documents. This renders; useTree holds the state and the writes,
 * useTreeFocus where focus goes after them.
 */
/** The names of the folders among a folder's lines: a new folder's number follows theirs. */
const folderNames = (items: readonly TreeItem[]) =>
  items.filter((item) => item.type === 'folder').map((item) => item.name);

export default function TreeScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { headingRef, linkRef, focusLater } = useTreeFocus();
  const tree = useTree(lang, t, focusLater);
  // Planned publishes are dated on the museum's clocks.
  const zone = useMuseumTimeZone();
  const { load, label, busy, menu, deleting } = tree;
  const { notFound, items, folderPath } = tree.place;

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
      <a className="back-link" href={parentHref(lang, folderPath)}>
        {t('tree.backToParent')}
      </a>
    );

  // The back link is the same element while the folder loads and once it is shown, so a click
  // on it as the list arrives is never lost to a re-render (seen in CI).
  if (load.status !== 'ready') {
    return (
      <div className="tree-screen">
        {backLink}
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <p className="muted">{t('tree.loadFailed')}</p>
        )}
      </div>
    );
  }

  const headingId = 'tree-heading';
  return (
    <div className="tree-screen">
      {backLink}
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="tree__heading">
        {tree.headingText}
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
              href={hrefOf(lang, folderPath, item)}
              marks={publicationMarks(t, lang, item, zone)}
              renaming={tree.renaming === item.id}
              menuOpen={menu?.item.id === item.id}
              linkRef={linkRef(item.id)}
              onOpenMenu={(origin) => tree.openMenu(item, origin)}
              onRename={(value) => void tree.rename(item, value)}
              onCancelRename={() => tree.cancelRename(item)}
            />
          ))}
        </ul>
      )}
      <NewItem
        t={t}
        busy={busy}
        folderName={() => nextFolderName(lang, folderNames(items))}
        onCreate={(kind, name) =>
          kind === 'article' ? tree.addArticle(name) : tree.addFolder(name)
        }
      />
      <ImportDocuments t={t} folderPath={folderPath} disabled={busy} onImported={tree.reload} />
      <p className="visually-hidden" role="status">
        {tree.announcement}
      </p>
      {menu && (
        <ContextMenu
          key={menu.item.id}
          t={t}
          name={label(menu.item)}
          x={menu.x}
          y={menu.y}
          targets={moveTargets(t, folderPath, items, menu.item)}
          onRename={() => tree.startRename(menu.item)}
          onMove={(target) => void tree.move(menu.item, target)}
          onDelete={() => tree.askDelete(menu.item)}
          onClose={(reason) => tree.closeMenu(menu, reason)}
        />
      )}
      {deleting && (
        <DeleteDialog
          t={t}
          lang={lang}
          item={deleting}
          name={label(deleting)}
          busy={busy}
          onConfirm={() => void tree.remove(deleting)}
          onCancel={() => tree.cancelDelete(deleting)}
        />
      )}
    </div>
  );
}
