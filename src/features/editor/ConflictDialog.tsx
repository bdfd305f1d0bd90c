import { useEffect, useId, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';

type Props = {
  t: TFn;
  /** Replaces the draft with the version saved meanwhile (the draft stays recoverable). */
  onReload: () => void;
  /** Saves the draft over the other version. */
  onOverwrite: () => void;
  /** Closes the dialog; the draft stays as it is, unsaved. */
  onKeep: () => void;
};

/**
 * Someone else saved this article since it was loaded here (a 409 `stale_revision`): nothing
 * typed is lost. The curator loads the other version or saves theirs over it, knowingly; 'Keep
 * editing' (focused first, and Escape) closes the dialog and changes nothing.
 */
export default function ConflictDialog({ t, onReload, onOverwrite, onKeep }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    keepRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog dialog--wide"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: let React close it, so the state and the element agree.
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('editor.conflictTitle')}
      </h2>
      <div id={textId}>
        <p>{t('editor.conflictText')}</p>
        <ul className="dialog__choices">
          <li>{t('editor.conflictReloadHelp')}</li>
          <li>{t('editor.conflictOverwriteHelp')}</li>
        </ul>
      </div>
      <div className="dialog__actions">
        <button ref={keepRef} type="button" className="button button--ghost" onClick={onKeep}>
          {t('editor.conflictKeep')}
        </button>
        <button type="button" className="button button--ghost" onClick={onReload}>
          {t('editor.conflictReload')}
        </button>
        <button type="button" className="button button--danger" onClick={onOverwrite}>
          {t('editor.conflictOverwrite')}
        </button>
      </div>
    </dialog>
  );
}
