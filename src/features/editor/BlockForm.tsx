import type { Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import AccordionForm from './AccordionForm.tsx';
import AudioForm from './AudioForm.tsx';
import type { Block } from '../articles/content.ts';
import ImageForm from './ImageForm.tsx';
import LegendItemForm from './LegendItemForm.tsx';
import LinkForm from './LinkForm.tsx';
import SpaceForm from './SpaceForm.tsx';
import type { Action, BlockPatch } from './state.ts';
import TextForm from './TextForm.tsx';
import VideoForm from './VideoForm.tsx';

type Props = {
  t: TFn;
  index: number;
  element: Block;
  update: (patch: BlockPatch) => void;
  dispatch: Dispatch<Action>;
  articleId: number;
};

/** The form of an element's type. */
export default function BlockForm({ t, index, element, update, dispatch, articleId }: Props) {
  const common = { t, update, articleId };
  switch (element.type) {
    case 'text':
      return <TextForm {...common} element={element} />;
    case 'link':
      return <LinkForm {...common} element={element} />;
    case 'image':
      return <ImageForm {...common} element={element} />;
    case 'video':
      return <VideoForm {...common} element={element} />;
    case 'space':
      return <SpaceForm {...common} element={element} />;
    case 'legendItem':
      return <LegendItemForm {...common} element={element} />;
    case 'audio':
      return <AudioForm {...common} element={element} />;
    case 'accordion':
      return (
        <AccordionForm
          t={t}
          index={index}
          element={element}
          dispatch={dispatch}
          articleId={articleId}
        />
      );
  }
}
