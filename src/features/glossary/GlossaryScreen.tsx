import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type RefObject,
  type SubmitEvent,
} from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import Protected from '../../ui/Protected.tsx';
import { toast } from '../../ui/toast.ts';
import { deleteGlossaryTerm, glossaryRoute, saveGlossaryTerm } from './calls.ts';
import type { GlossaryEntry, GlossaryList } from './schema.ts';

/** A language a preferred translation may be in, named at build time (glossary.astro). */
export type LanguageOption = { code: string; label: string };

type Load = { status: 'loading' } | { status: 'ready'; list: GlossaryList } | { status: 'failed' };

interface Draft {
  id: number | undefined;
  term: string;
  note: string;
  doNotTranslate: boolean;
  /** The languages chosen, in the order they were added, and their texts. */
  translations: [string, string][];
}

const EMPTY: Draft = { id: undefined, term: '', note: '', doNotTranslate: false, translations: [] };

const draftOf = (entry: GlossaryEntry): Draft => ({
  id: entry.id,
  term: entry.term,
  note: entry.note,
  doNotTranslate: entry.doNotTranslate,
  translations: Object.entries(entry.translations),
});

async function fetchGlossary(): Promise<Load> {
  try {
    const result = await call(glossaryRoute);
    if (result.answer) return { status: 'ready', list: result.answer };
    console.error('Loading the glossary failed', result.status, result.body);
  } catch (error) {
    console.error('Loading the glossary failed', error);
  }
  return { status: 'failed' };
}

function useGlossary() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const reload = useCallback(async () => setLoad(await fetchGlossary()), []);
  useEffect(() => {
    let live = true;
    void fetchGlossary().then((next) => {
      if (live) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return { load, reload };
}

/** The form that adds an entry, or edits the one chosen in the list. */
function TermForm(props: {
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

function TermItem(props: {
  t: TFn;
  entry: GlossaryEntry;
  labelOf: (code: string) => string;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, entry, labelOf, busy } = props;
  const translations = Object.entries(entry.translations);
  return (
    <li className="glossary-item">
      <div className="glossary-item__text">
        <p className="glossary-item__term">
          <strong>{entry.term}</strong>
          {entry.doNotTranslate && <span className="glossary-badge">{t('glossary.keep')}</span>}
        </p>
        {entry.note && <p className="glossary-item__note">{entry.note}</p>}
        {translations.length > 0 && (
          <dl className="glossary-item__translations">
            {translations.map(([code, text]) => (
              <div key={code}>
                <dt>{labelOf(code)}</dt>
                <dd lang={code}>{text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="glossary-item__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('glossary.editTerm', { term: entry.term })}
          onClick={props.onEdit}
        >
          {t('glossary.edit')}
        </button>
        <button
          type="button"
          className="button button--quiet-danger button--small"
          disabled={busy}
          aria-label={t('glossary.deleteTerm', { term: entry.term })}
          onClick={props.onDelete}
        >
          {t('glossary.delete')}
        </button>
      </div>
    </li>
  );
}

function Glossary({ lang, languages }: { lang: Lang; languages: readonly LanguageOption[] }) {
  const t = useT(lang);
  const { load, reload } = useGlossary();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<GlossaryEntry | undefined>();
  const termRef = useRef<HTMLInputElement>(null);
  const labelOf = (code: string) => languages.find((l) => l.code === code)?.label ?? code;

  useEffect(() => {
    document.title = translate(lang, 'meta.titleTemplate', { page: t('glossary.title') });
  }, [lang, t]);

  const save = async () => {
    if (busy) return;
    if (draft.term.trim() === '') {
      setError(t('glossary.termRequired'));
      termRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await call(saveGlossaryTerm, {
        ...(draft.id !== undefined && { id: draft.id }),
        term: draft.term,
        note: draft.note,
        doNotTranslate: draft.doNotTranslate,
        translations: draft.doNotTranslate ? {} : Object.fromEntries(draft.translations),
      });
      if (!result.answer) {
        setError(apiErrorMessage(t, result));
        termRef.current?.focus();
        return;
      }
      toast.success(draft.id === undefined ? t('glossary.added') : t('glossary.saved'));
      setError(undefined);
      setDraft(EMPTY);
      await reload();
    } catch {
      setError(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (entry: GlossaryEntry) => {
    setBusy(true);
    try {
      const result = await call(deleteGlossaryTerm, { id: entry.id });
      if (!result.ok) toast.error(apiErrorMessage(t, result));
      else {
        toast.success(t('glossary.deleted'));
        if (draft.id === entry.id) setDraft(EMPTY);
      }
      await reload();
    } catch {
      toast.error(t('common.networkError'));
    } finally {
      setBusy(false);
      setDeleting(undefined);
    }
  };

  return (
    <div className="glossary-screen">
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('glossary.back')}
      </a>
      <h1>{t('glossary.title')}</h1>
      <p className="glossary-intro">{t('glossary.intro')}</p>
      <TermForm
        t={t}
        draft={draft}
        setDraft={(next) => {
          setDraft(next);
          if (error !== undefined) setError(undefined);
        }}
        languages={languages}
        busy={busy}
        error={error}
        termRef={termRef}
        onSubmit={() => void save()}
        onCancel={() => {
          setDraft(EMPTY);
          setError(undefined);
        }}
      />
      {load.status === 'loading' && (
        <p className="status-line" role="status">
          {t('glossary.loading')}
        </p>
      )}
      {load.status === 'failed' && (
        <p className="muted" role="alert">
          {t('glossary.loadFailed')}
        </p>
      )}
      {load.status === 'ready' && (
        <>
          <p className="muted" role="status">
            {load.list.terms.length === 0
              ? t('glossary.empty')
              : t('glossary.count', {
                  count: String(load.list.terms.length),
                  max: String(load.list.max),
                })}
          </p>
          {load.list.terms.length > 0 && (
            <ul className="glossary-list" aria-label={t('glossary.listLabel')}>
              {load.list.terms.map((entry) => (
                <TermItem
                  key={entry.id}
                  t={t}
                  entry={entry}
                  labelOf={labelOf}
                  busy={busy}
                  onEdit={() => {
                    setDraft(draftOf(entry));
                    setError(undefined);
                    termRef.current?.focus();
                    termRef.current?.scrollIntoView({ block: 'center' });
                  }}
                  onDelete={() => setDeleting(entry)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('glossary.deleteTitle', { term: deleting.term })}
          cancelLabel={t('glossary.cancel')}
          confirmLabel={t('glossary.delete')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        >
          <p>{t('glossary.deleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The museum's glossary (issue 18, story 5): /glossary. */
export default function GlossaryScreen(props: { lang: Lang; languages: LanguageOption[] }) {
  return (
    <Protected lang={props.lang}>
      <Glossary lang={props.lang} languages={props.languages} />
    </Protected>
  );
}
