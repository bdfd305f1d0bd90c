import type { LinkElement } from '../articles/content.ts';
import { isSafeLink, MAX_LINK_LENGTH } from '../articles/content-fields.ts';
import { ContentField, TextField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField, TextStyleFields } from './StyleFields.tsx';
import ImageFields from './ImageFields.tsx';

/** Link: an optional image, its text and where it goes (web or e-mail only). */
export default function LinkForm({ t, element, update, articleId }: FormProps<LinkElement>) {
  const link = element.link.trim();
  const linkError = link === '' || isSafeLink(link) ? null : t('editor.errors.link');
  return (
    <div className="editor-form">
      <ImageFields t={t} element={element} update={update} articleId={articleId} />
      <ContentField t={t} value={element.content} onChange={(content) => update({ content })} />
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
