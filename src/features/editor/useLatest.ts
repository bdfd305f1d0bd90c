import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest value given: for async work (an upload) that must call the
 * callback of the latest render, e.g. with the element's position after it was moved meanwhile.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
