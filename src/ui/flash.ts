// Toasts that must survive a navigation: stored in sessionStorage, shown by <Toasts> on the next page.

export type FlashKind = 'success' | 'error' | 'info' | 'warning';
export type Flash = { kind: FlashKind; message: string };

const KEY = 'legenda.flash';

function read(): Flash[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Flash[]) : [];
  } catch {
    return [];
  }
}

/** Queue a toast for the next page; call just before navigating. */
export function flash(kind: FlashKind, message: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...read(), { kind, message }]));
  } catch (error) {
    console.warn('Could not store a notification for the next page', error);
  }
}

/** Pending flashes, removed from storage. */
export function takeFlashes(): Flash[] {
  const flashes = read();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  return flashes.filter(
    (f) =>
      typeof f?.message === 'string' && ['success', 'error', 'info', 'warning'].includes(f.kind),
  );
}
