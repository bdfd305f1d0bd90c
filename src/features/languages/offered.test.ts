import { describe, expect, it } from 'vitest';
import {
  isOffered,
  notOffered,
  offeredList,
  offeredSuggestions,
  unknownLanguages,
} from './offered.ts';

describe('the languages a museum offers', () => {
  it('are kept canonical, each once, in the catalogue’s order, with the museum’s own', () => {
    expect(offeredList(['ZH-hant', 'es', 'ES', 'pt-pt'], 'fr')).toEqual([
      'es',
      'fr',
      'pt-PT',
      'zh-Hant',
    ]);
    expect(offeredList(null, 'fr')).toBeNull();
    expect(unknownLanguages(['en', 'xx', 'en-', '<b>'])).toEqual(['xx', 'en-', '<b>']);
  });

  it('always include the museum’s own language, and every language without a list', () => {
    expect(isOffered('ja', null, 'fr')).toBe(true);
    expect(isOffered('ja', ['en'], 'fr')).toBe(false);
    expect(isOffered('fr', ['en'], 'fr')).toBe(true);
    expect(notOffered(['en', 'ja', 'fr', 'ko'], ['en'], 'fr')).toEqual(['ja', 'ko']);
  });

  it('suggest the phone’s languages within the list, each tag matched against it', () => {
    const list = ['en', 'es', 'pt-PT', 'zh-Hant'];
    expect(offeredSuggestions('ja, es-MX;q=0.8, en;q=0.5', list)).toEqual(['es', 'en']);
    expect(offeredSuggestions('pt-AO', list)).toEqual(['pt-PT']);
    expect(offeredSuggestions('zh-TW', list)).toEqual(['zh-Hant']);
    expect(offeredSuggestions('ja, ko', list)).toEqual([]);
    expect(offeredSuggestions(undefined, list)).toEqual([]);
    // Every language offered: the catalogue's suggestions.
    expect(offeredSuggestions('ja, ko', null)).toEqual(['ja', 'ko']);
    expect(offeredSuggestions('en, es, de, it', list, 1)).toEqual(['en']);
  });
});
