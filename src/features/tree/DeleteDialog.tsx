import { useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import AlertDialog from '../../ui/AlertDialog.tsx';
import { countArticles, type TreeItem } from './names.ts';

type Props = {
  t: TFn;
  item: TreeItem;
  /** The line's shown name (an untitled article shows its id). */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before a deletion (spec 2, 5): a modal dialog, Cancel focused first. */
export default function DeleteDialog({ t, item, name, busy, onConfirm, onCancel }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);

  let text: string;
  if (item.type === 'article') {
    text = t('tree.deleteArticle', { name });
  } else {
    const count = countArticles(item);
    if (count === 0) text = t('tree.deleteFolderEmpty', { name });
    else if (count === 1) text = t('tree.deleteFolderOne', { name });
    else text = t('tree.deleteFolderMany', { name, count });
  }

  return (
    <AlertDialog
      title={t('tree.deleteTitle', { name })}
      initialFocus={cancelRef}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button
            ref={cancelRef}
            type="button"
            className="button button--ghost"
            onClick={onCancel}
            disabled={busy}
          >
            {t('tree.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={busy}
          >
            {t('tree.confirmDelete')}
          </button>
        </>
      }
    >
      <p>{text}</p>
      <p className="muted">{t('tree.irreversible')}</p>
    </AlertDialog>
  );
}
