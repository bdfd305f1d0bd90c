import type { TextElement } from '../articles/content.ts';
import { NumberField, ContentField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { AlignField, JustifyField, SizeField, TextStyleFields } from './StyleFields.tsx';

/** Text: content, bold, italic, font size, colour, line height, size, justify, align. */
export default function TextForm({ t, element, update }: FormProps<TextElement>) {
  return (
    <div className="editor-form">
      <ContentField t={t} value={element.content} onChange={(content) => update({ content })} />
      <TextStyleFields t={t} value={element} onChange={update} />
      <NumberField
        t={t}
        label={t('editor.field.lineHeight')}
        value={element.lineHeight}
        onChange={(lineHeight) => update({ lineHeight })}
      />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
      <AlignField t={t} value={element.align} onChange={(align) => update({ align })} />
    </div>
  );
}
