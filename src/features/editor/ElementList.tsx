import type { Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { AddAtTop } from './AddControl.tsx';
import type { ArticleContent, Block } from '../articles/content.ts';
import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import ElementCard from './ElementCard.tsx';
import { keyOf } from './keys.ts';
import type { Action } from './state.ts';

type Props = {
  t: TFn;
  content: ArticleContent;
  dispatch: Dispatch<Action>;
  articleId: number;
  onAddAtTop: (type: string) => void;
};

/** The article's elements in order; an empty article offers an add control here too. */
export default function ElementList({ t, content, dispatch, articleId, onAddAtTop }: Props) {
  const full = content.length - 1 >= MAX_ELEMENTS;
  return (
    <section className="editor-section" aria-labelledby="editor-elements">
      <h2 id="editor-elements" tabIndex={-1} className="editor-section__title">
        {t('editor.elements')}
      </h2>
      {content.length === 1 ? (
        <>
          <p className="muted editor-empty">{t('editor.empty')}</p>
          <AddAtTop t={t} onAdd={onAddAtTop} />
        </>
      ) : (
        <ol className="element-list">
          {content.map((element, index) =>
            index === 0 ? null : (
              <ElementCard
                key={keyOf(element)}
                t={t}
                index={index}
                element={element as Block}
                dispatch={dispatch}
                articleId={articleId}
                full={full}
              />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
