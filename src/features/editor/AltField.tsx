import type { TFn } from '../../i18n/react.ts';
import { MAX_ALT_LENGTH } from '../articles/content-fields.ts';
import { TextField } from './fields.tsx';

/** An image's text alternative, read to blind visitors; empty for a decorative image. */
export default function AltField({
  t,
  value,
  onChange,
}: {
  t: TFn;
  value: string;
  onChange: (alt: string) => void;
}) {
  return (
    <TextField
      className="editor-field--wide"
      label={t('editor.field.alt')}
      hint={t('editor.field.altHint')}
      value={value}
      maxLength={MAX_ALT_LENGTH}
      onChange={onChange}
    />
  );
}
