import { memo, useCallback, useContext, useId, useRef, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { toast } from '../../ui/toast.ts';
import AddControl from './AddControl.tsx';
import { afterRender, Announce } from './announce.ts';
import { DETAIL_TYPES, type Detail } from '../articles/content.ts';
import { MAX_DETAILS } from '../articles/content-fields.ts';
import DetailForm from './DetailForm.tsx';
import ElementActions from './ElementActions.tsx';
import { LabelSuffix } from './labelSuffix.ts';
import { typeLabel } from './labels.ts';
import { canMoveDetailUp, type Action, type DetailPatch } from './state.ts';

type Props = {
  t: TFn;
  /** The accordion's position in the content. */
  index: number;
  /** The detail's position in the accordion, from 0. */
  position: number;
  detail: Detail;
  dispatch: Dispatch<Action>;
  articleId: number;
  full: boolean;
};

/** One accordion detail: like an element card, one level down. */
function DetailCard({ t, index, position, detail, dispatch, articleId, full }: Props) {
  const headingId = useId();
  const cardRef = useRef<HTMLLIElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = useContext(Announce);
  const update = useCallback(
    (patch: DetailPatch) => dispatch({ type: 'updateDetail', index, detail: position, patch }),
    [dispatch, index, position],
  );
  const d = position + 1;
  const where = t('editor.detailRef', { n: index, d });

  const moveUp = () => {
    dispatch({ type: 'moveDetailUp', index, detail: position });
    announce(t('editor.detailMoved', { d: position }));
    if (!canMoveDetailUp(position - 1)) afterRender(() => headingRef.current?.focus());
  };
  const remove = () => {
    const card = cardRef.current;
    const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
    const next =
      neighbour?.querySelector<HTMLElement>('.detail-card__title') ??
      card
        ?.closest<HTMLElement>('.element-card')
        ?.querySelector<HTMLElement>('.element-card__title');
    dispatch({ type: 'deleteDetail', index, detail: position });
    announce(t('editor.detailDeleted', { d }));
    afterRender(() => next?.focus());
  };
  const add = (detailType: string) => {
    if (full) {
      toast.error(t('editor.tooManyDetails', { max: MAX_DETAILS }));
      return;
    }
    dispatch({ type: 'addDetail', index, after: position, detailType });
    announce(t('editor.detailAdded', { d: d + 1, type: typeLabel(t, detailType) }));
  };

  return (
    <li ref={cardRef} className="element-card detail-card" data-type={detail.type}>
      <div role="group" aria-labelledby={headingId}>
        <div className="element-card__head">
          <h5 id={headingId} ref={headingRef} tabIndex={-1} className="detail-card__title">
            {t('editor.detail', { d, type: typeLabel(t, detail.type) })}
          </h5>
          <ElementActions
            t={t}
            where={where}
            what={t('editor.detail', { d, type: typeLabel(t, detail.type) })}
            canMoveUp={canMoveDetailUp(position)}
            onMoveUp={moveUp}
            onDelete={remove}
          />
        </div>
        <LabelSuffix.Provider value={where}>
          <DetailForm t={t} detail={detail} update={update} articleId={articleId} />
        </LabelSuffix.Provider>
        <AddControl
          t={t}
          types={DETAIL_TYPES}
          label={t('editor.newDetail')}
          where={t('editor.afterDetail', { n: index, d })}
          onAdd={add}
        />
      </div>
    </li>
  );
}

export default memo(DetailCard);
