import { memo, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { AddAtTop } from './AddControl.tsx';
import type { Metadatas } from '../articles/content.ts';
import {
  MAX_INSTRUCTIONS_LENGTH,
  MAX_PUBLIC_TITLE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '../articles/content-fields.ts';
import { ColorField, TextAreaField, TextField } from './fields.tsx';
import { publicTitleMessage, urlMessage } from './problems.ts';
import type { Action } from './state.ts';
import StopField, { type TakenStop } from './StopField.tsx';

type Props = {
  t: TFn;
  title: string;
  instructions: string;
  meta: Metadatas;
  dispatch: Dispatch<Action>;
  /** Show an empty title as an error (after a save was tried). */
  showTitleError: boolean;
  /** A url the server refused as another article's. */
  takenUrl: string | null;
  /** A stop number the server refused as another article's. */
  takenStop: TakenStop | null;
  onAddAtTop: (type: string) => void;
};

/**
 * The article's own fields: the private title and, beside it, the title shown to visitors and
 * the stop number; url, background colour, translation instructions.
 */
function MetaFields({
  t,
  title,
  instructions,
  meta,
  dispatch,
  showTitleError,
  takenUrl,
  takenStop,
  onAddAtTop,
}: Props) {
  const titleError = showTitleError && title.trim() === '' ? t('editor.errors.title') : null;
  const publicTitle = meta.publicTitle ?? '';
  const urlError =
    urlMessage(t, meta.url) ??
    (takenUrl !== null && meta.url === takenUrl ? t('editor.errors.urlTaken') : null);
  return (
    <section className="editor-section editor-meta" aria-labelledby="editor-settings">
      <h2 id="editor-settings" className="editor-section__title">
        {t('editor.settings')}
      </h2>
      <div className="editor-form">
        <TextField
          className="editor-field--wide"
          label={t('editor.field.title')}
          value={title}
          maxLength={MAX_TITLE_LENGTH}
          required
          hint={t('editor.field.titleHint')}
          error={titleError}
          onChange={(value) => dispatch({ type: 'setField', field: 'title', value })}
        />
        <TextField
          className="editor-field--wide"
          label={t('editor.field.publicTitle')}
          value={publicTitle}
          maxLength={MAX_PUBLIC_TITLE_LENGTH}
          hint={`${t('editor.field.publicTitleHint')} ${publicTitleCount(t, publicTitle)}`}
          error={publicTitleMessage(t, publicTitle)}
          onChange={(value) => dispatch({ type: 'setMeta', patch: { publicTitle: value } })}
        />
        <StopField
          t={t}
          value={meta.stop}
          taken={takenStop}
          onChange={(stop) => dispatch({ type: 'setMeta', patch: { stop } })}
        />
        <TextField
          className="editor-field--wide"
          label={t('editor.field.url')}
          value={meta.url}
          maxLength={MAX_URL_LENGTH}
          required
          hint={t('editor.field.urlHint')}
          error={urlError}
          onChange={(url) => dispatch({ type: 'setMeta', patch: { url } })}
        />
        <ColorField
          label={t('editor.field.background')}
          value={meta.backgroundColor}
          onChange={(backgroundColor) => dispatch({ type: 'setMeta', patch: { backgroundColor } })}
        />
        <TextAreaField
          label={t('editor.field.instructions')}
          value={instructions}
          maxLength={MAX_INSTRUCTIONS_LENGTH}
          hint={t('editor.field.instructionsHint')}
          onChange={(value) => dispatch({ type: 'setField', field: 'instructions', value })}
        />
      </div>
      <AddAtTop t={t} onAdd={onAddAtTop} />
    </section>
  );
}

/** '12 / 120 characters', and at the limit a sentence saying it is reached. */
function publicTitleCount(t: TFn, title: string): string {
  const count = Array.from(title).length;
  return count >= MAX_PUBLIC_TITLE_LENGTH
    ? t('editor.field.publicTitleFull', { max: MAX_PUBLIC_TITLE_LENGTH })
    : t('editor.field.publicTitleCount', { count, max: MAX_PUBLIC_TITLE_LENGTH });
}

export default memo(MetaFields);
