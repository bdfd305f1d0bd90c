import { useEffect, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { draftHref, liveHref } from './article.ts';
import type { RefObject } from 'react';
import PublishMenu, { type PublishAction, type PublishChoices } from './PublishMenu.tsx';

type Props = {
  t: TFn;
  /** The saved public name, for 'See article live'. */
  name: string;
  dirty: boolean;
  saving: boolean;
  resetting: boolean;
  /** What the publication line says ('Publié depuis le…'); null while it cannot be said. */
  publication: string | null;
  /** When the article leaves the guide ('Quitte le guide le…', ADR 0038), or null. */
  ending: string | null;
  /** A draft is saved beside what visitors read: its preview, 'Unpublished changes'. */
  hasDraft: boolean;
  /** The publishing menu's actions, and whether one is running. */
  choices: PublishChoices;
  publishing: boolean;
  onSave: () => void;
  onSaveDraft: () => void;
  onReset: () => void;
  onPublishing: (action: PublishAction) => void;
  menuRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The editor's actions, kept in reach while scrolling: what is saved and what visitors read,
 * the live page and the draft's preview, reset, the publishing menu, save the draft, publish.
 */
export default function EditorToolbar(props: Props) {
  const { t, name, dirty, saving, resetting, publication, ending, hasDraft } = props;
  const ref = useRef<HTMLDivElement>(null);
  // Toasts (top-right) start below this sticky bar, so that they never cover Save or
  // Reset: its height, which wrapping changes, is given to the CSS (global.css).
  useEffect(() => {
    const bar = ref.current;
    const root = document.documentElement;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--editor-toolbar-height', `${bar.offsetHeight}px`);
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--editor-toolbar-height');
    };
  }, []);
  return (
    <div ref={ref} className="editor-toolbar" role="group" aria-label={t('editor.actions')}>
      <div className="editor-toolbar__states">
        <p
          className={`editor-toolbar__state${dirty ? ' editor-toolbar__state--dirty' : ''}`}
          role="status"
        >
          {dirty ? t('editor.unsaved') : t('editor.upToDate')}
        </p>
        <p className="editor-toolbar__publication">
          {publication}
          {hasDraft && (
            <span className="editor-toolbar__changes">{t('publishing.unpublishedChanges')}</span>
          )}
          {ending && <span className="editor-toolbar__ending">{ending}</span>}
        </p>
      </div>
      <div className="editor-toolbar__links">
        <a className="editor-toolbar__live" href={liveHref(name)} target="_blank" rel="noopener">
          {t('editor.seeLive')}
          <span className="visually-hidden"> {t('editor.newTab')}</span>
        </a>
        {hasDraft && (
          <a className="editor-toolbar__live" href={draftHref(name)} target="_blank" rel="noopener">
            {t('publishing.previewDraft')}
            <span className="visually-hidden"> {t('editor.newTab')}</span>
          </a>
        )}
      </div>
      <div className="editor-toolbar__buttons">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={resetting}
          onClick={props.onReset}
        >
          {t('editor.reset')}
        </button>
        <PublishMenu
          t={t}
          busy={props.publishing || saving}
          choices={props.choices}
          onChoose={props.onPublishing}
          toggleRef={props.menuRef}
        />
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={saving}
          onClick={props.onSaveDraft}
        >
          {t('publishing.saveDraft')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={saving}
          aria-keyshortcuts="Control+S"
          onClick={props.onSave}
        >
          {t('editor.save')}
        </button>
      </div>
    </div>
  );
}
