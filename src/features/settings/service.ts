import { notFound } from '../../server/http/errors.ts';
import type { SettingsRepo } from './repo.ts';
import type { MuseumSettings } from './schema.ts';

/** `changed` forgets what was kept with the old settings (pages, where codes lead). */
export function settingsService(
  repo: SettingsRepo,
  changed: (museumId: number) => void = () => {},
) {
  return {
    async read(museumId: number): Promise<MuseumSettings> {
      const settings = await repo.read(museumId);
      if (!settings) throw notFound('No such museum.');
      return settings;
    },

    async update(
      museumId: number,
      change: {
        sourceLanguage: string;
        timeZone: string;
        priorityLanguages?: string[] | undefined;
      },
    ): Promise<MuseumSettings> {
      const { priorityLanguages, ...rest } = change;
      await repo.update(museumId, priorityLanguages ? { ...rest, priorityLanguages } : rest);
      changed(museumId);
      return this.read(museumId);
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
