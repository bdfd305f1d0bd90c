import type { TFn } from '../../i18n/react.ts';

type Props = {
  t: TFn;
  /** Which element or detail, for screen readers: 'element 3'. */
  where: string;
  canMoveUp: boolean;
  onMoveUp: () => void;
  onDelete: () => void;
};

/** Move up and delete (spec 2, 4), for an element or an accordion detail. */
export default function ElementActions({ t, where, canMoveUp, onMoveUp, onDelete }: Props) {
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
        type="button"
        className="button button--ghost button--small button--quiet-danger"
        onClick={onDelete}
      >
        {t('editor.delete')}
        <span className="visually-hidden"> ({where})</span>
      </button>
    </div>
  );
}
