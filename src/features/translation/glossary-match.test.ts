import { describe, expect, it } from 'vitest';
import { glossaryMatcher, termPatterns } from './glossary-match.ts';

describe('a glossary of 2,000 terms', () => {
  const glossary = Array.from({ length: 2000 }, (_, i) => ({
    term: `Terme numéro ${i}`,
    note: '',
    doNotTranslate: i % 2 === 0,
    translation: `Término ${i}`,
  }));

  it('makes the whole-word pattern only of the terms a text holds', () => {
    const before = termPatterns.made;
    const matcher = glossaryMatcher(glossary);
    expect(termPatterns.made - before).toBe(0);
    const texts = Array.from({ length: 50 }, (_, i) => `Le terme  NUMÉRO ${i} de la salle.`);
    expect(matcher.match(texts[7]!).map((h) => h.term)).toEqual(['Terme numéro 7']);
    for (const text of texts) matcher.match(text);
    // Each matching term's pattern once: 'Terme numéro 1' is near 'Terme numéro 10…19' too.
    expect(termPatterns.made - before).toBeLessThanOrEqual(50);
    // Words not whole are not the term: 'Terme numéro 1' is not in 'Terme numéro 12'.
    expect(matcher.match('Terme numéro 12').map((h) => h.term)).toEqual(['Terme numéro 12']);
    expect(matcher.match('Termes numéro 3')).toEqual([]);
  });
});
