import { numberedName } from '../articles/label.ts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { t as translate } from '../../i18n/index.ts';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { toast } from '../../ui/toast.ts';
import { useUnsavedGuard } from '../../ui/useUnsavedGuard.ts';
import { afterRender, Announce } from './announce.ts';
import ConflictDialog from './ConflictDialog.tsx';
import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import EditorToolbar from './EditorToolbar.tsx';
import EditorViewSwitch, { panelId, tabId } from './EditorViewSwitch.tsx';
import ElementList from './ElementList.tsx';
import History from './History.tsx';
import { typeLabel } from './labels.ts';
import MetaFields from './MetaFields.tsx';
import PhonePreview from './PhonePreview.tsx';
import ResetDialog from './ResetDialog.tsx';
import SetAsideNotice from './SetAsideNotice.tsx';
import { EMPTY_DRAFT, editorReducer, sameDraft, type Draft } from './state.ts';
import { useArticle } from './useArticle.ts';
import { useEditorView } from './useEditorView.ts';
import { useLatest } from './useLatest.ts';
import { usePublishingControls } from './usePublishingControls.tsx';
import { useResetTranslations } from './useResetTranslations.ts';
import { useSave } from './useSave.ts';
import { useStableT } from './useStableT.ts';

type Props = { lang: Lang; articleId: number };

/**
 * The article editor: the article's fields and elements on the left, the live phone
 * preview on the right; publish, save the draft (the editor opens a saved draft), the publishing
 * menu, reset translations and the live page in a toolbar that stays in reach. Edits stay local
 * until saved; leaving with unsaved edits asks first. Ctrl+S publishes, as Save did before drafts. A save over
 * someone else's newer one is refused: the conflict dialog offers their version (the curator's
 * changes set aside, to bring back with one click) or saving over it. Where the two columns
 * stack (a phone), Edit | Preview tabs show one at a time.
 */
export default function EditorScreen({ lang, articleId }: Props) {
  const t = useStableT(lang);
  const [draft, dispatch] = useReducer(editorReducer, EMPTY_DRAFT);
  const { load, reload, markSaved, baseRevision } = useArticle(t, articleId, dispatch);
  // A phone: the form or the preview, chosen with the Edit | Preview tabs.
  const { stacked, view, formOff, switchRef, formRef, previewRef, chooseView, showForm } =
    useEditorView();
  const { save, saving, attempted, takenUrl, takenStop, conflict, overwrite, dismissConflict } =
    useSave({
      t,
      articleId,
      reload,
      markSaved,
      baseRevision,
      // A refused save takes the curator to the field: the form must be shown for it.
      showForm,
    });
  const { reset, resetting } = useResetTranslations({ t, articleId, reload });
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const saved = load.status === 'ready' ? load.saved : null;
  const dirty = useMemo(() => saved !== null && !sameDraft(draft, saved), [draft, saved]);
  /** The curator's changes, set aside when they loaded the version saved meanwhile. */
  const [setAside, setSetAside] = useState<Draft | null>(null);
  // Set-aside changes are unsaved work too: leaving asks first.
  useUnsavedGuard(dirty || setAside !== null);
  const publishing = usePublishingControls({
    t,
    lang,
    articleId,
    load,
    reload,
    baseRevision,
    dirty,
    saveDraft: () => save(draft, 'draft'),
  });

  const heading =
    load.status === 'ready'
      ? numberedName({ id: articleId, title: load.article.unformatted_name }, (name) =>
          t('editor.heading', { id: articleId, name }),
        )
      : null;
  useEffect(() => {
    if (heading) document.title = translate(lang, 'meta.titleTemplate', { page: heading });
  }, [heading, lang]);

  // Ctrl+S (⌘S) saves, as in any editor: Publish, the primary action (as before drafts).
  const saveNow = useLatest(() => void save(draft));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveNow.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow]);

  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const full = draft.content.length - 1 >= MAX_ELEMENTS;
  const addAtTop = useCallback(
    (blockType: string) => {
      if (full) {
        toast.error(t('editor.tooManyElements', { max: MAX_ELEMENTS }));
        return;
      }
      dispatch({ type: 'add', after: 0, blockType });
      announce(t('editor.added', { n: 1, type: typeLabel(t, blockType) }));
    },
    [announce, full, t],
  );

  /** The conflict's 'load the other version': the draft is replaced, the curator's kept aside. */
  const loadOther = async () => {
    const mine = draft;
    dismissConflict();
    // When the load fails (its toast says so), the draft is left as it was.
    // The notice takes the focus; its text names it.
    if (await reload()) setSetAside(mine);
  };

  const closeNotice = () => {
    setSetAside(null);
    // The notice and its focused button go: the focus goes back to the top.
    afterRender(() => headingRef.current?.focus());
  };

  if (load.status === 'signedOut') return null;
  const backLink = (
    <a className="back-link" href={localePath(lang, '/articles')}>
      {t('editor.backToArticles')}
    </a>
  );
  if (load.status === 'loading') {
    return (
      <>
        {backLink}
        <p className="status-line" role="status">
          {t('common.loading')}
        </p>
      </>
    );
  }
  if (load.status !== 'ready') {
    const missing = load.status === 'notFound';
    return (
      <>
        {backLink}
        <h1>{missing ? t('editor.notFound') : t('editor.title')}</h1>
        <p>{missing ? t('editor.notFoundText') : t('editor.loadFailed')}</p>
      </>
    );
  }

  return (
    <Announce.Provider value={announce}>
      <div className="article-editor">
        <div className="editor-links">
          {backLink}
          <a
            className="editor-links__translations"
            href={`${localePath(lang, '/translations')}?articleId=${articleId}`}
          >
            {t('review.editorLink')}
          </a>
          <History
            t={t}
            lang={lang}
            articleId={articleId}
            name={load.article.name}
            current={draft}
            dirty={dirty}
            baseRevision={baseRevision}
            reload={reload}
          />
        </div>
        <h1 ref={headingRef} className="editor-heading" tabIndex={-1}>
          {heading}
        </h1>
        <EditorToolbar
          t={t}
          name={load.article.name}
          dirty={dirty}
          saving={saving}
          resetting={resetting}
          onSave={() => void save(draft)}
          onSaveDraft={() => void save(draft, 'draft')}
          onReset={() => setConfirming(true)}
          {...publishing.toolbar}
        />
        {publishing.notice}
        {setAside && (
          <SetAsideNotice
            t={t}
            onRestore={() => {
              dispatch({ type: 'load', draft: setAside });
              closeNotice();
              announce(t('editor.restored'));
            }}
            onDiscard={closeNotice}
          />
        )}
        {stacked && <EditorViewSwitch ref={switchRef} t={t} view={view} onChoose={chooseView} />}
        <div className="editor-layout">
          <div
            ref={formRef}
            className={`editor-main${formOff ? ' editor-panel--off' : ''}`}
            inert={formOff}
            {...(stacked && {
              id: panelId('edit'),
              role: 'tabpanel',
              'aria-labelledby': tabId('edit'),
            })}
          >
            <MetaFields
              t={t}
              title={draft.title}
              instructions={draft.instructions}
              meta={draft.content[0]}
              dispatch={dispatch}
              showTitleError={attempted}
              takenUrl={takenUrl}
              takenStop={takenStop}
              onAddAtTop={addAtTop}
            />
            <ElementList
              t={t}
              content={draft.content}
              dispatch={dispatch}
              articleId={articleId}
              onAddAtTop={addAtTop}
            />
          </div>
          <PhonePreview
            ref={previewRef}
            t={t}
            content={draft.content}
            tab={stacked ? { shown: view === 'preview' } : null}
          />
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {confirming && (
          <ResetDialog
            t={t}
            onCancel={() => setConfirming(false)}
            onConfirm={(includeReviewed) => {
              setConfirming(false);
              void reset(includeReviewed);
            }}
          />
        )}
        {publishing.dialogs}
        {conflict && (
          <ConflictDialog
            t={t}
            onKeep={dismissConflict}
            onReload={() => void loadOther()}
            onOverwrite={() => void overwrite(draft)}
          />
        )}
      </div>
    </Announce.Provider>
  );
}
