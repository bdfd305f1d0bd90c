import { useContext, useId, useState, type ReactNode } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { MAX_TEXT_LENGTH, STYLE_MAX, STYLE_MIN } from '../articles/content-fields.ts';
import { LabelSuffix } from './labelSuffix.ts';

/** The editor's form fields: a visible label (with the card's hidden suffix), hint and error. */

export function Label({ htmlFor, label }: { htmlFor: string; label: string }) {
  const suffix = useContext(LabelSuffix);
  return (
    <label htmlFor={htmlFor}>
      {label}
      {suffix && <span className="visually-hidden"> ({suffix})</span>}
    </label>
  );
}

export type Described = { hint?: string | undefined; error?: string | null | undefined };

/** The hint and error lines of a field, and the attributes that tie them to its input. */
export function useDescription(id: string, { hint, error }: Described) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const lines: ReactNode = (
    <>
      {hint && (
        <p id={hintId} className="editor-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="editor-field__error">
          {error}
        </p>
      )}
    </>
  );
  const attributes = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  return { lines, attributes };
}

type TextProps = Described & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  className?: string;
  /** A text area's height in lines (3 unless said). */
  rows?: number;
};

export function TextField({ label, value, onChange, maxLength, required, ...rest }: TextProps) {
  const id = useId();
  const { lines, attributes } = useDescription(id, rest);
  return (
    <div className={`editor-field ${rest.className ?? ''}`}>
      <Label htmlFor={id} label={label} />
      <input
        id={id}
        type="text"
        value={value}
        maxLength={maxLength}
        required={required}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        {...attributes}
      />
      {lines}
    </div>
  );
}

export function TextAreaField({ label, value, onChange, maxLength, rows, ...rest }: TextProps) {
  const id = useId();
  const { lines, attributes } = useDescription(id, rest);
  return (
    <div className={`editor-field editor-field--wide ${rest.className ?? ''}`}>
      <Label htmlFor={id} label={label} />
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        rows={rows ?? 3}
        onChange={(event) => onChange(event.target.value)}
        {...attributes}
      />
      {lines}
    </div>
  );
}

/** The text of a text, link or legend item: what visitors read, translated for them. */
export function ContentField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: string;
  onChange: (content: string) => void;
}) {
  return (
    <TextAreaField
      label={t('editor.field.content')}
      value={value}
      maxLength={MAX_TEXT_LENGTH}
      onChange={onChange}
    />
  );
}

type NumberProps = {
  t: TFn;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
};

/**
 * A whole number from min to max (style inputs: 1 to 100 in most places). What the user types stays in the box; the content
 * takes it only when it is in range, so an empty or out-of-range box marks itself invalid and
 * the content keeps its last valid value. Such a box is marked `data-unkept` (with its label and
 * error), so that Save refuses to report success while it shows a value that would not be saved
 * (typedProblems in focusProblem.ts).
 */
export function NumberField({
  t,
  label,
  value,
  onChange,
  min = STYLE_MIN,
  max = STYLE_MAX,
}: NumberProps) {
  const id = useId();
  // The typed text, for as long as the content still holds the value it was typed over.
  const [typed, setTyped] = useState<{ text: string; base: number } | null>(null);
  const text = typed !== null && typed.base === value ? typed.text : String(value);
  const valid = (candidate: string) => {
    const number = Number(candidate);
    return candidate.trim() !== '' && Number.isInteger(number) && number >= min && number <= max;
  };
  const error = valid(text) ? null : t('editor.errors.range', { min, max });
  const { lines, attributes } = useDescription(id, { error });
  return (
    <div className="editor-field editor-field--number">
      <Label htmlFor={id} label={label} />
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        data-unkept={error ?? undefined}
        data-field={error ? label : undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (valid(next)) {
            const number = Number(next);
            setTyped({ text: next, base: number });
            onChange(number);
          } else {
            setTyped({ text: next, base: value });
          }
        }}
        {...attributes}
      />
      {lines}
    </div>
  );
}

type ColorProps = { label: string; value: string; onChange: (value: string) => void };

export function ColorField({ label, value, onChange }: ColorProps) {
  const id = useId();
  return (
    <div className="editor-field editor-field--color">
      <Label htmlFor={id} label={label} />
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

type CheckboxProps = { label: string; checked: boolean; onChange: (checked: boolean) => void };

export function CheckboxField({ label, checked, onChange }: CheckboxProps) {
  const id = useId();
  return (
    <div className="editor-field editor-field--check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Label htmlFor={id} label={label} />
    </div>
  );
}

type SelectProps<V extends string> = {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
};

export function SelectField<V extends string>({ label, value, options, onChange }: SelectProps<V>) {
  const id = useId();
  return (
    <div className="editor-field">
      <Label htmlFor={id} label={label} />
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
