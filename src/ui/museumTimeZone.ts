// The museum's time zone (its settings), for screens that show or take times on its clocks.
import { getRoute } from './api.ts';
import { useServerData } from './server-state.ts';

const zoneRoute = getRoute<{ timeZone: string }>(
  '/api/read/settings',
  (body) => typeof (body as { timeZone?: unknown } | null)?.timeZone === 'string',
);

/** The museum's IANA time zone ('Europe/Paris'), or null until it is known. */
export function useMuseumTimeZone(): string | null {
  return useServerData(zoneRoute).data?.timeZone ?? null;
}
