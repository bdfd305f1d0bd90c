import { useEffect, useRef } from 'react';

/**
 * A ref for a <dialog> shown as modal for as long as the component is mounted (the page behind
 * inert, Escape closes it), and closed when it goes.
 */
export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);
  return dialogRef;
}
