import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';

type Props = {
  t: TFn;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before resetting translations (spec 2, 5): irreversible. */
export default function ResetDialog({ t, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      title={t('editor.resetTitle')}
      cancelLabel={t('editor.cancel')}
      confirmLabel={t('editor.resetConfirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('editor.resetText')}</p>
      <p className="muted">{t('editor.irreversible')}</p>
    </ConfirmDialog>
  );
}
