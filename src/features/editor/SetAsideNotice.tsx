import { useEffect, useId, useRef } from 'react';
import type { TFn } from '../../i18n/react.ts';

type Props = {
  t: TFn;
  /** Puts the curator's changes back in the editor, in place of what it shows. */
  onRestore: () => void;
  /** Forgets them. */
  onDiscard: () => void;
};

/**
 * Shown after the curator chose to load the version someone else saved: their own changes were
 * set aside, not thrown away, and come back with one click until they discard them.
 */
export default function SetAsideNotice({ t, onRestore, onDiscard }: Props) {
  const restoreRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  // Keyboard users land here once the dialog closes.
  useEffect(() => restoreRef.current?.focus(), []);

  return (
    <div className="editor-notice" role="group" aria-labelledby={textId}>
      <p id={textId} className="editor-notice__text">
        {t('editor.setAside')}
      </p>
      <div className="editor-notice__actions">
        <button
          ref={restoreRef}
          type="button"
          className="button button--primary button--small"
          onClick={onRestore}
        >
          {t('editor.restoreMine')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDiscard}>
          {t('editor.discardMine')}
        </button>
      </div>
    </div>
  );
}
