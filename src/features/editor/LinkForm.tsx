import AltField from './AltField.tsx';
import {
  isSafeLink,
  MAX_LINK_LENGTH,
  MAX_TEXT_LENGTH,
  type LinkElement,
} from '../articles/content.ts';
import { TextAreaField, TextField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField, TextStyleFields } from './StyleFields.tsx';
import UploadField from './UploadField.tsx';

/** Link (spec 2, 3): an optional image, its text and where it goes (web or e-mail only). */
export default function LinkForm({ t, element, update, articleId }: FormProps<LinkElement>) {
  const link = element.link.trim();
  const linkError = link === '' || isSafeLink(link) ? null : t('editor.errors.link');
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
      <TextAreaField
        label={t('editor.field.content')}
        value={element.content}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(content) => update({ content })}
      />
      <TextField
        className="editor-field--wide"
        label={t('editor.field.link')}
        value={element.link}
        maxLength={MAX_LINK_LENGTH}
        error={linkError}
        onChange={(value) => update({ link: value })}
      />
      <TextStyleFields t={t} value={element} onChange={update} />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
