import { useRef, type ReactNode } from 'react';
import AlertDialog from './AlertDialog.tsx';

type Props = {
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  /** While true, both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/**
 * A confirmation before something irreversible (a reset or a deletion): AlertDialog with Cancel, focused first,
 * and a danger button that confirms.
 */
export default function ConfirmDialog({
  title,
  cancelLabel,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      title={title}
      initialFocus={cancelRef}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button
            ref={cancelRef}
            type="button"
            className="button button--ghost"
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </AlertDialog>
  );
}
