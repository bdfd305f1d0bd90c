import type { TFn } from '../../i18n/react.ts';
import AltField from './AltField.tsx';
import UploadField from './UploadField.tsx';

/**
 * An element's picture (image, link, legend item): the uploaded file, and what it shows for the
 * visitors who cannot see it.
 */
export default function ImageFields({
  t,
  element,
  update,
  articleId,
}: {
  t: TFn;
  element: { src: string; alt: string };
  update: (patch: { src?: string; alt?: string }) => void;
  articleId: number;
}) {
  return (
    <>
      <UploadField
        t={t}
        kind="image"
        label={t('editor.field.image')}
        hint={t('editor.upload.imageHint')}
        value={element.src}
        articleId={articleId}
        onUploaded={({ mediaUrl }) => update({ src: mediaUrl })}
        onRemove={() => update({ src: '' })}
      />
      <AltField t={t} value={element.alt} onChange={(alt) => update({ alt })} />
    </>
  );
}
