import { useEffect, useState } from 'react';
import { api } from '../../ui/api.ts';

/**
 * The languages the museum's visitors may choose (its settings), null for all of them or
 * while unknown: Translate now lists only those, the table marks the others it still shows.
 */
export default function useOfferedLanguages(): readonly string[] | null {
  const [offered, setOffered] = useState<readonly string[] | null>(null);
  useEffect(() => {
    let live = true;
    void api<{ visitorLanguages?: unknown }>('/api/read/settings')
      .then((result) => {
        const list = result.ok ? result.body?.visitorLanguages : undefined;
        if (live && Array.isArray(list)) setOffered(list.filter((c) => typeof c === 'string'));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return offered;
}
