import type { AudioElement } from '../articles/content.ts';
import { MAX_CAPTION_LENGTH, MAX_TEXT_LENGTH } from '../articles/content-fields.ts';
import { ColorField, TextAreaField, TextField } from './fields.tsx';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField } from './StyleFields.tsx';
import UploadField from './UploadField.tsx';

/**
 * Audio (read aloud, ADR 0019): the museum's recording (played as it is, in the museum's language), its
 * caption and transcript (translated for visitors like any text), their colour, the player's
 * width and position.
 */
export default function AudioForm({ t, element, update, articleId }: FormProps<AudioElement>) {
  return (
    <div className="editor-form">
      <UploadField
        t={t}
        kind="audio"
        label={t('editor.field.audio')}
        hint={t('editor.field.audioHint')}
        value={element.src}
        articleId={articleId}
        onUploaded={({ mediaUrl }) => update({ src: mediaUrl })}
        onRemove={() => update({ src: '' })}
      />
      <TextField
        className="editor-field--wide"
        label={t('editor.field.caption')}
        hint={t('editor.field.captionHint')}
        value={element.caption}
        maxLength={MAX_CAPTION_LENGTH}
        onChange={(caption) => update({ caption })}
      />
      <TextAreaField
        label={t('editor.field.transcript')}
        hint={t('editor.field.transcriptHint')}
        value={element.transcript}
        maxLength={MAX_TEXT_LENGTH}
        rows={8}
        onChange={(transcript) => update({ transcript })}
      />
      <ColorField
        label={t('editor.field.color')}
        value={element.color}
        onChange={(color) => update({ color })}
      />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
