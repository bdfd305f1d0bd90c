/**
 * Stable React keys for content elements and accordion details, which carry no id of their own.
 * A key belongs to an element object; the reducer hands it on when it replaces an element by an
 * updated copy, so a card keeps its key (and its focus, its upload in flight) when it is edited
 * or moved. The table is weak: keys of elements no longer held anywhere go with them.
 */

const keys = new WeakMap<object, number>();
let last = 0;

/** The element's key, made on first request. */
export function keyOf(element: object): number {
  let key = keys.get(element);
  if (key === undefined) {
    key = ++last;
    keys.set(element, key);
  }
  return key;
}

/** `next` replaces `previous`: it takes its key. Returns `next`. */
export function inheritKey<T extends object>(next: T, previous: object): T {
  keys.set(next, keyOf(previous));
  return next;
}
