import { ApiError } from '../../server/http/errors.ts';
import { notOffered, offeredList, unknownLanguages } from '../languages/offered.ts';
import type { SpeechSetting } from './schema.ts';

/** How many refused codes a message names; the rest are counted. */
const NAMED = 5;

function named(codes: readonly string[]): string {
  const shown = codes.slice(0, NAMED).map((code) => code.slice(0, 35));
  return codes.length > NAMED ? `${shown.join(', ')} (+${codes.length - NAMED})` : shown.join(', ');
}

/** A 422 naming the field and the languages at fault; `reason` picks the interface's words. */
function refused(field: string, reason: string, message: string, codes: readonly string[]) {
  const languages = named(codes);
  return new ApiError(422, 'invalid_body', `${field}: ${message}: ${languages}.`, {
    details: { field, reason, languages },
  });
}

/**
 * The languages visitors may choose, as a save leaves them, checked against the other settings
 * of the save: the list given (or the one kept, when the save leaves it out), spelt canonically
 * with the museum's own language in it; null, all of them.
 *
 * A list naming an unknown code, or none at all, is refused. So is a save whose priority
 * languages or read-aloud languages fall outside the list: they are named, and nothing is
 * dropped behind the curator's back (the form takes them out as the curator narrows the list,
 * where it can be seen before saving).
 */
export function visitorLanguagesOf(
  change: { visitorLanguages?: string[] | null | undefined; sourceLanguage: string },
  kept: { visitorLanguages: string[] | null },
  after: { priorityLanguages: readonly string[]; speech: SpeechSetting },
): string[] | null {
  const given = change.visitorLanguages;
  if (given) {
    const unknown = unknownLanguages(given);
    if (unknown.length > 0) {
      throw refused(
        'visitorLanguages',
        'unknown_languages',
        'not languages Legenda offers',
        unknown,
      );
    }
    if (given.length === 0) {
      throw new ApiError(
        422,
        'invalid_body',
        'visitorLanguages: must name at least one language (null: all of them).',
        { details: { field: 'visitorLanguages', reason: 'no_languages' } },
      );
    }
  }
  const source = change.sourceLanguage;
  const offered = offeredList(given === undefined ? kept.visitorLanguages : given, source);
  const priority = notOffered(after.priorityLanguages, offered, source);
  if (priority.length > 0) {
    throw refused(
      'priorityLanguages',
      'not_offered',
      'priority languages must be among the languages visitors may choose',
      priority,
    );
  }
  const spoken = notOffered(after.speech.otherLanguages, offered, source);
  if (spoken.length > 0) {
    throw refused(
      'speech.otherLanguages',
      'not_offered',
      'read-aloud languages must be among the languages visitors may choose',
      spoken,
    );
  }
  return offered;
}
