import { readRoute } from '../../ui/api.ts';
import { useServerData } from '../../ui/server-state.ts';

/** GET /api/read/settings, of which only the languages offered: null for all of them. */
const offeredRoute = readRoute('/api/read/settings', (body) => {
  if (typeof body !== 'object' || body === null) return null;
  const list = (body as { visitorLanguages?: unknown }).visitorLanguages;
  return {
    offered: Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : null,
  };
});

/**
 * The languages the museum's visitors may choose (its settings), null for all of them or
 * while unknown: Translate now lists only those, the table marks the others it still shows.
 */
export default function useOfferedLanguages(): readonly string[] | null {
  return useServerData(offeredRoute).data?.offered ?? null;
}
