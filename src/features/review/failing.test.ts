import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { failingReason, nextTry } from './Failing.tsx';
import type { FailingView } from './schema.ts';

/** The words of a failing pair (Failing.tsx): the next try in each language's way of writing time. */
const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);

// Local times: the screen writes the browser's own clock.
const now = new Date(2026, 10, 27, 8, 0);
const failing = (nextTryAt: Date): FailingView => ({
  reason: 'refused',
  texts: 2,
  failures: 3,
  lastFailedAt: now.toISOString(),
  nextTryAt: nextTryAt.toISOString(),
});

describe('a failing pair in words', () => {
  it('says the next try today as a time, later as a date and time, past as the next reading', () => {
    const today = failing(new Date(2026, 10, 27, 9, 5));
    expect(nextTry(tOf('fr'), 'fr', today, now)).toBe(
      'Prochain essai automatique à 9\u00a0h\u00a005.',
    );
    expect(nextTry(tOf('en'), 'en', today, now)).toBe('Next automatic try at 09:05.');
    const tomorrow = failing(new Date(2026, 10, 28, 14, 32));
    expect(nextTry(tOf('fr'), 'fr', tomorrow, now)).toBe(
      'Prochain essai automatique le 28 novembre à 14\u00a0h\u00a032.',
    );
    expect(nextTry(tOf('en'), 'en', tomorrow, now)).toBe(
      'Next automatic try on November 28 at 14:32.',
    );
    const past = failing(new Date(2026, 10, 27, 7, 59));
    expect(nextTry(tOf('en'), 'en', past, now)).toBe(translate('en', 'failing.due'));
    expect(nextTry(tOf('fr'), 'fr', { ...past, nextTryAt: 'not a date' }, now)).toBe(
      translate('fr', 'failing.due'),
    );
  });

  it('names the reason with its count of texts', () => {
    expect(failingReason(tOf('en'), failing(now))).toContain('the checks refused 2 text(s)');
    expect(failingReason(tOf('fr'), { ...failing(now), reason: 'engine' })).toContain(
      'le moteur de traduction n’a pas répondu (2 texte(s)',
    );
  });
});
