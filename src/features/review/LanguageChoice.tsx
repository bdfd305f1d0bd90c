import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import type { LanguageOption } from '../../ui/LanguagePicker.tsx';

/** The address of this screen for another language (kept in the history: back returns). */
const screenHref = (lang: Lang, articleId: number, target: string) =>
  `${localePath(lang, '/translations')}?articleId=${articleId}&lang=${encodeURIComponent(target)}`;

/**
 * The review screen's language: choosing one opens that language's review. The languages are
 * named as in Settings, by Node when the site was built (settings/languages.ts).
 */
export default function LanguageChoice(props: {
  t: TFn;
  lang: Lang;
  articleId: number;
  current: string | null;
  languages: readonly LanguageOption[];
}) {
  const { t, lang, articleId, current, languages } = props;
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
        {languages.map(({ code, label }) => (
          <option key={code} value={code}>
            {label}
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
