import { useEffect, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { liveHref } from './article.ts';

type Props = {
  t: TFn;
  /** The saved public name, for 'See article live'. */
  name: string;
  dirty: boolean;
  saving: boolean;
  resetting: boolean;
  onSave: () => void;
  onReset: () => void;
};

/** The editor's actions, kept in reach while scrolling: state, live page, reset, save. */
export default function EditorToolbar({
  t,
  name,
  dirty,
  saving,
  resetting,
  onSave,
  onReset,
}: Props) {
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
      <p
        className={`editor-toolbar__state${dirty ? ' editor-toolbar__state--dirty' : ''}`}
        role="status"
      >
        {dirty ? t('editor.unsaved') : t('editor.upToDate')}
      </p>
      <a className="editor-toolbar__live" href={liveHref(name)} target="_blank" rel="noopener">
        {t('editor.seeLive')}
        <span className="visually-hidden"> {t('editor.newTab')}</span>
      </a>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={resetting}
        onClick={onReset}
      >
        {t('editor.reset')}
      </button>
      <button
        type="button"
        className="button button--primary button--small"
        disabled={saving}
        onClick={onSave}
      >
        {t('editor.save')}
      </button>
    </div>
  );
}
