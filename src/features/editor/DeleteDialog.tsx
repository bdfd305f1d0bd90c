import { useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import AlertDialog from '../../ui/AlertDialog.tsx';

type Props = {
  t: TFn;
  /** What is deleted, as its card's heading says it: 'Élément 3 : Texte'. */
  what: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Confirmation before deleting an element or a detail (spec 5: deletion requires confirmation),
 * like ResetDialog: Cancel focused first, Escape cancels.
 */
export default function DeleteDialog({ t, what, onConfirm, onCancel }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      title={t('editor.deleteTitle', { what })}
      initialFocus={cancelRef}
      onCancel={onCancel}
      actions={
        <>
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
            {t('editor.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            {t('editor.deleteConfirm')}
          </button>
        </>
      }
    >
      <p>{t('editor.deleteText')}</p>
    </AlertDialog>
  );
}
