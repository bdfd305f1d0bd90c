import { api } from '../../ui/api.ts';
import type { MuseumSettings } from './schema.ts';

export type Load =
  | { status: 'loading' }
  | { status: 'ready'; settings: MuseumSettings }
  | { status: 'failed' }
  /** 401: nothing to show; Protected sends a logged-out visitor to sign-in. */
  | { status: 'signedOut' };

export function isSettings(body: unknown): body is MuseumSettings {
  const s = body as Partial<MuseumSettings> | null;
  return (
    typeof s?.museum === 'string' &&
    typeof s.sourceLanguage === 'string' &&
    typeof s.timeZone === 'string'
  );
}

export async function fetchSettings(): Promise<Load> {
  try {
    const result = await api<unknown>('/api/read/settings');
    if (result.status === 401) return { status: 'signedOut' };
    if (result.ok && isSettings(result.body)) return { status: 'ready', settings: result.body };
    console.error('Loading the settings failed', result.status, result.body);
  } catch (error) {
    console.error('Loading the settings failed', error);
  }
  return { status: 'failed' };
}
