import * as z from 'zod';
import { LANGUAGES } from '../languages/catalogue.ts';

/** The museum's settings: its time zone (the statistics' days, ADR 0006) and the language it writes in (served as is, never translated). */

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
  /** Prepared after every save; absent: unchanged. */
  priorityLanguages: z
    .array(z.enum(LANGUAGES, { error: 'must be one of the languages Legenda translates' }))
    .max(20, 'must name at most 20 languages')
    .transform((langs) => [...new Set(langs)])
    .optional(),
  /** Read aloud (ADR 0019); absent: unchanged. */
  speech: z
    .object({
      voice: z.enum(['browser', 'server'], { error: 'must be browser or server' }),
      otherLanguages: z
        .array(z.enum(LANGUAGES, { error: 'must be one of the languages Legenda translates' }))
        .max(200)
        .transform((langs) => [...new Set(langs)]),
    })
    .optional(),
  /**
   * The languages visitors may choose: null, all of them; absent: unchanged. Codes are checked
   * by the service (unknown ones named, in the user's language).
   */
  visitorLanguages: z
    .array(z.string().max(35, 'must be language codes'))
    .max(200, 'must name at most 200 languages')
    .nullable()
    .optional(),
});

/**
 * Which voice reads a language aloud: 'browser', the visitor's phone's own (the
 * server's where the phone has none), or 'server', the speech engine's (made once, kept).
 */
export interface SpeechSetting {
  voice: 'browser' | 'server';
  /** Languages read with the other voice. */
  otherLanguages: string[];
}

/** GET /api/read/settings answers this. */
export interface MuseumSettings {
  museum: string;
  sourceLanguage: string;
  timeZone: string;
  /** Languages every article is translated into after each save, before visitors ask. */
  priorityLanguages: string[];
  speech: SpeechSetting;
  /** The languages visitors may choose (the museum's own among them); null: all of them. */
  visitorLanguages: string[] | null;
  /** A speech engine is configured (TTS_BASE_URL or TTS_API_KEY): the server's voice exists. */
  speechEngine: boolean;
  /**
   * The museum's public address name: its guide home is /visit/{slug}. Set by the Legenda
   * team (`npm run users -- museum`), read only here; null while there is none.
   */
  slug: string | null;
}
