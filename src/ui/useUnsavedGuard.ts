import { useEffect } from 'react';

/**
 * While `dirty`, leaving the page (a link, a reload, closing the tab) asks the browser's own
 * confirmation first: edits stay in the page until saved, and are lost otherwise.
 */
export function useUnsavedGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers (Safari before 17) show the prompt only when returnValue is set.
      (event as { returnValue: unknown }).returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
