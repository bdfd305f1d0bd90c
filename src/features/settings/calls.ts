// The settings screen's API calls: answers checked before use, the body typed by the zod schema
// the server route parses. Types only: zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type { MuseumSettings, updateSettingsSchema } from './schema.ts';

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
export const updateSettings = postRoute<z.input<typeof updateSettingsSchema>, MuseumSettings>(
  '/api/manage/update_settings',
  isSettings,
);
