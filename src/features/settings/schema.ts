import { z } from 'zod';
import { LANGUAGES } from '../languages/index.ts';

/** The museum's settings (issue 7: its time zone; DESIGN 6: the language it writes in). */

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const updateSettingsSchema = z.object({
  sourceLanguage: z.enum(LANGUAGES, { error: 'must be one of the languages Legenda translates' }),
  timeZone: z.string().refine(isTimeZone, 'must be a time zone such as Europe/Paris'),
  /** Prepared after every save (issue 18); absent: unchanged. */
  priorityLanguages: z
    .array(z.enum(LANGUAGES, { error: 'must be one of the languages Legenda translates' }))
    .max(20, 'must name at most 20 languages')
    .transform((langs) => [...new Set(langs)])
    .optional(),
});

/** GET /api/read/settings answers this. */
export interface MuseumSettings {
  museum: string;
  sourceLanguage: string;
  timeZone: string;
  /** Languages every article is translated into after each save, before visitors ask. */
  priorityLanguages: string[];
}
