import { memo, useCallback, useContext, useId, useRef, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { toast } from '../../ui/toast.ts';
import AddControl from './AddControl.tsx';
import { afterRender, Announce } from './announce.ts';
import BlockForm from './BlockForm.tsx';
import { BLOCK_TYPES, type Block } from '../articles/content.ts';
import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import ElementActions from './ElementActions.tsx';
import { LabelSuffix } from './labelSuffix.ts';
import { typeLabel } from './labels.ts';
import { canMoveUp, type Action, type BlockPatch } from './state.ts';

type Props = {
  t: TFn;
  /** Position in the content: 1 is the first element (0 is the metadatas entry). */
  index: number;
  element: Block;
  dispatch: Dispatch<Action>;
  articleId: number;
  /** The article holds MAX_ELEMENTS elements: nothing more can be added. */
  full: boolean;
};

/** Focus for after an element left: the heading of its neighbour, or the list's heading. */
function neighbourHeading(card: HTMLElement | null): HTMLElement | null {
  const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
  const heading = neighbour?.querySelector<HTMLElement>('.element-card__title');
  return heading ?? document.getElementById('editor-elements');
}

/**
 * One element of the article: its number and type, move up, delete, its form, and an add control
 * for a new element after it. Memoised: a keystroke elsewhere does not render it again.
 */
function ElementCard({ t, index, element, dispatch, articleId, full }: Props) {
  const headingId = useId();
  const cardRef = useRef<HTMLLIElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = useContext(Announce);
  const update = useCallback(
    (patch: BlockPatch) => dispatch({ type: 'update', index, patch }),
    [dispatch, index],
  );
  const type = typeLabel(t, element.type);

  const moveUp = () => {
    dispatch({ type: 'moveUp', index });
    announce(t('editor.moved', { n: index - 1 }));
    // At the top, its button is disabled: keep the focus in the card.
    if (!canMoveUp(index - 1)) afterRender(() => headingRef.current?.focus());
  };
  const remove = () => {
    const next = neighbourHeading(cardRef.current);
    dispatch({ type: 'delete', index });
    announce(t('editor.deleted', { n: index }));
    afterRender(() => next?.focus());
  };
  const add = (blockType: string) => {
    if (full) {
      toast.error(t('editor.tooManyElements', { max: MAX_ELEMENTS }));
      return;
    }
    dispatch({ type: 'add', after: index, blockType });
    announce(t('editor.added', { n: index + 1, type: typeLabel(t, blockType) }));
  };

  return (
    <li ref={cardRef} className="element-card" data-type={element.type}>
      <div role="group" aria-labelledby={headingId}>
        <div className="element-card__head">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="element-card__title">
            {t('editor.element', { n: index, type })}
          </h3>
          <ElementActions
            t={t}
            where={t('editor.elementRef', { n: index })}
            what={t('editor.element', { n: index, type })}
            canMoveUp={canMoveUp(index)}
            onMoveUp={moveUp}
            onDelete={remove}
          />
        </div>
        <LabelSuffix.Provider value={t('editor.elementRef', { n: index })}>
          <BlockForm
            t={t}
            index={index}
            element={element}
            update={update}
            dispatch={dispatch}
            articleId={articleId}
          />
        </LabelSuffix.Provider>
        <AddControl
          t={t}
          types={BLOCK_TYPES}
          label={t('editor.newElement')}
          where={t('editor.afterElement', { n: index })}
          onAdd={add}
        />
      </div>
    </li>
  );
}

export default memo(ElementCard);
