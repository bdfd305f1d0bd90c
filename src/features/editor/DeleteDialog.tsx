import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';

type Props = {
  t: TFn;
  /** What is deleted, as its card's heading says it: 'Élément 3 : Texte'. */
  what: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before deleting an element or a detail: deletion requires confirmation. */
export default function DeleteDialog({ t, what, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      title={t('editor.deleteTitle', { what })}
      cancelLabel={t('editor.cancel')}
      confirmLabel={t('editor.deleteConfirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('editor.deleteText')}</p>
    </ConfirmDialog>
  );
}
