import { describe, expect, it } from 'vitest';
import { suggestedLanguages } from './service.ts';

describe('suggestedLanguages', () => {
  it('ranks the languages a phone asks for by q, keeping only those Legenda offers', () => {
    expect(suggestedLanguages('es-MX,es;q=0.9,en;q=0.8,tlh;q=0.7')).toEqual(['es', 'en']);
    expect(suggestedLanguages('de;q=0.5, fr-CH, *;q=0.1')).toEqual(['fr', 'de']);
    expect(suggestedLanguages('it, ja, ko, pt', 1)).toEqual(['it']);
    expect(suggestedLanguages(undefined)).toEqual([]);
    expect(suggestedLanguages('')).toEqual([]);
  });

  it('answers the same when asked again, and a caller cannot change the remembered answer', () => {
    const first = suggestedLanguages('nl-BE,nl;q=0.9,fr;q=0.8');
    first.push('xx');
    first[0] = 'yy';
    expect(suggestedLanguages('nl-BE,nl;q=0.9,fr;q=0.8')).toEqual(['nl', 'fr']);
    expect(suggestedLanguages('nl-BE,nl;q=0.9,fr;q=0.8', 1)).toEqual(['nl']);
  });

  it('reads a long or hostile header without keeping it', () => {
    const long = `${Array.from({ length: 300 }, (_, i) => `x${i};q=0.1`).join(',')},pl;q=0.9`;
    expect(suggestedLanguages(long)).toEqual(['pl']);
    for (let i = 0; i < 3000; i++) expect(suggestedLanguages(`zz-${i}, sv`)).toEqual(['sv']);
  });
});
