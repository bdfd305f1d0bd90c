import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

type Props = {
  title: ReactNode;
  /** The text the dialog is described by. */
  children: ReactNode;
  /** Its buttons; the one in `initialFocus` gets the focus when it opens. */
  actions: ReactNode;
  initialFocus: RefObject<HTMLElement | null>;
  /** Escape; the dialog is closed by its owner, so React's state and the element agree. */
  onCancel: () => void;
  className?: string;
};

/**
 * The house confirmation: a modal `alertdialog` opened on mount and closed on unmount, named by
 * its title, described by its text, one button focused first (usually the safe one).
 */
export default function AlertDialog({
  title,
  children,
  actions,
  initialFocus,
  onCancel,
  className = 'dialog',
}: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    initialFocus.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
    // Opened once: the focus goes to the first choice at opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={className}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={textId}>{children}</div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
