import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { toast } from '../../ui/toast.ts';
import { Announce } from './announce.ts';
import { MAX_ELEMENTS } from './content.ts';
import EditorToolbar from './EditorToolbar.tsx';
import ElementList from './ElementList.tsx';
import { typeLabel } from './labels.ts';
import MetaFields from './MetaFields.tsx';
import PhonePreview from './PhonePreview.tsx';
import ResetDialog from './ResetDialog.tsx';
import { EMPTY_DRAFT, editorReducer, sameDraft } from './state.ts';
import { useArticle } from './useArticle.ts';
import { useLatest } from './useLatest.ts';
import { useResetTranslations } from './useResetTranslations.ts';
import { useSave } from './useSave.ts';
import { useStableT } from './useStableT.ts';
import { useUnsavedGuard } from './useUnsavedGuard.ts';

type Props = { lang: Lang; articleId: number };

/**
 * The article editor (spec 2, 4): the article's fields and elements on the left, the live phone
 * preview on the right; save, reset translations and the live page in a toolbar that stays in
 * reach. Edits stay local until saved; leaving with unsaved edits asks first.
 */
export default function EditorScreen({ lang, articleId }: Props) {
  const t = useStableT(lang);
  const [draft, dispatch] = useReducer(editorReducer, EMPTY_DRAFT);
  const { load, reload, markSaved } = useArticle(t, articleId, dispatch);
  const { save, saving, attempted, takenUrl } = useSave({ t, articleId, reload, markSaved });
  const { reset, resetting } = useResetTranslations({ t, articleId, reload });
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const saved = load.status === 'ready' ? load.saved : null;
  const dirty = useMemo(() => saved !== null && !sameDraft(draft, saved), [draft, saved]);
  useUnsavedGuard(dirty);

  const heading =
    load.status === 'ready'
      ? t('editor.heading', { id: articleId, name: load.article.unformatted_name })
      : null;
  useEffect(() => {
    if (heading) document.title = translate(lang, 'meta.titleTemplate', { page: heading });
  }, [heading, lang]);

  // Ctrl+S (⌘S) saves, as in any editor.
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
        {backLink}
        <h1 className="editor-heading">{heading}</h1>
        <EditorToolbar
          t={t}
          name={load.article.name}
          dirty={dirty}
          saving={saving}
          resetting={resetting}
          onSave={() => void save(draft)}
          onReset={() => setConfirming(true)}
        />
        <div className="editor-layout">
          <div className="editor-main">
            <MetaFields
              t={t}
              title={draft.title}
              instructions={draft.instructions}
              meta={draft.content[0]}
              dispatch={dispatch}
              showTitleError={attempted}
              takenUrl={takenUrl}
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
          <PhonePreview t={t} content={draft.content} />
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {confirming && (
          <ResetDialog
            t={t}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void reset();
            }}
          />
        )}
      </div>
    </Announce.Provider>
  );
}
