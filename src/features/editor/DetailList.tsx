import { useContext, useId, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { toast } from '../../ui/toast.ts';
import AddControl from './AddControl.tsx';
import { Announce } from './announce.ts';
import { DETAIL_TYPES, type Detail } from '../articles/content.ts';
import { MAX_DETAILS } from '../articles/content-fields.ts';
import DetailCard from './DetailCard.tsx';
import { keyOf } from './keys.ts';
import { typeLabel } from './labels.ts';
import type { Action } from './state.ts';

type Props = {
  t: TFn;
  /** The accordion's position in the content. */
  index: number;
  details: Detail[];
  dispatch: Dispatch<Action>;
  articleId: number;
};

/** An accordion's details: an add control for the top, then one card each. */
export default function DetailList({ t, index, details, dispatch, articleId }: Props) {
  const headingId = useId();
  const announce = useContext(Announce);
  const full = details.length >= MAX_DETAILS;
  const addAtTop = (detailType: string) => {
    if (full) {
      toast.error(t('editor.tooManyDetails', { max: MAX_DETAILS }));
      return;
    }
    dispatch({ type: 'addDetail', index, after: -1, detailType });
    announce(t('editor.detailAdded', { d: 1, type: typeLabel(t, detailType) }));
  };
  return (
    <div role="group" aria-labelledby={headingId} className="editor-subgroup">
      <h4 id={headingId} className="editor-subgroup__title">
        {t('editor.details')}
      </h4>
      <AddControl
        t={t}
        types={DETAIL_TYPES}
        label={t('editor.newDetail')}
        where={t('editor.detailsTop', { n: index })}
        onAdd={addAtTop}
      />
      {details.length === 0 ? (
        <p className="muted editor-empty">{t('editor.noDetails')}</p>
      ) : (
        <ol className="detail-list">
          {details.map((detail, position) => (
            <DetailCard
              key={keyOf(detail)}
              t={t}
              index={index}
              position={position}
              detail={detail}
              dispatch={dispatch}
              articleId={articleId}
              full={full}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
