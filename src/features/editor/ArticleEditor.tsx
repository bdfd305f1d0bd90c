import type { Lang } from '../../i18n/paths.ts';
import { localePath } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { useQueryParam } from '../../ui/browser.ts';
import Protected from '../../ui/Protected.tsx';
import { articleIdOf } from '../articles/article-id.ts';
import EditorScreen from './EditorScreen.tsx';

/** /article?id= without a usable id: say so, and lead back to the list. */
function NoArticle({ lang, missing }: { lang: Lang; missing: boolean }) {
  const t = useT(lang);
  return (
    <>
      <a className="back-link" href={localePath(lang, '/articles')}>
        {t('editor.backToArticles')}
      </a>
      <h1>{t('editor.title')}</h1>
      <p>{missing ? t('editor.missing') : t('editor.invalidId')}</p>
    </>
  );
}

function ArticleById({ lang }: { lang: Lang }) {
  const param = useQueryParam('id');
  if (param === undefined) return null;
  const articleId = articleIdOf(param);
  if (articleId === null) return <NoArticle lang={lang} missing={param === null} />;
  return <EditorScreen key={articleId} lang={lang} articleId={articleId} />;
}

/** The /article?id= island (the article editor): for a logged-in user only. */
export default function ArticleEditor({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <ArticleById lang={lang} />
    </Protected>
  );
}
