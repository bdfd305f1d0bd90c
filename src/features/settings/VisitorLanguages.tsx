import { useId } from 'react';
import type { TFn } from '../../i18n/react.ts';
import LanguagePicker from '../../ui/LanguagePicker.tsx';
import type { LanguageChoice } from './languages.ts';

type Props = {
  t: TFn;
  /** Every language, named at build time. */
  languages: readonly LanguageChoice[];
  /** The museum's own language: always offered, so never a chip. */
  source: string;
  /** The languages offered (the museum's own among them); null: all of them. */
  value: readonly string[] | null;
  onChange: (next: string[] | null) => void;
  /** Languages the last narrowing also took out of the priority or read-aloud languages. */
  removed: readonly string[];
  disabled?: boolean;
};

/**
 * 'Languages visitors may choose': all of them (the default), or only a list. The museum's own
 * language is always in it (its texts need no translation), so it is named in the hint rather
 * than shown as a chip that could be removed. Choosing 'only these' starts from the languages
 * the museum already prepares or reads aloud, which must stay offered.
 */
export default function VisitorLanguages(props: Props) {
  const { t, languages, source, value, onChange, removed, disabled } = props;
  const id = useId();
  const nameOf = (code: string) => languages.find((l) => l.code === code)?.label ?? code;
  const chosen = value ? value.filter((code) => code !== source) : [];
  const set = (codes: string[]) => onChange([source, ...codes.filter((c) => c !== source)]);

  return (
    <fieldset className="settings-form__group visitor-languages">
      <legend>{t('offeredLanguages.label')}</legend>
      <p id={`${id}-hint`} className="settings-form__hint">
        {t('offeredLanguages.hint', { language: nameOf(source) })}
      </p>
      <div
        className="visitor-languages__modes"
        role="radiogroup"
        aria-label={t('offeredLanguages.label')}
        aria-describedby={`${id}-hint`}
      >
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value === null}
            disabled={disabled}
            onChange={() => onChange(null)}
          />
          <span>{t('offeredLanguages.all', { count: String(languages.length) })}</span>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value !== null}
            disabled={disabled}
            onChange={() => set([])}
          />
          <span>{t('offeredLanguages.some')}</span>
        </label>
      </div>
      {value !== null && (
        <div className="settings-form__field">
          <LanguagePicker
            label={t('offeredLanguages.list')}
            hint={
              chosen.length === 0
                ? t('offeredLanguages.originalOnly', { language: nameOf(source) })
                : t('offeredLanguages.count', { count: String(chosen.length + 1) })
            }
            addLabel={t('settings.addLanguage')}
            removeLabel={(name) => t('settings.removeLanguage', { language: name })}
            options={languages.filter((l) => l.code !== source)}
            value={chosen}
            onChange={set}
            disabled={disabled}
          />
        </div>
      )}
      {removed.length > 0 && (
        <p className="settings-form__hint" role="status">
          {t('offeredLanguages.removedAlso', { languages: removed.map(nameOf).join(', ') })}
        </p>
      )}
    </fieldset>
  );
}
