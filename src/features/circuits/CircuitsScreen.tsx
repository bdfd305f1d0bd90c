import { untitledName } from '../articles/label.ts';
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
import { useUnsavedGuard } from '../../ui/useUnsavedGuard.ts';
import { useArticleList } from '../articles/article-list.ts';
import { articleTitle } from './ArticleAdder.tsx';
import { circuitsRoute, deleteCircuit, saveCircuit } from './calls.ts';
import CircuitForm from './CircuitForm.tsx';
import CircuitList from './CircuitList.tsx';
import {
  checkDraft,
  draftOf,
  EMPTY_DRAFT,
  firstProblem,
  hasProblems,
  isDirty,
  NO_PROBLEMS,
  problemsAfter,
  serverProblems,
  type Draft,
  type Problems,
} from './draft.ts';
import type { CircuitDocument } from './schema.ts';

/** The form, open on a new circuit (no `saved`) or on one of the list. */
type Editing = { draft: Draft; saved: CircuitDocument | undefined };

function Circuits({ lang }: { lang: Lang }) {
  const t = useT(lang);
  // Read again after every write; a failed reload keeps the list shown.
  const load = useServerData(circuitsRoute);
  const { reload } = load;
  const articles = useArticleList();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<CircuitDocument | undefined>();
  /** What to do once the curator agrees to drop the form's unsaved changes. */
  const [discarding, setDiscarding] = useState<(() => void) | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const introRef = useRef<HTMLTextAreaElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const stopsRef = useRef<HTMLHeadingElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  /** Where focus goes after the next render: the form's title, or a line's Edit button. */
  const pendingFocus = useRef<'form' | number | 'new' | null>(null);
  /** /circuits?id=N opens that circuit's form (the QR detail links a circuit there). */
  const [deepLink, setDeepLink] = useState<number | null>(() => {
    const id = Number(new URLSearchParams(window.location.search).get('id'));
    return Number.isInteger(id) && id > 0 ? id : null;
  });

  const dirty = editing !== null && isDirty(editing.draft, editing.saved);

  useEffect(() => {
    document.title = translate(lang, 'meta.titleTemplate', { page: t('circuits.title') });
  }, [lang, t]);

  // Unsaved changes are not lost to a closed tab or a followed link without a warning.
  useUnsavedGuard(dirty);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    const element =
      target === 'form'
        ? titleRef.current
        : target === 'new'
          ? newButton.current
          : editButtons.current.get(target);
    if (!element) return;
    pendingFocus.current = null;
    element.focus();
    element.scrollIntoView({ block: 'center' });
  });

  const circuits = load.data ?? [];

  const open = (circuit: CircuitDocument | undefined) => {
    setEditing({ draft: circuit ? draftOf(circuit) : EMPTY_DRAFT, saved: circuit });
    setProblems(NO_PROBLEMS);
    setAnnouncement('');
    pendingFocus.current = 'form';
  };

  /** Runs `then` now, or once the curator agrees to drop the form's changes. */
  const unlessDirty = (then: () => void) => {
    if (dirty) setDiscarding(() => then);
    else then();
  };

  if (deepLink !== null && load.status !== 'loading') {
    setDeepLink(null);
    const circuit = circuits.find((c) => c.id === deepLink);
    if (circuit) setEditing({ draft: draftOf(circuit), saved: circuit });
  }

  const close = (focusOn: 'new' | number) => {
    setEditing(null);
    setProblems(NO_PROBLEMS);
    pendingFocus.current = focusOn;
  };

  const setDraft = (draft: Draft) => {
    if (!editing) return;
    setEditing({ ...editing, draft });
    setProblems(problemsAfter(problems, editing.draft, draft));
  };

  const focusProblem = (found: Problems) => {
    const where = firstProblem(found);
    if (where === 'title') titleRef.current?.focus();
    else if (where === 'name') nameRef.current?.focus();
    else if (where === 'intro') introRef.current?.focus();
    else if (where !== undefined) stopsRef.current?.focus();
  };

  const save = async () => {
    if (busy || !editing) return;
    const { draft } = editing;
    const local = checkDraft(draft);
    if (hasProblems(local)) {
      setProblems(local);
      focusProblem(local);
      return;
    }
    setBusy(true);
    const sent = [...draft.articleIds];
    try {
      const result = await call(saveCircuit, {
        ...(draft.id !== undefined && { id: draft.id }),
        name: draft.name,
        title: draft.title.trim(),
        intro: draft.intro,
        articleIds: sent,
      });
      if (result.answer) {
        const saved = result.answer;
        toast.success(draft.id === undefined ? t('circuits.created') : t('circuits.saved'));
        setAnnouncement('');
        close(saved.id);
        await reload();
        return;
      }
      const found = serverProblems(result.status, result.body, sent) ?? {
        stop: {},
        form: apiErrorMessage(t, result),
      };
      if (result.status === 404 && draft.id !== undefined) {
        // Deleted meanwhile: what was typed stays, and saving creates it again.
        setEditing({ draft: { ...draft, id: undefined }, saved: undefined });
        void reload();
      }
      setProblems(found);
      toast.error(t('circuits.notSaved'));
      focusProblem(found);
    } catch {
      setProblems({ stop: {}, form: t('common.networkError') });
      toast.error(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };

  const remove = (circuit: CircuitDocument) =>
    deleteAndReload({
      t,
      send: () => call(deleteCircuit, { id: circuit.id }),
      deleted: t('circuits.deleted', { title: circuit.title }),
      onDeleted: () => {
        if (editing?.saved?.id === circuit.id) setEditing(null);
        pendingFocus.current = 'new';
      },
      reload,
      setBusy,
      finish: () => setDeleting(undefined),
    });

  const articleTitles = new Map<number, string>(
    (articles.data ?? []).map((a) => [a.id, articleTitle(a)]),
  );
  const titleOf = (id: number) =>
    articleTitles.get(id) ?? (articles.data ? t('circuits.articleGone', { id }) : untitledName(id));

  const creating =
    editing !== null && editing.saved === undefined && editing.draft.id === undefined;

  return (
    <div className="circuits-screen">
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
      <h1>{t('circuits.title')}</h1>
      <p className="circuits-intro">{t('circuits.intro')}</p>
      {!creating && (
        <div className="circuits-screen__buttons">
          <button
            ref={newButton}
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => unlessDirty(() => open(undefined))}
          >
            {t('circuits.new')}
          </button>
        </div>
      )}
      {editing && (
        <CircuitForm
          t={t}
          draft={editing.draft}
          setDraft={setDraft}
          savedTitle={editing.saved?.title}
          articles={articles}
          problems={problems}
          busy={busy}
          titleRef={titleRef}
          nameRef={nameRef}
          introRef={introRef}
          searchRef={searchRef}
          stopsRef={stopsRef}
          announce={setAnnouncement}
          onSubmit={() => void save()}
          onCancel={() => {
            const back = editing.saved?.id ?? 'new';
            unlessDirty(() => close(back));
          }}
        />
      )}
      <p className="visually-hidden circuits-announcement" role="status">
        {announcement}
      </p>
      <CircuitList
        t={t}
        load={load}
        titleOf={titleOf}
        busy={busy}
        editButtons={editButtons}
        onEdit={(circuit) => unlessDirty(() => open(circuit))}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title={t('circuits.deleteTitle', { title: deleting.title })}
          cancelLabel={t('circuits.cancel')}
          confirmLabel={t('circuits.delete')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        >
          <p>{t('circuits.deleteText')}</p>
        </ConfirmDialog>
      )}
      {discarding && (
        <ConfirmDialog
          title={t('circuits.discardTitle')}
          cancelLabel={t('circuits.keepEditing')}
          confirmLabel={t('circuits.discard')}
          onConfirm={() => {
            const then = discarding;
            setDiscarding(undefined);
            then();
          }}
          onCancel={() => setDiscarding(undefined)}
        >
          <p>{t('circuits.discardText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The museum's circuits: /circuits. */
export default function CircuitsScreen({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <Circuits lang={lang} />
    </Protected>
  );
}
