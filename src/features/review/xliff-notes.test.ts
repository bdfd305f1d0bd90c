import { describe, expect, it } from 'vitest';
import type { ReviewSegment } from './schema.ts';
import { buildXliff, notesLanguage } from './xliff.ts';
import { parseXliff } from './xliff-read.ts';

/**
 * The notes of an XLIFF export are written for the translator in the museum's language: French
 * for a French museum, English for an English one and for the languages Legenda has no words in.
 */
const segments: ReviewSegment[] = [
  { id: 'Intro.content', path: '1.content', source: 'Le [!port!].', text: null, state: 'missing' },
  { id: 'Carte.alt', path: '2.alt', source: 'Une carte', text: 'A map', state: 'reviewed' },
  {
    id: 'Fin.content',
    path: '3.content',
    source: 'Merci.',
    text: '[en] Merci.',
    state: 'stale',
    previous: { source: 'Merci !', text: 'Thanks!' },
  },
];

const notesOf = (sourceLang: string) => {
  const xml = buildXliff({ articleId: 7, sourceLang, languages: [{ lang: 'es', segments }] });
  expect(parseXliff(xml)[0]!.units.map((u) => u.id)).toEqual(segments.map((s) => s.id));
  return [...xml.matchAll(/<note>([^<]*)<\/note>/g)].map((m) => m[1]);
};

describe('the notes of an XLIFF export', () => {
  it('are in French for a French museum, the header note included', () => {
    expect(notesOf('fr')).toEqual([
      'Le texte entre [! et !] s’affiche en italique\u00a0: gardez les marques [! et !] autour des mots qui doivent être en italique dans la traduction. Les textes sont du texte brut, sans balisage.',
      'Legenda\u00a0: pas encore traduit.',
      'Le texte entre [! et !] s’affiche en italique\u00a0: gardez les marques [! et !] autour des mots qui doivent être en italique dans la traduction. Les textes sont du texte brut, sans balisage.',
      'Legenda\u00a0: vérifiée par le musée.',
      'Legenda\u00a0: le texte original a changé depuis que le musée a vérifié sa traduction\u00a0; la cible est une traduction automatique du nouveau texte.',
      'Vérifiée auparavant par le musée, pour l’ancien original «\u00a0Merci !\u00a0»\u00a0: Thanks!',
    ]);
  });

  it('are in English for an English museum and for a language Legenda has no words in', () => {
    for (const sourceLang of ['en', 'en-GB', 'de', 'ar']) {
      const notes = notesOf(sourceLang);
      expect(notes[0]).toContain('keep the markers [! and !]');
      expect(notes).toContain('Legenda: checked by the museum.');
      expect(notes).toContain(
        'Checked by the museum before, for the earlier original “Merci !”: Thanks!',
      );
    }
    expect(['fr', 'fr-CA', 'en', 'de'].map(notesLanguage)).toEqual(['fr', 'fr', 'en', 'en']);
  });
});
