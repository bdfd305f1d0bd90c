import type { Emitter } from '../../server/events.ts';
import { notFound } from '../../server/http/errors.ts';
import { offeredList } from '../languages/offered.ts';
import type { SettingsRepo } from './repo.ts';
import type { MuseumSettings, SpeechSetting } from './schema.ts';
import { visitorLanguagesOf } from './visitor-languages.ts';
import { currentZoneName } from './zone-names.ts';

/** The museum's settings changed (its language among them), once the database holds them. */
export interface MuseumChanged {
  museumId: number;
}

/**
 * `events` is told after every change (src/app/subscribers.ts): what this process kept with the
 * old settings is forgotten (pages, where codes lead) and the overview counted again;
 * `speechEngine`: a speech engine is configured (the form says what the server's voice needs).
 */
export function settingsService(
  repo: SettingsRepo,
  options: {
    events?: Emitter<'museumChanged', MuseumChanged> | undefined;
    speechEngine?: boolean;
  } = {},
) {
  return {
    async read(museumId: number): Promise<MuseumSettings> {
      const settings = await repo.read(museumId);
      if (!settings) throw notFound('No such museum.');
      // The museum's own language is offered even where a list kept from before misses it.
      const visitorLanguages = offeredList(settings.visitorLanguages, settings.sourceLanguage);
      return {
        ...settings,
        // A zone saved under an old name (Europe/Kiev) is shown under its current one.
        timeZone: currentZoneName(settings.timeZone),
        visitorLanguages,
        speechEngine: options.speechEngine === true,
      };
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
        timeZone: currentZoneName(timeZone),
        ...(priorityLanguages ? { priorityLanguages } : {}),
        ...(speech ? { speech } : {}),
        visitorLanguages,
      });
      await options.events?.emit('museumChanged', { museumId });
      return this.read(museumId);
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
