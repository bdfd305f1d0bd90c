import { describe, expect, it } from 'vitest';
import { newBlock } from '../articles/content.ts';
import {
  draftOfRevision,
  formatSavedAt,
  parseRevision,
  parseRevisions,
  textOf,
  type RevisionDocument,
} from './history.ts';
import { staleRevision } from './stale.ts';
import type { Draft } from './state.ts';

const entry = {
  revision: 4,
  kind: 'published',
  savedAt: '2026-11-27T13:05:00.000Z',
  savedBy: 'anne@museum.example',
  words: 12,
};

const doc: RevisionDocument = {
  ...(entry as RevisionDocument),
  unformatted_name: 'Vitrine 3',
  instructions: '',
  content: [
    { type: 'metadatas', url: 'vitrine-3', backgroundColor: '#341539', publicTitle: 'La vitrine' },
    { ...newBlock('text'), content: 'Un vase [!attique!] à figures rouges.' },
    { ...newBlock('image'), src: '/media/1/images/a-w1h1.png', alt: 'Le vase de face' },
    { ...newBlock('space') },
  ],
};

describe('the history list', () => {
  it('reads the versions the server lists', () => {
    expect(parseRevisions([entry, { ...entry, revision: 2, kind: 'draft' }])).toEqual([
      entry,
      { ...entry, revision: 2, kind: 'draft' },
    ]);
    expect(parseRevisions([])).toEqual([]);
  });

  it('refuses an answer of another shape as a whole', () => {
    expect(parseRevisions({ error: { code: 'not_found' } })).toBeNull();
    expect(parseRevisions([entry, { ...entry, kind: 'scheduled' }])).toBeNull();
    expect(parseRevisions([{ ...entry, savedAt: 'yesterday' }])).toBeNull();
    expect(parseRevisions([{ ...entry, words: '12' }])).toBeNull();
  });

  it('reads one version whole, and refuses one without its content', () => {
    expect(parseRevision(doc)).toEqual(doc);
    expect(parseRevision({ ...doc, content: undefined })).toBeNull();
    expect(parseRevision({ ...doc, unformatted_name: 3 })).toBeNull();
    expect(parseRevision(entry)).toBeNull();
  });
});

describe('the text compared', () => {
  it('is the name, then every text a visitor reads, one paragraph each, without markers', () => {
    expect(textOf(draftOfRevision(doc, 'vitrine-3'))).toBe(
      'Vitrine 3\n\nLa vitrine\n\nUn vase attique à figures rouges.\n\nLe vase de face',
    );
  });

  it('reads a version as the editor reads an article: a block it cannot read is left out', () => {
    const odd = { ...doc, content: [...doc.content, { type: 'hologram', content: 'Bonjour' }] };
    const draft: Draft = draftOfRevision(odd, 'vitrine-3');
    expect(draft.title).toBe('Vitrine 3');
    expect(draft.content).toHaveLength(4);
    expect(textOf(draft)).not.toContain('Bonjour');
  });

  it('keeps the url of a version whose metadatas do not read from the article', () => {
    const broken = { ...doc, content: [{ type: 'metadatas' }] };
    expect(draftOfRevision(broken, 'vitrine-3').content[0].url).toBe('vitrine-3');
  });
});

describe('when a version was saved', () => {
  const at = '2026-11-27T13:05:00.000Z';

  it('is said on the museum’s clocks, in the curator’s language', () => {
    expect(formatSavedAt(at, 'fr', 'Europe/Paris')).toMatch(/^27 nov\. 2026.*14:05$/);
    expect(formatSavedAt(at, 'en', 'Europe/Paris')).toMatch(/^27 Nov 2026.*14:05$/);
    expect(formatSavedAt(at, 'en', 'America/New_York')).toMatch(/^27 Nov 2026.*08:05$/);
    expect(formatSavedAt('2026-07-01T22:30:00.000Z', 'fr', 'Europe/Paris')).toMatch(
      /^2 juil\. 2026.*00:30$/,
    );
  });
});

describe('a refused restore', () => {
  const refusal = (status: number, body: unknown) => staleRevision({ status, body });

  it('names the revision someone else saved meanwhile', () => {
    const body = { error: { code: 'stale_revision', message: '…', details: { revision: 7 } } };
    expect(refusal(409, body)).toBe(7);
  });

  it('is no conflict for any other answer', () => {
    expect(refusal(409, { error: { code: 'url_taken', details: { revision: 7 } } })).toBeNull();
    expect(
      refusal(422, { error: { code: 'stale_revision', details: { revision: 7 } } }),
    ).toBeNull();
    expect(
      refusal(409, { error: { code: 'stale_revision', details: { revision: -1 } } }),
    ).toBeNull();
    expect(refusal(409, { error: { code: 'stale_revision' } })).toBeNull();
    expect(refusal(409, null)).toBeNull();
  });
});
