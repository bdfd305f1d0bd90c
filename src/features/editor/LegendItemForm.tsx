import type { LegendItemElement } from '../articles/content.ts';
import { NumberField, ContentField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { SideField, SizeField, TextStyleFields } from './StyleFields.tsx';
import ImageFields from './ImageFields.tsx';

/** Legend item: an image beside a text, the image on the left or on the right. */
export default function LegendItemForm({
  t,
  element,
  update,
  articleId,
}: FormProps<LegendItemElement>) {
  return (
    <div className="editor-form">
      <ImageFields t={t} element={element} update={update} articleId={articleId} />
      <NumberField
        t={t}
        label={t('editor.field.legendWidth')}
        value={element.width}
        onChange={(width) => update({ width })}
      />
      <ContentField t={t} value={element.content} onChange={(content) => update({ content })} />
      <TextStyleFields t={t} value={element} onChange={update} />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <SideField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
