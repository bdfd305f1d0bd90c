import { useId } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';

/**
 * The museum's guide home address, read only: the Legenda team sets it (`npm run users --
 * museum --slug`), as the museum's name. The full link, to print on a poster or put on the
 * museum's site; or a line saying the team sets it when there is none.
 */
export default function GuideAddress({ lang, slug }: { lang: Lang; slug: string | null }) {
  const t = useT(lang);
  const id = useId();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const link = slug ? `${origin}/visit/${slug}` : '';
  return (
    <div className="settings-form__field">
      <label htmlFor={`${id}-guide`}>{t('settings.guideAddress')}</label>
      {slug ? (
        <>
          <input
            id={`${id}-guide`}
            type="text"
            value={link}
            readOnly
            aria-describedby={`${id}-guide-hint`}
          />
          <p id={`${id}-guide-hint`} className="settings-form__hint">
            {t('settings.guideAddressHint')}{' '}
            <a href={`/visit/${slug}`} target="_blank" rel="noreferrer">
              {t('settings.guideAddressOpen')}
            </a>
          </p>
        </>
      ) : (
        <p id={`${id}-guide`} className="settings-form__hint">
          {t('settings.guideAddressNone')}{' '}
          <a href={localePath(lang, '/contact')}>{t('settings.museumHintLink')}</a>
        </p>
      )}
    </div>
  );
}
