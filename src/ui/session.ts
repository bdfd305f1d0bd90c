// One session store per page, shared by every island (they share this module in Vite's bundle).
import { useEffect, useSyncExternalStore } from 'react';
import { call, getRoute } from './api.ts';

export type SessionStatus = 'unknown' | 'in' | 'out';
export type SessionState = {
  status: SessionStatus;
  email?: string;
  museum?: string;
  /** Set when the user just logged out here: the logout handler decides where to go next. */
  loggedOutHere?: boolean;
};

const sessionRoute = getRoute<{ email?: unknown; museum?: unknown }>('/session');

const UNKNOWN: SessionState = { status: 'unknown' };
let state: SessionState = UNKNOWN;
let pending: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** GET /session once per page; every caller shares the same promise. */
export function ensureSession(): Promise<SessionState> {
  if (state.status !== 'unknown') return Promise.resolve(state);
  pending ??= call(sessionRoute)
    .then(({ status, answer: body }) => {
      if (status === 200 && typeof body?.email === 'string' && body.email) {
        const next: SessionState = { status: 'in', email: body.email };
        if (typeof body.museum === 'string') next.museum = body.museum;
        return next;
      }
      return { status: 'out' } as SessionState;
    })
    .catch((error: unknown) => {
      console.error('Session check failed', error);
      return { status: 'out' } as SessionState;
    })
    .then((next) => {
      // A login or logout that finished meanwhile wins over the older answer.
      if (state.status === 'unknown') set(next);
      return state;
    });
  return pending;
}

export function setLoggedIn(email: string, museum?: string): void {
  pending = null;
  set(museum === undefined ? { status: 'in', email } : { status: 'in', email, museum });
}

export function setLoggedOut(): void {
  pending = null;
  set({ status: 'out', loggedOutHere: true });
}

/** Forget what we know and ask again (a page restored from the back-forward cache). */
export function refreshSession(): Promise<SessionState> {
  pending = null;
  set(UNKNOWN);
  return ensureSession();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void refreshSession();
  });
}

const serverSnapshot = (): SessionState => UNKNOWN;

/** The session state, re-rendering on change; starts the check on mount. */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribeSession, getSession, serverSnapshot);
  useEffect(() => {
    void ensureSession();
  }, []);
  return session;
}
