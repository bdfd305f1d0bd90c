import { useId } from 'react';

/** One language to choose: its code and its name as the list shows it. */
export type LanguageOption = { code: string; label: string };

type Props = {
  /** The field's label. */
  label: string;
  /** A hint under it, read with the field. */
  hint?: string | undefined;
  /** The first entry of the list, which adds nothing ('Ajouter une langue…'). */
  addLabel: string;
  /** The remove button's accessible name for one language ('Retirer Español'). */
  removeLabel: (name: string) => string;
  options: readonly LanguageOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
};

/**
 * Several languages chosen out of the 145: each chosen one is a chip with a remove button, and
 * a list adds one more. A native select, so a keyboard, a screen reader and a phone all know it.
 */
export default function LanguagePicker(props: Props) {
  const { label, hint, addLabel, removeLabel, options, value, onChange, disabled } = props;
  const id = useId();
  const name = (code: string) => options.find((o) => o.code === code)?.label ?? code;
  return (
    <div className="language-picker">
      <label htmlFor={`${id}-add`}>{label}</label>
      {value.length > 0 && (
        <ul className="language-picker__chosen" aria-label={label}>
          {value.map((code) => (
            <li key={code} className="language-picker__chip">
              <span>{name(code)}</span>
              <button
                type="button"
                className="language-picker__remove"
                aria-label={removeLabel(name(code))}
                disabled={disabled}
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={`${id}-add`}
        value=""
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const code = event.target.value;
          if (code && !value.includes(code)) onChange([...value, code]);
        }}
      >
        <option value="">{addLabel}</option>
        {options
          .filter((o) => !value.includes(o.code))
          .map((o) => (
            <option key={o.code} value={o.code}>
              {o.label}
            </option>
          ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="language-picker__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
