import { useId, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';

type Props = {
  t: TFn;
  /** `includeReviewed`: the museum's checked translations go too (unticked by default). */
  onConfirm: (includeReviewed: boolean) => void;
  onCancel: () => void;
};

/** Confirmation before resetting translations: irreversible. */
export default function ResetDialog({ t, onConfirm, onCancel }: Props) {
  const id = useId();
  const [includeReviewed, setIncludeReviewed] = useState(false);
  return (
    <ConfirmDialog
      title={t('editor.resetTitle')}
      cancelLabel={t('editor.cancel')}
      confirmLabel={t('editor.resetConfirm')}
      onConfirm={() => onConfirm(includeReviewed)}
      onCancel={onCancel}
    >
      <p>{t('editor.resetText')}</p>
      <p className="reset-reviewed">
        <input
          id={id}
          type="checkbox"
          checked={includeReviewed}
          onChange={(event) => setIncludeReviewed(event.target.checked)}
        />{' '}
        <label htmlFor={id}>{t('editor.resetReviewed')}</label>
      </p>
      <p className="muted">{t('editor.irreversible')}</p>
    </ConfirmDialog>
  );
}
