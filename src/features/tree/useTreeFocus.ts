import { useCallback, useEffect, useRef } from 'react';

/** Where focus goes after a render: a line's link (by item id) or the heading. */
export type FocusTarget = number | 'heading';

/**
 * Focus on the articles screen across its re-renders: a write asks for the line it changed (or
 * the heading, when the line went away) and gets it as soon as that element is rendered, even
 * when the tree is reloaded in between.
 */
export function useTreeFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const pending = useRef<FocusTarget | null>(null);

  // After every render: the element asked for may have just appeared.
  useEffect(() => {
    const target = pending.current;
    if (target === null) return;
    const element = target === 'heading' ? headingRef.current : links.current.get(target);
    if (element) {
      element.focus();
      pending.current = null;
    }
  });

  const focusLater = useCallback((target: FocusTarget) => {
    pending.current = target;
  }, []);

  /** The ref callback of line `id`'s link. */
  const linkRef = useCallback(
    (id: number) => (element: HTMLAnchorElement | null) => {
      if (element) links.current.set(id, element);
      else links.current.delete(id);
    },
    [],
  );

  return { headingRef, linkRef, focusLater };
}
