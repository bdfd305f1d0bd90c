import { useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import AlertDialog from '../../ui/AlertDialog.tsx';

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
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      className="dialog dialog--wide"
      title={t('editor.conflictTitle')}
      initialFocus={keepRef}
      onCancel={onKeep}
      actions={
        <>
          <button ref={keepRef} type="button" className="button button--ghost" onClick={onKeep}>
            {t('editor.conflictKeep')}
          </button>
          <button type="button" className="button button--ghost" onClick={onReload}>
            {t('editor.conflictReload')}
          </button>
          <button type="button" className="button button--danger" onClick={onOverwrite}>
            {t('editor.conflictOverwrite')}
          </button>
        </>
      }
    >
      <p>{t('editor.conflictText')}</p>
      <ul className="dialog__choices">
        <li>{t('editor.conflictReloadHelp')}</li>
        <li>{t('editor.conflictOverwriteHelp')}</li>
      </ul>
    </AlertDialog>
  );
}
