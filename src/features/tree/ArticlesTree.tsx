import type { Lang } from '../../i18n/paths.ts';
import Protected from '../../ui/Protected.tsx';
import TreeScreen from './TreeScreen.tsx';

/** The /articles island: the tree screen, for a logged-in user only. */
export default function ArticlesTree({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <TreeScreen lang={lang} />
    </Protected>
  );
}
