import type { ImageElement } from '../articles/content.ts';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField } from './StyleFields.tsx';
import ImageFields from './ImageFields.tsx';

/** Image: the uploaded file, its width and its position. */
export default function ImageForm({ t, element, update, articleId }: FormProps<ImageElement>) {
  return (
    <div className="editor-form">
      <ImageFields t={t} element={element} update={update} articleId={articleId} />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
