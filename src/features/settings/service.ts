import { notFound } from '../../server/http/errors.ts';
import type { SettingsRepo } from './repo.ts';
import type { MuseumSettings, SpeechSetting } from './schema.ts';

/**
 * `changed` forgets what was kept with the old settings (pages, where codes lead);
 * `speechEngine`: a speech engine is configured (the form says what the server's voice needs).
 */
export function settingsService(
  repo: SettingsRepo,
  changed: (museumId: number) => void = () => {},
  options: { speechEngine?: boolean } = {},
) {
  return {
    async read(museumId: number): Promise<MuseumSettings> {
      const settings = await repo.read(museumId);
      if (!settings) throw notFound('No such museum.');
      return { ...settings, speechEngine: options.speechEngine === true };
    },

    async update(
      museumId: number,
      change: {
        sourceLanguage: string;
        timeZone: string;
        priorityLanguages?: string[] | undefined;
        speech?: SpeechSetting | undefined;
      },
    ): Promise<MuseumSettings> {
      const { priorityLanguages, speech, ...rest } = change;
      await repo.update(museumId, {
        ...rest,
        ...(priorityLanguages ? { priorityLanguages } : {}),
        ...(speech ? { speech } : {}),
      });
      changed(museumId);
      return this.read(museumId);
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
