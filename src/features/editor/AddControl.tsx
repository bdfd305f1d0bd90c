import { useId, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { BLOCK_TYPES } from '../articles/content.ts';
import { typeLabel } from './labels.ts';

type Props = {
  t: TFn;
  /** The types offered, in order (BLOCK_TYPES or DETAIL_TYPES). */
  types: readonly string[];
  /** Visible label of the type list: 'New element' or 'New detail'. */
  label: string;
  /** Where the new one goes, for screen readers: 'after element 3'. */
  where: string;
  onAdd: (type: string) => void;
};

/**
 * A type list and an Add button: with no type chosen nothing happens; a type that is
 * not offered (an option slipped into the page) raises an alert.
 */
export default function AddControl({ t, types, label, where, onAdd }: Props) {
  const id = useId();
  const [type, setType] = useState('');

  const add = () => {
    if (type === '') return;
    if (!types.includes(type)) {
      window.alert(t('editor.unknownType', { type }));
      return;
    }
    onAdd(type);
    setType('');
  };

  return (
    <div className="editor-add">
      <label htmlFor={id}>
        {label}
        <span className="visually-hidden"> ({where})</span>
      </label>
      <select id={id} value={type} onChange={(event) => setType(event.target.value)}>
        <option value="">{t('editor.chooseType')}</option>
        {types.map((option) => (
          <option key={option} value={option}>
            {typeLabel(t, option)}
          </option>
        ))}
      </select>
      <button type="button" className="button button--ghost button--small" onClick={add}>
        {t('editor.add')}
        <span className="visually-hidden"> ({where})</span>
      </button>
    </div>
  );
}

/** The first place of the article: a new element above all the others. */
export function AddAtTop({ t, onAdd }: { t: TFn; onAdd: (type: string) => void }) {
  return (
    <AddControl
      t={t}
      types={BLOCK_TYPES}
      label={t('editor.newElement')}
      where={t('editor.atTop')}
      onAdd={onAdd}
    />
  );
}
