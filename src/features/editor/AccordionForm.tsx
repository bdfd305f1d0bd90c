import { useId, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import type { AccordionElement } from '../articles/content.ts';
import { MAX_TEXT_LENGTH } from '../articles/content-fields.ts';
import DetailList from './DetailList.tsx';
import { TextAreaField } from './fields.tsx';
import type { Action, HeaderPatch } from './state.ts';
import { JustifyField, SizeField, TextStyleFields } from './StyleFields.tsx';

type Props = {
  t: TFn;
  index: number;
  element: AccordionElement;
  dispatch: Dispatch<Action>;
  articleId: number;
};

/** Accordion: its title, styled like a text, and the details it folds. */
export default function AccordionForm({ t, index, element, dispatch, articleId }: Props) {
  const headingId = useId();
  const { header } = element;
  const update = (patch: HeaderPatch) => dispatch({ type: 'updateHeader', index, patch });
  return (
    <div className="editor-form editor-form--stack">
      <div role="group" aria-labelledby={headingId} className="editor-subgroup">
        <h4 id={headingId} className="editor-subgroup__title">
          {t('editor.header')}
        </h4>
        <div className="editor-form">
          <TextAreaField
            label={t('editor.field.headerContent')}
            value={header.content}
            maxLength={MAX_TEXT_LENGTH}
            onChange={(content) => update({ content })}
          />
          <TextStyleFields t={t} value={header} onChange={update} />
          <SizeField t={t} value={header.size} onChange={(size) => update({ size })} />
          <JustifyField t={t} value={header.justify} onChange={(justify) => update({ justify })} />
        </div>
      </div>
      <DetailList
        t={t}
        index={index}
        details={element.details}
        dispatch={dispatch}
        articleId={articleId}
      />
    </div>
  );
}
