// How staff screens load what the server holds: one hook over the typed client, one cache per
// page. Why our own and not TanStack Query: docs/adr/0023-staff-data-loading.md.
import { useCallback, useSyncExternalStore } from 'react';
import { call, type CallResult, type Route } from './api.ts';

/** Why the last load failed: the HTTP status, or 0 when no answer came (network, CORS). */
export type LoadError = { readonly status: number };

/** What a screen shows of one GET: its state, and the answer when there is one. */
export type Loaded<T> = {
  /** 'loading' until the first answer; then how the last load ended. */
  readonly status: 'loading' | 'ready' | 'failed';
  /** The last good answer, kept through a failed reload (a screen may still show it). */
  readonly data: T | undefined;
  /** The last load's failure, a new object each time; undefined once a load succeeds. */
  readonly error: LoadError | undefined;
};

export type ServerData<T> = Loaded<T> & {
  /**
   * Asks again (after a write). A load still in flight is dropped: its answer, older, never
   * replaces this one's. Resolves once this load has ended.
   */
  reload: () => Promise<void>;
  /** Shows `data` as the answer without asking (what a write answered with). */
  replace: (data: T) => void;
};

type Entry = {
  route: Route<void, unknown>;
  snapshot: Loaded<unknown>;
  listeners: Set<() => void>;
  /** The load in flight; aborted when a newer one starts or nobody listens any more. */
  controller: AbortController | null;
  started: boolean;
};

const LOADING: Loaded<never> = { status: 'loading', data: undefined, error: undefined };

/** Every answer of the page, by the call that asked for it; kept while a screen shows it. */
const entries = new Map<string, Entry>();

/** Two routes on one path that read its answer differently are two entries. */
const readers = new WeakMap<object, number>();
let readerCount = 0;
function keyOf(route: Route<void, unknown>): string {
  const reader = route.read ?? route.accepts;
  if (!reader) return route.path;
  let id = readers.get(reader);
  if (id === undefined) {
    id = ++readerCount;
    readers.set(reader, id);
  }
  return `${route.path}#${id}`;
}

/**
 * Logs a success whose body the route could not read (the page and the server disagree). A
 * refusal is not logged here: the server logs its own errors, and the screen shows them.
 */
function reportUnreadable(route: Route<void, unknown>, result: CallResult<unknown>): void {
  if (result.ok) console.error(`GET ${route.path}: unreadable answer`, result.status, result.body);
}

function publish(entry: Entry, snapshot: Loaded<unknown>): void {
  entry.snapshot = snapshot;
  for (const listener of entry.listeners) listener();
}

function load(entry: Entry): Promise<void> {
  entry.started = true;
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  const { route } = entry;
  return call(route, undefined, { signal: controller.signal }).then(
    (result) => {
      if (entry.controller !== controller || controller.signal.aborted) return;
      entry.controller = null;
      if (result.answer !== null) {
        publish(entry, { status: 'ready', data: result.answer, error: undefined });
        return;
      }
      reportUnreadable(route, result);
      publish(entry, { ...entry.snapshot, status: 'failed', error: { status: result.status } });
    },
    (error: unknown) => {
      if (entry.controller !== controller || controller.signal.aborted) return;
      entry.controller = null;
      console.error(`GET ${route.path} failed`, error);
      publish(entry, { ...entry.snapshot, status: 'failed', error: { status: 0 } });
    },
  );
}

function join(key: string, route: Route<void, unknown>, listener: () => void): () => void {
  let entry = entries.get(key);
  if (!entry) {
    entry = { route, snapshot: LOADING, listeners: new Set(), controller: null, started: false };
    entries.set(key, entry);
  }
  const joined = entry;
  joined.listeners.add(listener);
  // A screen joining an entry already asked for shares its answer: one request for all.
  if (!joined.started) void load(joined);
  return () => {
    joined.listeners.delete(listener);
    // Forgotten a moment later, not at once: a screen re-mounted at once (React's strict mode,
    // a key changed back) finds its answer still there.
    setTimeout(() => {
      if (joined.listeners.size > 0 || entries.get(key) !== joined) return;
      joined.controller?.abort();
      entries.delete(key);
    }, 0);
  };
}

async function reloadKey(key: string): Promise<void> {
  const entry = entries.get(key);
  if (entry) await load(entry);
}

function replaceKey(key: string, data: unknown): void {
  const entry = entries.get(key);
  if (!entry) return;
  entry.controller?.abort();
  entry.controller = null;
  publish(entry, { status: 'ready', data, error: undefined });
}

const snapshotOf = (key: string | null): Loaded<unknown> =>
  (key && entries.get(key)?.snapshot) || LOADING;

/** The store under useServerData, by route, for what is not a component (and tests). */
export const serverStore = {
  /** Listens to a route's answer, asking for it unless it is asked for already. */
  join: (route: Route<void, unknown>, listener: () => void): (() => void) =>
    join(keyOf(route), route, listener),
  get: <T>(route: Route<void, T>): Loaded<T> => snapshotOf(keyOf(route)) as Loaded<T>,
  reload: (route: Route<void, unknown>): Promise<void> => reloadKey(keyOf(route)),
  replace: <T>(route: Route<void, T>, data: T): void => replaceKey(keyOf(route), data),
};

const noSubscription = () => () => {};

/**
 * Refused for want of a session, with nothing to show: the screen shows nothing, Protected
 * sends the visitor to sign-in.
 */
export const isSignedOut = (loaded: Loaded<unknown>): boolean =>
  loaded.data === undefined && loaded.error?.status === 401;

/**
 * The answer of a GET route, loaded when a component first shows it and shared by every
 * component of the page that asks for the same route. `null`: nothing to ask yet. A new
 * `round` asks again from 'loading' (where `reload` keeps the answer shown meanwhile).
 */
export function useServerData<T>(route: Route<void, T> | null, round = 0): ServerData<T> {
  const key = route && `${keyOf(route)}@${round}`;
  const subscribe = useCallback(
    (listener: () => void) => (route && key ? join(key, route, listener) : noSubscription()),
    // The key names the call: a route rebuilt with the same path and reader is the same call.
    [key],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => snapshotOf(key),
    () => LOADING,
  ) as Loaded<T>;
  const reload = useCallback(() => (key ? reloadKey(key) : Promise.resolve()), [key]);
  const replace = useCallback((data: T) => key && replaceKey(key, data), [key]);
  return { ...snapshot, reload, replace };
}

/** One load outside a screen's lifetime (a chart asked for on demand): the answer or its failure. */
export async function fetchData<T>(
  route: Route<void, T>,
  signal?: AbortSignal,
): Promise<{ data: T; error?: undefined } | { data?: undefined; error: LoadError }> {
  try {
    const result = await call(route, undefined, signal && { signal });
    if (result.answer !== null) return { data: result.answer };
    reportUnreadable(route, result);
    return { error: { status: result.status } };
  } catch (error) {
    if (!signal?.aborted) console.error(`GET ${route.path} failed`, error);
    return { error: { status: 0 } };
  }
}
