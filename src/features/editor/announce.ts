import { createContext } from 'react';

/**
 * Says something to screen readers through the editor's polite status line (an element added,
 * moved, deleted). The function is stable, so memoised cards can use it without re-rendering.
 */
export const Announce = createContext<(message: string) => void>(() => {});

/** Runs after React has committed the current update (for focus moves). */
export function afterRender(run: () => void): void {
  setTimeout(run, 0);
}
