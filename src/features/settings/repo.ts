import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { museums } from '../../server/db/schema.ts';
import type { MuseumSettings, SpeechSetting } from './schema.ts';

export function settingsRepo(db: Database) {
  return {
    async read(museumId: number): Promise<Omit<MuseumSettings, 'speechEngine'> | undefined> {
      const [row] = await db
        .select({
          museum: museums.name,
          sourceLanguage: museums.sourceLanguage,
          timeZone: museums.timeZone,
          priorityLanguages: museums.priorityLanguages,
          speech: museums.speech,
          visitorLanguages: museums.visitorLanguages,
          slug: museums.slug,
        })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row;
    },

    async update(
      museumId: number,
      change: {
        sourceLanguage: string;
        timeZone: string;
        priorityLanguages?: string[];
        speech?: SpeechSetting;
        visitorLanguages?: string[] | null;
      },
    ): Promise<void> {
      await db.update(museums).set(change).where(eq(museums.id, museumId));
    },
  };
}

export type SettingsRepo = ReturnType<typeof settingsRepo>;
