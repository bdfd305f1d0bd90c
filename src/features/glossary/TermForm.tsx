import { useId, type RefObject, type SubmitEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import type { GlossaryEntry } from './schema.ts';

/** A language a preferred translation may be in, named at build time (glossary.astro). */
export type LanguageOption = { code: string; label: string };

export interface Draft {
  id: number | undefined;
  term: string;
  note: string;
  doNotTranslate: boolean;
  /** The languages chosen, in the order they were added, and their texts. */
  translations: [string, string][];
}

export const EMPTY: Draft = {
  id: undefined,
  term: '',
  note: '',
  doNotTranslate: false,
  translations: [],
};

export const draftOf = (entry: GlossaryEntry): Draft => ({
  id: entry.id,
  term: entry.term,
  note: entry.note,
  doNotTranslate: entry.doNotTranslate,
  translations: Object.entries(entry.translations),
});

/** The form that adds an entry, or edits the one chosen in the list. */
export default function TermForm(props: {
  t: TFn;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  languages: readonly LanguageOption[];
  busy: boolean;
  error: string | undefined;
  termRef: RefObject<HTMLInputElement | null>;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t, draft, setDraft, languages, busy, error, termRef, onSubmit, onCancel } = props;
  const id = useId();
  const chosen = new Set(draft.translations.map(([code]) => code));
  const labelOf = (code: string) => languages.find((l) => l.code === code)?.label ?? code;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const editing = draft.id !== undefined;
  return (
    <form className="glossary-form card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {editing ? t('glossary.editTitle', { term: draft.term }) : t('glossary.addTitle')}
      </h2>
      <div className="glossary-form__field">
        <label htmlFor={`${id}-term`}>{t('glossary.term')}</label>
        <input
          ref={termRef}
          id={`${id}-term`}
          type="text"
          required
          maxLength={200}
          autoComplete="off"
          value={draft.term}
          aria-describedby={`${id}-term-hint`}
          aria-invalid={error !== undefined}
          onChange={(event) => setDraft({ ...draft, term: event.target.value })}
        />
        <p id={`${id}-term-hint`} className="glossary-form__hint">
          {t('glossary.termHint')}
        </p>
      </div>
      <div className="glossary-form__field">
        <label htmlFor={`${id}-note`}>{t('glossary.note')}</label>
        <textarea
          id={`${id}-note`}
          maxLength={1000}
          rows={2}
          value={draft.note}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
        />
        <p id={`${id}-note-hint`} className="glossary-form__hint">
          {t('glossary.noteHint')}
        </p>
      </div>
      <div className="glossary-form__check">
        <input
          id={`${id}-keep`}
          type="checkbox"
          checked={draft.doNotTranslate}
          onChange={(event) => setDraft({ ...draft, doNotTranslate: event.target.checked })}
        />
        <label htmlFor={`${id}-keep`}>{t('glossary.doNotTranslate')}</label>
      </div>
      {!draft.doNotTranslate && (
        <fieldset className="glossary-form__translations">
          <legend>{t('glossary.translations')}</legend>
          <p className="glossary-form__hint">{t('glossary.translationsHint')}</p>
          {draft.translations.map(([code, text], index) => (
            <div key={code} className="glossary-form__translation">
              <label htmlFor={`${id}-tr-${code}`}>
                {t('glossary.translationIn', { language: labelOf(code) })}
              </label>
              <div className="glossary-form__row">
                <input
                  id={`${id}-tr-${code}`}
                  type="text"
                  lang={code}
                  maxLength={500}
                  autoComplete="off"
                  value={text}
                  onChange={(event) => {
                    const next = [...draft.translations];
                    next[index] = [code, event.target.value];
                    setDraft({ ...draft, translations: next });
                  }}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() =>
                    setDraft({
                      ...draft,
                      translations: draft.translations.filter(([c]) => c !== code),
                    })
                  }
                >
                  {t('glossary.removeLanguage', { language: labelOf(code) })}
                </button>
              </div>
            </div>
          ))}
          <div className="glossary-form__field">
            <label htmlFor={`${id}-add-lang`} className="visually-hidden">
              {t('glossary.addLanguage')}
            </label>
            <select
              id={`${id}-add-lang`}
              value=""
              onChange={(event) => {
                const code = event.target.value;
                if (!code || chosen.has(code)) return;
                setDraft({ ...draft, translations: [...draft.translations, [code, '']] });
                // The new language's field is where the curator writes next.
                requestAnimationFrame(() => document.getElementById(`${id}-tr-${code}`)?.focus());
              }}
            >
              <option value="">{t('glossary.addLanguage')}</option>
              {languages
                .filter((l) => !chosen.has(l.code))
                .map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.label}
                  </option>
                ))}
            </select>
          </div>
        </fieldset>
      )}
      {error !== undefined && (
        <p className="glossary-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="glossary-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {editing ? t('glossary.save') : t('glossary.add')}
        </button>
        {editing && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
            {t('glossary.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
