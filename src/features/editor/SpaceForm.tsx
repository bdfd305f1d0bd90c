import type { SpaceElement } from '../articles/content.ts';
import { SPACE_MAX } from '../articles/content-fields.ts';
import { NumberField } from './fields.tsx';
import type { FormProps } from './formProps.ts';

/** Space: its height in pixels. */
export default function SpaceForm({ t, element, update }: FormProps<SpaceElement>) {
  return (
    <div className="editor-form">
      <NumberField
        t={t}
        label={t('editor.field.spaceSize')}
        value={element.size}
        max={SPACE_MAX}
        onChange={(size) => update({ size })}
      />
    </div>
  );
}
