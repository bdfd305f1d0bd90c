import { useEffect, useId, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';

type Props = {
  t: TFn;
  /** What is deleted, as its card's heading says it: 'Élément 3 : Texte'. */
  what: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Confirmation before deleting an element or a detail (spec 5: deletion requires confirmation),
 * in the house style of ResetDialog: a modal alert dialog, Cancel focused first, Escape cancels.
 */
export default function DeleteDialog({ t, what, onConfirm, onCancel }: Props) {
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

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('editor.deleteTitle', { what })}
      </h2>
      <p id={textId}>{t('editor.deleteText')}</p>
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {t('editor.deleteConfirm')}
        </button>
      </div>
    </dialog>
  );
}
