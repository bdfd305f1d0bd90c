import { useRef, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { afterRender } from './announce.ts';
import DeleteDialog from './DeleteDialog.tsx';

type Props = {
  t: TFn;
  /** Which element or detail, for screen readers: 'element 3'. */
  where: string;
  /** Its heading, named by the delete confirmation: 'Élément 3 : Texte'. */
  what: string;
  canMoveUp: boolean;
  onMoveUp: () => void;
  onDelete: () => void;
};

/** Move up and delete, for an element or an accordion detail; delete asks first. */
export default function ElementActions({ t, where, what, canMoveUp, onMoveUp, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="element-card__actions">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={!canMoveUp}
        onClick={onMoveUp}
      >
        <span aria-hidden="true">↑ </span>
        {t('editor.moveUp')}
        <span className="visually-hidden"> ({where})</span>
      </button>
      <button
        ref={deleteRef}
        type="button"
        className="button button--ghost button--small button--quiet-danger"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {t('editor.delete')}
        <span className="visually-hidden"> ({where})</span>
      </button>
      {confirming && (
        <DeleteDialog
          t={t}
          what={what}
          onCancel={() => {
            setConfirming(false);
            // Once the dialog has closed: while it is open, the page behind it takes no focus.
            afterRender(() => deleteRef.current?.focus());
          }}
          onConfirm={() => {
            setConfirming(false);
            onDelete();
          }}
        />
      )}
    </div>
  );
}
