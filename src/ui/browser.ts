import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False during the build's render and hydration, true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** A query-string parameter of the page: undefined before hydration, null when absent. */
export function useQueryParam(name: string): string | null | undefined {
  return useSyncExternalStore(
    subscribeNever,
    () => new URLSearchParams(window.location.search).get(name),
    () => undefined,
  );
}
