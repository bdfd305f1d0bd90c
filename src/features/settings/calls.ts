// The settings screen's API calls, their answers checked before use. The languages go as the
// form holds them (codes as text): the server checks them against its list.
import { getRoute, postRoute } from '../../ui/api.ts';
import type { MuseumSettings } from './schema.ts';

function isSettings(body: unknown): boolean {
  const s = body as Partial<MuseumSettings> | null;
  return (
    typeof s?.museum === 'string' &&
    typeof s.sourceLanguage === 'string' &&
    typeof s.timeZone === 'string'
  );
}

/** GET /api/read/settings: the museum's settings. */
export const settingsRoute = getRoute<MuseumSettings>('/api/read/settings', isSettings);

/** The settings saved, as stored. */
export const updateSettings = postRoute<
  Omit<MuseumSettings, 'museum' | 'speechEngine' | 'slug'>,
  MuseumSettings
>('/api/manage/update_settings', isSettings);
