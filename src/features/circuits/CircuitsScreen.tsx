import { useCallback, useEffect, useRef, useState } from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import Protected from '../../ui/Protected.tsx';
import { toast } from '../../ui/toast.ts';
import { articleTitle, type ArticlesLoad } from './ArticleAdder.tsx';
import { articlesRoute, circuitsRoute, deleteCircuit, saveCircuit } from './calls.ts';
import CircuitForm from './CircuitForm.tsx';
import {
  checkDraft,
  circuitHref,
  draftOf,
  EMPTY_DRAFT,
  firstProblem,
  hasProblems,
  isDirty,
  NO_PROBLEMS,
  serverProblems,
  type ArticleOption,
  type Draft,
  type Problems,
} from './draft.ts';
import type { CircuitDocument } from './schema.ts';

type Load =
  { status: 'loading' } | { status: 'ready'; circuits: CircuitDocument[] } | { status: 'failed' };

/** The form, open on a new circuit (no `saved`) or on one of the list. */
type Editing = { draft: Draft; saved: CircuitDocument | undefined };

/** Stops named in a line of the list before '… and N more'. */
const STOPS_SHOWN = 6;

async function fetchCircuits(): Promise<Load> {
  try {
    const result = await call(circuitsRoute);
    if (result.answer) return { status: 'ready', circuits: result.answer };
    console.error('Loading the circuits failed', result.status, result.body);
  } catch (error) {
    console.error('Loading the circuits failed', error);
  }
  return { status: 'failed' };
}

async function fetchArticles(): Promise<ArticlesLoad> {
  try {
    const result = await call(articlesRoute);
    if (result.answer) return { status: 'ready', articles: result.answer };
    console.error('Loading the articles failed', result.status, result.body);
  } catch (error) {
    console.error('Loading the articles failed', error);
  }
  return { status: 'failed' };
}

/** GET /api/read/circuits, reloaded after every write; a failed reload keeps the list shown. */
function useCircuits() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    const next = await fetchCircuits();
    if (mine !== seq.current) return;
    setLoad((previous) =>
      next.status === 'failed' && previous.status === 'ready' ? previous : next,
    );
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { load, reload };
}

/** GET /api/read/articles: the stops' titles and the adder's choices. */
function useArticles() {
  const [load, setLoad] = useState<ArticlesLoad>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void fetchArticles().then((next) => {
      if (live) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return load;
}

function CircuitItem(props: {
  t: TFn;
  circuit: CircuitDocument;
  titleOf: (id: number) => string;
  busy: boolean;
  editRef: (element: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, circuit, titleOf, busy, editRef, onEdit, onDelete } = props;
  const count = circuit.articleIds.length;
  const shown = circuit.articleIds.slice(0, STOPS_SHOWN);
  return (
    <li className="circuit-item">
      <div className="circuit-item__text">
        <h3 className="circuit-item__title">{circuit.title}</h3>
        <p className="circuit-item__meta">
          <span className="circuit-item__name">/circuit?name={circuit.name}</span>
          <span className="circuit-item__count">
            {count === 0
              ? t('circuits.stopsNone')
              : count === 1
                ? t('circuits.stopsOne')
                : t('circuits.stopsMany', { count })}
          </span>
        </p>
        {count > 0 && (
          <ol
            className="circuit-item__stops"
            aria-label={t('circuits.stopsOf', { title: circuit.title })}
          >
            {shown.map((id) => (
              <li key={id}>{titleOf(id)}</li>
            ))}
            {count > shown.length && (
              <li className="circuit-item__more">
                {t('circuits.more', { count: count - shown.length })}
              </li>
            )}
          </ol>
        )}
      </div>
      <div className="circuit-item__actions">
        <a
          className="button button--ghost button--small"
          href={circuitHref(circuit.name)}
          target="_blank"
          rel="noopener"
          aria-label={t('circuits.openCircuit', { title: circuit.title })}
        >
          {t('circuits.open')}
          <span className="visually-hidden"> {t('editor.newTab')}</span>
        </a>
        <button
          ref={editRef}
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('circuits.editCircuit', { title: circuit.title })}
          onClick={onEdit}
        >
          {t('circuits.edit')}
        </button>
        <button
          type="button"
          className="button button--quiet-danger button--small"
          disabled={busy}
          aria-label={t('circuits.deleteCircuit', { title: circuit.title })}
          onClick={onDelete}
        >
          {t('circuits.delete')}
        </button>
      </div>
    </li>
  );
}

function Circuits({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const { load, reload } = useCircuits();
  const articles = useArticles();
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
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

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

  const circuits = load.status === 'ready' ? load.circuits : [];

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
    const before = editing.draft;
    setEditing({ ...editing, draft });
    if (!hasProblems(problems)) return;
    // A field's message goes once the curator changes that field.
    const stop = Object.fromEntries(
      Object.entries(problems.stop).filter(([id]) => draft.articleIds.includes(Number(id))),
    );
    setProblems({
      title: draft.title === before.title ? problems.title : undefined,
      name: draft.name === before.name ? problems.name : undefined,
      intro: draft.intro === before.intro ? problems.intro : undefined,
      stops: draft.articleIds.length === before.articleIds.length ? problems.stops : undefined,
      stop,
      form: problems.form,
    });
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

  const remove = async (circuit: CircuitDocument) => {
    setBusy(true);
    try {
      const result = await call(deleteCircuit, { id: circuit.id });
      if (!result.ok) toast.error(apiErrorMessage(t, result));
      else {
        toast.success(t('circuits.deleted', { title: circuit.title }));
        if (editing?.saved?.id === circuit.id) setEditing(null);
        pendingFocus.current = 'new';
      }
      await reload();
    } catch {
      toast.error(t('common.networkError'));
    } finally {
      setBusy(false);
      setDeleting(undefined);
    }
  };

  const articleTitles = new Map<number, string>(
    articles.status === 'ready'
      ? articles.articles.map((a: ArticleOption) => [a.id, articleTitle(t, a)])
      : [],
  );
  const titleOf = (id: number) =>
    articleTitles.get(id) ??
    (articles.status === 'ready' ? t('circuits.articleGone', { id }) : t('tree.untitled', { id }));

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
      <section className="circuits-list" aria-labelledby="circuits-list-title">
        <h2 id="circuits-list-title">{t('circuits.listTitle')}</h2>
        {load.status === 'loading' && (
          <p className="status-line" role="status">
            {t('circuits.loading')}
          </p>
        )}
        {load.status === 'failed' && (
          <p className="muted" role="alert">
            {t('circuits.loadFailed')}
          </p>
        )}
        {load.status === 'ready' && circuits.length === 0 && (
          <p className="muted">{t('circuits.empty')}</p>
        )}
        {circuits.length > 0 && (
          <ul className="circuit-items" aria-label={t('circuits.listLabel')}>
            {circuits.map((circuit) => (
              <CircuitItem
                key={circuit.id}
                t={t}
                circuit={circuit}
                titleOf={titleOf}
                busy={busy}
                editRef={(element) => {
                  if (element) editButtons.current.set(circuit.id, element);
                  else editButtons.current.delete(circuit.id);
                }}
                onEdit={() => unlessDirty(() => open(circuit))}
                onDelete={() => setDeleting(circuit)}
              />
            ))}
          </ul>
        )}
      </section>
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

/** The museum's circuits (issue 19, part 2): /circuits. */
export default function CircuitsScreen({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <Circuits lang={lang} />
    </Protected>
  );
}
