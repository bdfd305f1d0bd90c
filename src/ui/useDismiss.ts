import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape' | 'pageshow';

/**
 * While `open`, calls `close` on a pointer press outside `ref`, on Escape, and when the page
 * is shown again from the back-forward cache (a route change, for separate documents).
 */
export function useDismiss(
  open: boolean,
  ref: RefObject<HTMLElement | null>,
  close: (reason: DismissReason) => void,
): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) closeRef.current('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current('escape');
    };
    const onPageShow = () => closeRef.current('pageshow');
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [open, ref]);
}
