import { useEffect } from 'react';
import { t as translate } from '../../i18n/index.ts';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { useQueryParam } from '../../ui/browser.ts';
import type { LanguageOption } from '../../ui/LanguagePicker.tsx';
import Protected from '../../ui/Protected.tsx';
import { useServerData } from '../../ui/server-state.ts';
import { articleIdOf } from '../articles/article-id.ts';
import { translationsRoute } from './calls.ts';
import LanguageChoice from './LanguageChoice.tsx';
import Overview from './Overview.tsx';
import ReviewTexts from './ReviewTexts.tsx';

function Review({
  lang,
  articleId,
  target,
  languages,
}: {
  lang: Lang;
  articleId: number;
  target: string | null;
  languages: readonly LanguageOption[];
}) {
  const t = useT(lang);
  const load = useServerData(target ? translationsRoute(articleId, target) : null);

  useEffect(() => {
    document.title = translate(lang, 'meta.titleTemplate', { page: t('review.title') });
  }, [lang, t]);

  const header = (
    <>
      <a className="back-link" href={`${localePath(lang, '/article')}?id=${articleId}`}>
        {t('review.backToEditor')}
      </a>
      <h1>{t('review.title')}</h1>
      <LanguageChoice
        t={t}
        lang={lang}
        articleId={articleId}
        current={target}
        languages={languages}
      />
    </>
  );
  if (!target) {
    return (
      <div className="review-screen">
        {header}
        <p className="muted">{t('review.pickLanguage')}</p>
      </div>
    );
  }
  if (load.status === 'loading') {
    return (
      <div className="review-screen">
        {header}
        <p className="status-line" role="status">
          {t('review.loading')}
        </p>
      </div>
    );
  }
  // A failed reload says so in place of the texts.
  if (load.status !== 'ready' || !load.data) {
    const notFound = load.error?.status === 404 || load.error?.status === 422;
    return (
      <div className="review-screen">
        {header}
        <p className="muted" role="alert">
          {notFound ? t('review.notFound') : t('review.loadFailed')}
        </p>
      </div>
    );
  }
  return (
    <ReviewTexts
      t={t}
      lang={lang}
      articleId={articleId}
      doc={load.data}
      languageName={languages.find((l) => l.code === load.data?.lang)?.label ?? load.data.lang}
      header={header}
      reload={load.reload}
    />
  );
}

/**
 * /translations: the overview of every article's translations (Overview.tsx) and, with
 * ?articleId={id}&lang={code}, the review screen of one article in one language.
 */
export default function ReviewScreen({
  lang,
  languages,
}: {
  lang: Lang;
  /** Every language, named at build time (settings/languages.ts). */
  languages: LanguageOption[];
}) {
  const t = useT(lang);
  const articleParam = useQueryParam('articleId');
  const target = useQueryParam('lang');
  const articleId = articleIdOf(articleParam);
  return (
    <Protected lang={lang}>
      {articleParam === undefined ? null : articleParam === null ? (
        <Overview t={t} lang={lang} languages={languages} />
      ) : articleId === null ? (
        <div className="review-screen">
          <h1>{t('review.title')}</h1>
          <p className="muted">{t('review.noArticle')}</p>
        </div>
      ) : (
        <Review lang={lang} articleId={articleId} target={target ?? null} languages={languages} />
      )}
    </Protected>
  );
}
