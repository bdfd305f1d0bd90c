import { useEffect, useId, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';

type Props = {
  t: TFn;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before resetting translations (spec 2, 5): irreversible; Cancel focused first. */
export default function ResetDialog({ t, onConfirm, onCancel }: Props) {
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
        // Escape: let React close it, so the state and the element agree.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('editor.resetTitle')}
      </h2>
      <div id={textId}>
        <p>{t('editor.resetText')}</p>
        <p className="muted">{t('editor.irreversible')}</p>
      </div>
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {t('editor.resetConfirm')}
        </button>
      </div>
    </dialog>
  );
}
