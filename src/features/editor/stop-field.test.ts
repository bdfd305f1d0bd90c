import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { draftOf } from './article.ts';
import { describeProblem } from './problems.ts';
import { editorReducer, sameDraft, type Draft } from './state.ts';
import { checkDraft } from './validate.ts';

/** The stop number in the editor's own state, words and checks (no browser, no database). */

const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);

const answer = (content: unknown[], draft?: unknown[]) => ({
  id: 4,
  name: 'salle-3',
  unformatted_name: 'Salle 3',
  instructions: '',
  content,
  revision: 2,
  ...(draft && { draft: { content: draft, unformatted_name: 'Salle 3', instructions: '' } }),
});

const text = { type: 'text', content: 'Bonjour' };

describe('the stop number in the editor', () => {
  it('is kept when the article loads: the published one, the draft’s, or beside an entry that does not parse', () => {
    expect(
      draftOf(answer([{ type: 'metadatas', url: 'salle-3', stop: 23 }, text])).content[0],
    ).toMatchObject({ stop: 23 });
    const drafted = draftOf(
      answer(
        [{ type: 'metadatas', url: 'salle-3', stop: 23 }],
        [{ type: 'metadatas', url: 'salle-3', stop: 24 }],
      ),
    );
    expect(drafted.content[0].stop).toBe(24);
    // A url the schema refuses (written by hand): the number stays with the rest.
    const odd = draftOf(answer([{ type: 'metadatas', url: 'Salle 3 !', stop: 23 }]));
    expect(odd.content[0]).toMatchObject({ url: 'Salle 3 !', stop: 23 });
    // What is no stop number is left out rather than shown.
    const bad = draftOf(answer([{ type: 'metadatas', url: 'Salle 3 !', stop: '23' }]));
    expect(bad.content[0]).not.toHaveProperty('stop');
  });

  it('is set and cleared through the metadatas entry; cleared, the draft equals one that never had it', () => {
    const loaded = draftOf(answer([{ type: 'metadatas', url: 'salle-3' }, text]));
    const set = editorReducer(loaded, { type: 'setMeta', patch: { stop: 23 } });
    expect(set.content[0].stop).toBe(23);
    expect(sameDraft(set, loaded)).toBe(false);
    const cleared = editorReducer(set, { type: 'setMeta', patch: { stop: undefined } });
    expect(sameDraft(cleared, loaded)).toBe(true);
    expect(JSON.parse(JSON.stringify(cleared.content[0]))).not.toHaveProperty('stop');
  });

  it('names a number out of range in the curator’s words, and a taken one by its holder', () => {
    const draft: Draft = {
      title: 'Salle 3',
      instructions: '',
      content: [{ type: 'metadatas', url: 'salle-3', backgroundColor: '#341539', stop: 0 }],
    };
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(describeProblem(tOf('fr'), draft, checked.problems[0]!)).toBe(
      'Réglages de l’article, Numéro d’arrêt\u00a0: Un nombre entier de 1 à 9999, ou rien.',
    );
    const taken = {
      body: {
        error: {
          code: 'stop_taken',
          message: 'English',
          details: { stop: 23, articleId: 7, title: 'Salle 3' },
        },
      },
    };
    expect(apiErrorMessage(tOf('fr'), taken)).toBe(
      'Le numéro 23 est déjà celui de «\u00a0Salle 3\u00a0». Choisissez-en un autre.',
    );
    expect(apiErrorMessage(tOf('en'), taken)).toBe(
      'Stop 23 already belongs to “Salle 3”. Choose another number.',
    );
  });
});
