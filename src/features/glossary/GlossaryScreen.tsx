import { useEffect, useRef, useState } from 'react';
import { t as translate } from '../../i18n/index.ts';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import { deleteAndReload } from '../../ui/deleteAndReload.ts';
import Protected from '../../ui/Protected.tsx';
import { useServerData } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import { deleteGlossaryTerm, glossaryRoute, saveGlossaryTerm } from './calls.ts';
import type { GlossaryEntry } from './schema.ts';
import TermForm, { draftOf, EMPTY, type Draft, type LanguageOption } from './TermForm.tsx';
import TermItem from './TermItem.tsx';

function Glossary({ lang, languages }: { lang: Lang; languages: readonly LanguageOption[] }) {
  const t = useT(lang);
  // A failed reload says so in place of the list.
  const load = useServerData(glossaryRoute);
  const { reload } = load;
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

  const remove = (entry: GlossaryEntry) =>
    deleteAndReload({
      t,
      send: () => call(deleteGlossaryTerm, { id: entry.id }),
      deleted: t('glossary.deleted'),
      onDeleted: () => {
        if (draft.id === entry.id) setDraft(EMPTY);
      },
      reload,
      setBusy,
      finish: () => setDeleting(undefined),
    });

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
      {load.status === 'ready' && load.data && (
        <>
          <p className="muted" role="status">
            {load.data.terms.length === 0
              ? t('glossary.empty')
              : t('glossary.count', {
                  count: String(load.data.terms.length),
                  max: String(load.data.max),
                })}
          </p>
          {load.data.terms.length > 0 && (
            <ul className="glossary-list" aria-label={t('glossary.listLabel')}>
              {load.data.terms.map((entry) => (
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

/** The museum's glossary: /glossary. */
export default function GlossaryScreen(props: { lang: Lang; languages: LanguageOption[] }) {
  return (
    <Protected lang={props.lang}>
      <Glossary lang={props.lang} languages={props.languages} />
    </Protected>
  );
}
