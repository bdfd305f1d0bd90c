import { useId, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { STOP_MAX, STOP_MIN } from '../articles/content-fields.ts';
import { Label, useDescription } from './fields.tsx';

/** A stop number another article holds, as a refused save named it. */
export type TakenStop = { stop: number; title: string };

type Props = {
  t: TFn;
  /** The article's stop number; undefined: none. */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** The number a save was refused for, shown as taken while the field still holds it. */
  taken: TakenStop | null;
};

/** The typed text as a stop number: undefined for an empty box, null when it is not one. */
function parseStop(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isInteger(number) && number >= STOP_MIN && number <= STOP_MAX ? number : null;
}

/**
 * The article's stop number: optional, a whole number from 1 to 9999; emptying the box takes
 * the number away. As NumberField does, a typed value the content cannot take stays in the box,
 * marked `data-unkept`, so that a save refuses it rather than saving the last valid one.
 */
export default function StopField({ t, value, onChange, taken }: Props) {
  const id = useId();
  const [typed, setTyped] = useState<{ text: string; base: number | undefined } | null>(null);
  const text = typed !== null && typed.base === value ? typed.text : (value?.toString() ?? '');
  const parsed = parseStop(text);
  const rangeError = parsed === null ? t('stops.range') : null;
  const takenError =
    taken !== null && value === taken.stop && parsed === value
      ? t('stops.taken', { stop: taken.stop, title: taken.title })
      : null;
  const error = rangeError ?? takenError;
  const { lines, attributes } = useDescription(id, { hint: t('stops.hint'), error });
  return (
    <div className="editor-field editor-field--wide editor-field--stop">
      <Label htmlFor={id} label={t('stops.field')} />
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={STOP_MIN}
        max={STOP_MAX}
        step={1}
        value={text}
        data-unkept={rangeError ?? undefined}
        data-field={rangeError ? t('stops.field') : undefined}
        onChange={(event) => {
          const next = event.target.value;
          const number = parseStop(next);
          if (number === null) {
            setTyped({ text: next, base: value });
            return;
          }
          setTyped({ text: next, base: number });
          onChange(number);
        }}
        {...attributes}
      />
      {lines}
    </div>
  );
}
