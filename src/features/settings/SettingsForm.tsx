import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import LanguagePicker from '../../ui/LanguagePicker.tsx';
import Protected from '../../ui/Protected.tsx';
import { isSignedOut, useServerData } from '../../ui/server-state.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { settingsRoute, updateSettings } from './calls.ts';
import type { LanguageChoice } from './languages.ts';
import type { MuseumSettings, SpeechSetting } from './schema.ts';
import VisitorLanguages from './VisitorLanguages.tsx';
import GuideAddress from './GuideAddress.tsx';
import { timeZoneGroups, zoneLabel } from './time-zones.ts';
import { currentZoneName } from './zone-names.ts';

const DEFAULT_SPEECH: SpeechSetting = { voice: 'browser', otherLanguages: [] };

type Props = {
  lang: Lang;
  /** Every language, named at build time (languages.ts: the browser's names are incomplete). */
  languages: LanguageChoice[];
};

function SettingsScreen({ lang, languages }: Props) {
  const t = useT(lang);
  const id = useId();
  const load = useServerData(settingsRoute);
  /** The settings the form was last filled from: new ones (loaded or saved) fill it again. */
  const [shown, setShown] = useState<MuseumSettings | undefined>();
  const [language, setLanguage] = useState('');
  const [timeZone, setTimeZone] = useState('');
  const [priority, setPriority] = useState<string[]>([]);
  const [speech, setSpeech] = useState<SpeechSetting>(DEFAULT_SPEECH);
  const [offered, setOffered] = useState<string[] | null>(null);
  /** Taken out of the priority and read-aloud languages by the last narrowing of `offered`. */
  const [removed, setRemoved] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const show = (settings: MuseumSettings) => {
    setLanguage(settings.sourceLanguage);
    setTimeZone(currentZoneName(settings.timeZone));
    setPriority(settings.priorityLanguages ?? []);
    setSpeech(settings.speech ?? DEFAULT_SPEECH);
    setOffered(settings.visitorLanguages ?? null);
    setRemoved([]);
  };

  /**
   * The languages offered changed: a list starts from the languages already prepared or read
   * aloud (they must stay offered); a narrower one takes out of them what it leaves out, and
   * says so.
   */
  const changeOffered = (next: string[] | null) => {
    if (next === null) {
      setOffered(null);
      setRemoved([]);
      return;
    }
    if (offered === null) {
      setOffered([...new Set([...next, ...priority, ...speech.otherLanguages])]);
      setRemoved([]);
      return;
    }
    const kept = (code: string) => code === language || next.includes(code);
    const gone = [...priority, ...speech.otherLanguages].filter((code) => !kept(code));
    setOffered(next);
    setPriority(priority.filter(kept));
    setSpeech({ ...speech, otherLanguages: speech.otherLanguages.filter(kept) });
    setRemoved([...new Set(gone)]);
  };
  /** What the other language pickers may offer: the languages visitors may choose. */
  const withinOffered = (list: LanguageChoice[]) =>
    offered === null ? list : list.filter((l) => offered.includes(l.code));

  if (load.data && load.data !== shown) {
    setShown(load.data);
    show(load.data);
  }

  const zones = useMemo(() => timeZoneGroups(timeZone), [timeZone]);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const result = await call(updateSettings, {
        sourceLanguage: language,
        timeZone,
        priorityLanguages: priority,
        speech,
        // The museum's own language is always offered, whichever it now is.
        visitorLanguages: offered && [...new Set([language, ...offered])],
      });
      if (result.answer) {
        load.replace(result.answer);
        toast.success(t('settings.saved'));
      } else {
        console.error('Saving the settings failed', result.status, result.body);
        toast.error(apiErrorMessage(t, result));
      }
    } catch (error) {
      console.error('Saving the settings failed', error);
      toast.error(t('common.networkError'));
    } finally {
      setSaving(false);
    }
  };

  if (isSignedOut(load)) return null;

  const head = (
    <>
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
      <h1>{t('settings.title')}</h1>
    </>
  );

  const settings = load.data;
  if (!settings) {
    return (
      <div className="settings">
        {head}
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <p className="settings__error" role="alert">
            {t('settings.loadFailed')}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="settings">
      {head}
      <p className="muted">{t('settings.intro')}</p>
      <form className="settings-form card" onSubmit={(event) => void save(event)}>
        <div className="settings-form__field">
          <label htmlFor={`${id}-museum`}>{t('settings.museum')}</label>
          <input
            id={`${id}-museum`}
            type="text"
            value={settings.museum}
            readOnly
            aria-describedby={`${id}-museum-hint`}
          />
          <p id={`${id}-museum-hint`} className="settings-form__hint">
            {t('settings.museumHint')}{' '}
            <a href={localePath(lang, '/contact')}>{t('settings.museumHintLink')}</a>
          </p>
        </div>
        <GuideAddress lang={lang} slug={settings.slug} />
        <div className="settings-form__field">
          <label htmlFor={`${id}-language`}>{t('settings.sourceLanguage')}</label>
          <select
            id={`${id}-language`}
            value={language}
            aria-describedby={`${id}-language-hint`}
            onChange={(event) => setLanguage(event.target.value)}
          >
            {languages.map(({ code, label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          <p id={`${id}-language-hint`} className="settings-form__hint">
            {t('settings.sourceLanguageHint')}
          </p>
        </div>
        <div className="settings-form__field">
          <label htmlFor={`${id}-zone`}>{t('settings.timeZone')}</label>
          <select
            id={`${id}-zone`}
            value={timeZone}
            aria-describedby={`${id}-zone-hint`}
            onChange={(event) => setTimeZone(event.target.value)}
          >
            {zones.map(({ region, zones: list }) => (
              <optgroup key={region} label={region}>
                {list.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(zone)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p id={`${id}-zone-hint`} className="settings-form__hint">
            {t('settings.timeZoneHint')}
          </p>
        </div>
        {/* The languages offered first: the priority languages are chosen within them. */}
        <VisitorLanguages
          t={t}
          languages={languages}
          source={language}
          value={offered}
          onChange={changeOffered}
          removed={removed}
          disabled={saving}
        />
        <div className="settings-form__field">
          <LanguagePicker
            label={t('settings.priorityLanguages')}
            hint={t('settings.priorityLanguagesHint')}
            addLabel={t('settings.addLanguage')}
            removeLabel={(name) => t('settings.removeLanguage', { language: name })}
            options={withinOffered(languages).filter((l) => l.code !== language)}
            value={priority.filter((code) => code !== language)}
            onChange={setPriority}
          />
        </div>
        <fieldset className="settings-form__group">
          <legend>{t('settings.speech')}</legend>
          <div className="settings-form__field">
            <label htmlFor={`${id}-voice`}>{t('settings.speechVoice')}</label>
            <select
              id={`${id}-voice`}
              value={speech.voice}
              aria-describedby={`${id}-voice-hint`}
              onChange={(event) =>
                setSpeech({
                  voice: event.target.value === 'server' ? 'server' : 'browser',
                  otherLanguages: [],
                })
              }
            >
              <option value="browser">{t('settings.speechBrowser')}</option>
              <option value="server">{t('settings.speechServer')}</option>
            </select>
            <p id={`${id}-voice-hint`} className="settings-form__hint">
              {t(settings.speechEngine ? 'settings.speechEngine' : 'settings.speechNoEngine')}
            </p>
          </div>
          <div className="settings-form__field">
            <LanguagePicker
              label={t(
                speech.voice === 'browser'
                  ? 'settings.speechOtherToServer'
                  : 'settings.speechOtherToBrowser',
              )}
              hint={t('settings.speechOtherHint')}
              addLabel={t('settings.addLanguage')}
              removeLabel={(name) => t('settings.removeLanguage', { language: name })}
              options={withinOffered(languages)}
              value={speech.otherLanguages}
              onChange={(otherLanguages) => setSpeech({ ...speech, otherLanguages })}
            />
          </div>
        </fieldset>
        <div>
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={saving}
            aria-busy={saving}
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The /settings island: the museum's settings, for a logged-in user only. */
export default function SettingsPage({ lang, languages }: Props) {
  return (
    <Protected lang={lang}>
      <SettingsScreen lang={lang} languages={languages} />
    </Protected>
  );
}
