import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { toast } from '../../ui/toast.ts';
import HistoryPanel from './HistoryPanel.tsx';
import type { Draft } from './state.ts';

type Props = {
  t: TFn;
  lang: Lang;
  articleId: number;
  /** The article's public url. */
  name: string;
  /** The editor's text as it is now, to compare a version with. */
  current: Draft;
  /** Unsaved edits: a restore replaces them, so its confirmation says so. */
  dirty: boolean;
  baseRevision: () => number | null;
  /** Loads the article again, replacing the editor's text (useArticle's reload). */
  reload: () => Promise<boolean>;
};

/**
 * The editor's 'History' button and the panel it opens: every kept version
 * (docs/adr/0028-drafts-and-revisions.md), one compared with the editor's text and restored as
 * the draft. After a restore the editor loads the article as it loads it at first, so it shows
 * the restored version as its draft; visitors keep reading what was published.
 */
export default function History({
  t,
  lang,
  articleId,
  name,
  current,
  dirty,
  baseRevision,
  reload,
}: Props) {
  // Each opening is a new round: the list is asked for again, never an old one shown.
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
  };
  // Once the dialog is gone (the page behind it is inert until then), back to the button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);
  const restored = async () => {
    close();
    if (await reload()) toast.success(t('history.restored'));
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost button--small editor-links__history"
        aria-haspopup="dialog"
        onClick={() => {
          setRound((previous) => previous + 1);
          setOpen(true);
        }}
      >
        {t('history.open')}
      </button>
      {open && (
        <HistoryPanel
          t={t}
          lang={lang}
          articleId={articleId}
          name={name}
          current={current}
          dirty={dirty}
          round={round}
          baseRevision={baseRevision}
          onRestored={restored}
          onClose={close}
        />
      )}
    </>
  );
}
