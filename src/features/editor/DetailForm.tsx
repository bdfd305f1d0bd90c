import type { TFn } from '../../i18n/react.ts';
import type { Detail } from '../articles/content.ts';
import ImageForm from './ImageForm.tsx';
import LegendItemForm from './LegendItemForm.tsx';
import LinkForm from './LinkForm.tsx';
import SpaceForm from './SpaceForm.tsx';
import type { DetailPatch } from './state.ts';
import TextForm from './TextForm.tsx';

type Props = {
  t: TFn;
  detail: Detail;
  update: (patch: DetailPatch) => void;
  articleId: number;
};

/** The form of a detail's type (text, link, image, space or legend item). */
export default function DetailForm({ t, detail, update, articleId }: Props) {
  const common = { t, update, articleId };
  switch (detail.type) {
    case 'text':
      return <TextForm {...common} element={detail} />;
    case 'link':
      return <LinkForm {...common} element={detail} />;
    case 'image':
      return <ImageForm {...common} element={detail} />;
    case 'space':
      return <SpaceForm {...common} element={detail} />;
    case 'legendItem':
      return <LegendItemForm {...common} element={detail} />;
  }
}
