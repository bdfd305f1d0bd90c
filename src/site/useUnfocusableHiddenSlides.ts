import { useEffect, type RefObject } from 'react';

const SLIDE = '.react-multi-carousel-item';

/** Keeps the slides' buttons out of the tab order while their slide is aria-hidden. */
function sync(root: HTMLElement): void {
  for (const slide of root.querySelectorAll<HTMLElement>(SLIDE)) {
    const hidden = slide.getAttribute('aria-hidden') === 'true';
    for (const button of slide.querySelectorAll<HTMLElement>('button')) {
      if (hidden) button.setAttribute('tabindex', '-1');
      else button.removeAttribute('tabindex');
    }
  }
}

/**
 * react-multi-carousel marks the slides out of view (and its infinite mode's clones) with
 * aria-hidden="true" but leaves what they hold focusable: a keyboard user would land on
 * invisible buttons, and axe reports aria-hidden-focus. A mouse click on a half-shown slide
 * (centre mode) still opens it. The slides' buttons never get a tabIndex prop, so React never
 * writes over what this sets.
 */
export function useUnfocusableHiddenSlides(
  rootRef: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!active || !root) return;
    sync(root);
    const observer = new MutationObserver(() => sync(root));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
    });
    return () => observer.disconnect();
  }, [rootRef, active]);
}
