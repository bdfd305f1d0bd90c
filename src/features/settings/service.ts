import { notFound } from '../../server/http/errors.ts';
import { offeredList } from '../languages/index.ts';
import type { SettingsRepo } from './repo.ts';
import type { MuseumSettings, SpeechSetting } from './schema.ts';
import { visitorLanguagesOf } from './visitor-languages.ts';

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
      // The museum's own language is offered even where a list kept from before misses it.
      const visitorLanguages = offeredList(settings.visitorLanguages, settings.sourceLanguage);
      return { ...settings, visitorLanguages, speechEngine: options.speechEngine === true };
    },

    async update(
      museumId: number,
      change: {
        sourceLanguage: string;
        timeZone: string;
        priorityLanguages?: string[] | undefined;
        speech?: SpeechSetting | undefined;
        visitorLanguages?: string[] | null | undefined;
      },
    ): Promise<MuseumSettings> {
      const { priorityLanguages, speech, sourceLanguage, timeZone } = change;
      const kept = await this.read(museumId);
      const visitorLanguages = visitorLanguagesOf(change, kept, {
        priorityLanguages: priorityLanguages ?? kept.priorityLanguages,
        speech: speech ?? kept.speech,
      });
      await repo.update(museumId, {
        sourceLanguage,
        timeZone,
        ...(priorityLanguages ? { priorityLanguages } : {}),
        ...(speech ? { speech } : {}),
        visitorLanguages,
      });
      changed(museumId);
      return this.read(museumId);
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
