import { localePath, type Lang } from '../../i18n/index.ts';
import type { TFn } from '../../i18n/react.ts';
import { LANGUAGES, nativeName } from '../languages/index.ts';

/** The address of this screen for another language (kept in the history: back returns). */
const screenHref = (lang: Lang, articleId: number, target: string) =>
  `${localePath(lang, '/translations')}?articleId=${articleId}&lang=${encodeURIComponent(target)}`;

/** The review screen's language: choosing one opens that language's review. */
export default function LanguageChoice(props: {
  t: TFn;
  lang: Lang;
  articleId: number;
  current: string | null;
}) {
  const { t, lang, articleId, current } = props;
  return (
    <form className="review-language" method="get" action={localePath(lang, '/translations')}>
      <input type="hidden" name="articleId" value={articleId} />
      <label htmlFor="review-lang">{t('review.language')}</label>
      <select
        id="review-lang"
        name="lang"
        defaultValue={current ?? ''}
        onChange={(event) => {
          if (event.target.value)
            window.location.assign(screenHref(lang, articleId, event.target.value));
        }}
      >
        <option value="">{t('review.chooseLanguage')}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {nativeName(code)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          {t('review.open')}
        </button>
      </noscript>
    </form>
  );
}
