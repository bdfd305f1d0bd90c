import AltField from './AltField.tsx';
import type { ImageElement } from '../articles/content.ts';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField } from './StyleFields.tsx';
import UploadField from './UploadField.tsx';

/** Image (spec 2): the uploaded file, its width and its position. */
export default function ImageForm({ t, element, update, articleId }: FormProps<ImageElement>) {
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
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
