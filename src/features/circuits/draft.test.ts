import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, URL_PATTERN } from '../articles/content-fields.ts';
import {
  checkDraft,
  dropIndex,
  EMPTY_DRAFT,
  firstProblem,
  hasProblems,
  isDirty,
  LIMITS,
  moveItem,
  NAME_PATTERN,
  NO_PROBLEMS,
  problemsAfter,
  serverProblems,
  suggestName,
  withTitle,
} from './draft.ts';
import { MAX_CIRCUIT_TITLE, MAX_INTRO_LENGTH, MAX_STOPS, saveCircuitSchema } from './schema.ts';

describe('the circuits screen’s rules', () => {
  it('repeat the schema’s limits and name pattern', () => {
    expect(LIMITS).toEqual({
      title: MAX_CIRCUIT_TITLE,
      name: MAX_URL_LENGTH,
      intro: MAX_INTRO_LENGTH,
      stops: MAX_STOPS,
    });
    expect(NAME_PATTERN.source).toBe(URL_PATTERN.source);
  });

  it('suggest a public name the schema takes', () => {
    expect(suggestName('Salle des Batailles (1837)')).toBe('salle-des-batailles-1837');
    expect(suggestName('  Œuvres d’été — « Les 16 panneaux » ')).toBe(
      'oeuvres-d-ete-les-16-panneaux',
    );
    expect(suggestName('Straße')).toBe('strasse');
    expect(suggestName('日本')).toBe('');
    const long = suggestName('panneau '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    expect(long).toMatch(URL_PATTERN);
    expect(long.endsWith('panneau')).toBe(true);
    for (const title of ['Salle 1', 'a--b', '-x-', 'Ça va ?']) {
      const name = suggestName(title);
      expect(saveCircuitSchema.safeParse({ name, title, articleIds: [] }).success).toBe(true);
    }
  });

  it('let the title set the name until the curator types one', () => {
    const titled = withTitle(EMPTY_DRAFT, 'Visite des enfants');
    expect(titled.name).toBe('visite-des-enfants');
    const edited = { ...titled, name: 'enfants', nameEdited: true };
    expect(withTitle(edited, 'Visite des petits').name).toBe('enfants');
  });

  it('move a stop, and find where a dragged one lands', () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
    // Stops 50 px tall; the first dragged.
    const middles = [25, 75, 125];
    expect(dropIndex(middles, 0, 10)).toBe(0);
    expect(dropIndex(middles, 0, 80)).toBe(1);
    expect(dropIndex(middles, 0, 400)).toBe(2);
    expect(dropIndex(middles, 2, 0)).toBe(0);
  });

  it('check a draft before sending it', () => {
    const empty = checkDraft(EMPTY_DRAFT);
    expect(empty.title?.key).toBe('circuits.errors.titleEmpty');
    expect(empty.name?.key).toBe('circuits.errors.nameEmpty');
    expect(firstProblem(empty)).toBe('title');
    const bad = checkDraft({
      ...EMPTY_DRAFT,
      title: 'Salle',
      name: 'salle des batailles',
      intro: 'ok\tok\n',
      articleIds: [4, 5, 4],
    });
    expect(bad.title).toBeUndefined();
    expect(bad.name?.key).toBe('circuits.errors.namePattern');
    expect(bad.intro).toBeUndefined();
    expect(bad.stop).toEqual({ 4: { key: 'circuits.errors.stopTwice' } });
    expect(hasProblems(checkDraft({ ...EMPTY_DRAFT, title: 'A', name: 'a' }))).toBe(false);
    expect(checkDraft({ ...EMPTY_DRAFT, title: 'A\u0007', name: 'a' }).title?.key).toBe(
      'circuits.errors.control',
    );
  });

  it('say the server’s refusals by field, stops by their article', () => {
    const body = (code: string, details: unknown) => ({ error: { code, message: '', details } });
    const refused = serverProblems(
      422,
      body('invalid_body', [
        { path: 'articleIds.1', message: 'is already a stop of this circuit' },
        { path: 'articleIds.2', message: 'is not an article of your museum' },
        { path: 'name', message: 'must not be empty' },
        { path: 'title', message: 'must be at most 120 characters' },
      ]),
      [7, 8, 9],
    );
    expect(refused).toEqual({
      stop: {
        8: { key: 'circuits.errors.stopTwice' },
        9: { key: 'circuits.errors.stopGone' },
      },
      name: { key: 'circuits.errors.nameEmpty' },
      title: { key: 'circuits.errors.tooLong', vars: { max: 120 } },
    });
    expect(serverProblems(409, body('name_taken', []), [])?.name?.key).toBe(
      'circuits.errors.nameTaken',
    );
    expect(serverProblems(404, body('not_found', undefined), [])?.form).toEqual({
      key: 'circuits.gone',
    });
    expect(serverProblems(500, body('internal_error', undefined), [])).toBeUndefined();
    expect(serverProblems(422, body('invalid_body', [{ path: '', message: 'x' }]), [])).toBe(
      undefined,
    );
  });

  it('know a draft with changes from one without', () => {
    const saved = { id: 1, name: 'a', title: 'A', intro: '', articleIds: [1, 2] };
    const draft = {
      id: 1,
      name: 'a',
      title: 'A',
      intro: '',
      articleIds: [1, 2],
      nameEdited: true,
    };
    expect(isDirty(draft, saved)).toBe(false);
    expect(isDirty({ ...draft, articleIds: [2, 1] }, saved)).toBe(true);
    expect(isDirty(EMPTY_DRAFT, undefined)).toBe(false);
  });

  it('drop a field’s problem once the curator changes that field, and a removed stop’s', () => {
    const before = { ...EMPTY_DRAFT, title: 'A', name: 'a', articleIds: [1, 2] };
    const problems = {
      title: { key: 'circuits.titleHint' as const },
      name: { key: 'circuits.nameHint' as const },
      stop: { 2: { key: 'circuits.articleGone' as const } },
      form: 'Réseau',
    };
    const after = problemsAfter(problems, before, { ...before, title: 'B', articleIds: [1] });
    expect(after).toEqual({
      title: undefined,
      name: problems.name,
      intro: undefined,
      stops: undefined,
      stop: {},
      form: problems.form,
    });
    expect(problemsAfter(NO_PROBLEMS, before, { ...before, title: 'B' })).toBe(NO_PROBLEMS);
  });
});
