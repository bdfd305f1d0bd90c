import { ApiError } from '../../server/http/errors.ts';
import { isOffered, notOffered } from '../languages/offered.ts';
import { sameLanguage } from '../languages/catalogue.ts';
import type { QueuedUnit } from './queue-repo.ts';

/**
 * Translate now's language checks: a request's languages refused when one is the museum's own
 * or not offered to its visitors, and a queued pair left undone once its language is not.
 */
export function preparedLanguages(deps: {
  sourceLanguage: (museumId: number) => Promise<string>;
  /** The languages the museum's visitors may choose (null: all); not given: all. */
  visitorLanguages?: ((museumId: number) => Promise<readonly string[] | null>) | undefined;
}) {
  async function checkLanguages(museumId: number, langs: readonly string[]): Promise<void> {
    const source = await deps.sourceLanguage(museumId);
    const index = langs.findIndex((l) => sameLanguage(l, source));
    if (index >= 0) {
      throw new ApiError(
        422,
        'invalid_body',
        `langs.${index}: ${langs[index]} is the museum’s own language: nothing to translate.`,
        { details: { field: `langs.${index}` } },
      );
    }
    const outside = notOffered(langs, (await deps.visitorLanguages?.(museumId)) ?? null, source);
    if (outside.length > 0) {
      const languages = outside.join(', ');
      throw new ApiError(
        422,
        'invalid_body',
        `langs: not among the languages visitors may choose (Settings): ${languages}.`,
        { details: { field: 'langs', reason: 'not_offered', languages } },
      );
    }
  }

  /** Queued before the museum stopped offering the language: left undone. */
  async function stillOffered(unit: QueuedUnit): Promise<boolean> {
    const offered = (await deps.visitorLanguages?.(unit.museumId)) ?? null;
    return (
      offered === null || isOffered(unit.lang, offered, await deps.sourceLanguage(unit.museumId))
    );
  }

  return { checkLanguages, stillOffered };
}
