import { useSyncExternalStore } from 'react';

/** A media query's answer, kept up to date; `serverValue` during the build and hydration. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** True while `window.innerWidth > width`, re-checked at every resize. */
export function useWindowWiderThan(width: number): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth > width,
    () => false,
  );
}
