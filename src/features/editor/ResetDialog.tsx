import { useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import AlertDialog from '../../ui/AlertDialog.tsx';

type Props = {
  t: TFn;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before resetting translations (spec 2, 5): irreversible; Cancel focused first. */
export default function ResetDialog({ t, onConfirm, onCancel }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      title={t('editor.resetTitle')}
      initialFocus={cancelRef}
      onCancel={onCancel}
      actions={
        <>
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
            {t('editor.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            {t('editor.resetConfirm')}
          </button>
        </>
      }
    >
      <p>{t('editor.resetText')}</p>
      <p className="muted">{t('editor.irreversible')}</p>
    </AlertDialog>
  );
}
