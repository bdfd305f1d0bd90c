import { useEffect, useId, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

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
    <dialog
      ref={dialogRef}
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: let React close it, so the state and the element agree.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('tree.deleteTitle', { name })}
      </h2>
      <div id={textId}>
        <p>{text}</p>
        <p className="muted">{t('tree.irreversible')}</p>
      </div>
      <div className="dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={busy}
        >
          {t('tree.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {t('tree.confirmDelete')}
        </button>
      </div>
    </dialog>
  );
}
