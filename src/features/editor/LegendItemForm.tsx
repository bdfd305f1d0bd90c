import AltField from './AltField.tsx';
import { MAX_TEXT_LENGTH, type LegendItemElement } from '../articles/content.ts';
import { NumberField, TextAreaField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { SideField, SizeField, TextStyleFields } from './StyleFields.tsx';
import UploadField from './UploadField.tsx';

/** Legend item (spec 3): an image beside a text, the image on the left or on the right. */
export default function LegendItemForm({
  t,
  element,
  update,
  articleId,
}: FormProps<LegendItemElement>) {
  return (
    <div className="editor-form">
      <UploadField
        t={t}
        kind="image"
        label={t('editor.field.image')}
        value={element.src}
        articleId={articleId}
        onUploaded={({ mediaUrl }) => update({ src: mediaUrl })}
        onRemove={() => update({ src: '' })}
      />
      <AltField t={t} value={element.alt} onChange={(alt) => update({ alt })} />
      <NumberField
        t={t}
        label={t('editor.field.legendWidth')}
        value={element.width}
        onChange={(width) => update({ width })}
      />
      <TextAreaField
        label={t('editor.field.content')}
        value={element.content}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(content) => update({ content })}
      />
      <TextStyleFields t={t} value={element} onChange={update} />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <SideField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
