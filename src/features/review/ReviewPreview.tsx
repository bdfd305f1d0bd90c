import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { showText } from './preview-text.ts';

/** From this width the preview sits beside the texts, open; below, it opens on demand. */
const WIDE = '(min-width: 1100px)';

/** Whether the preview sits beside the texts (a wide screen), kept up to date. */
export function useWidePreview(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * The text the preview shows, by its wordings (the first the page shows wins); a new object at
 * each ask, so asking again for the same text brings it back into view.
 */
export type PreviewTarget = { texts: readonly string[] };

type Props = {
  t: TFn;
  name: string;
  lang: string;
  /** Raised after each change: the page is loaded again. */
  version: number;
  /** Beside the texts (wide), or on demand in a dialog (a phone, a tablet). */
  wide: boolean;
  /** The text being edited (wide) or asked for (the dialog opens on it); null: none. */
  target: PreviewTarget | null;
  /** The dialog closed (Escape or its button). */
  onClose: () => void;
};

/**
 * The visitor page in the language being checked, as a phone shows it: the real page, a staff
 * preview that counts nothing, loaded again after each change (`version`), at the text being
 * edited. Beside the texts on a wide screen; below that, a dialog opened from a text's own button,
 * so the preview is never after all the texts.
 */
export default function ReviewPreview(props: Props) {
  const { t, name, lang, version, wide, target } = props;
  const id = useId();
  const [open, setOpen] = useState(true);
  const src = `/article?name=${encodeURIComponent(name)}&lang=${encodeURIComponent(lang)}&ignoreStats=true`;
  const frame = (
    <PreviewFrame key={version} title={t('review.previewFrame')} src={src} target={target} />
  );
  if (!wide) {
    return target ? (
      <PreviewDialog t={t} onClose={props.onClose}>
        {frame}
      </PreviewDialog>
    ) : null;
  }
  return (
    <aside className="review-preview" aria-labelledby={`${id}-title`}>
      <div className="review-preview__head">
        <h2 id={`${id}-title`}>{t('review.preview')}</h2>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={open}
          aria-controls={`${id}-frame`}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? t('review.hidePreview') : t('review.showPreview')}
        </button>
      </div>
      <div id={`${id}-frame`} className="review-preview__phone" hidden={!open}>
        {open && frame}
      </div>
    </aside>
  );
}

/**
 * The page in a frame, scrolled to the target once loaded and whenever the target changes. Not
 * sandboxed: it is this site's own visitor page under its own strict policy (scripts from this
 * site only), the page 'See this page' opens in a tab; a sandbox without scripts logged a
 * blocked script at every load and showed the players meant for phones without JavaScript.
 */
function PreviewFrame(props: { title: string; src: string; target: PreviewTarget | null }) {
  const { title, src, target } = props;
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
    const doc = frame.current?.contentDocument;
    if (target && doc?.readyState === 'complete') showText(doc, target.texts);
  }, [target]);
  return (
    <iframe
      ref={frame}
      title={title}
      src={src}
      onLoad={() => {
        const doc = frame.current?.contentDocument;
        if (doc && latest.current) showText(doc, latest.current.texts);
      }}
    />
  );
}

/** The preview on demand: a modal dialog, closed by Escape or its button. */
function PreviewDialog(props: { t: TFn; onClose: () => void; children: ReactNode }) {
  const { t, onClose, children } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    // Closed, the focus goes back to the text's button that opened it.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    close.current?.focus();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="review-phone-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="review-preview__head">
        <h2 id={titleId}>{t('review.preview')}</h2>
        <button
          ref={close}
          type="button"
          className="button button--ghost button--small"
          onClick={onClose}
        >
          {t('reviewPhone.close')}
        </button>
      </div>
      <div className="review-preview__phone">{children}</div>
    </dialog>
  );
}
