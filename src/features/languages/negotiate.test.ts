import { describe, expect, it } from 'vitest';
import { acceptedTags, interfaceLanguage, matchTag, suggestedLanguages } from './negotiate.ts';

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

  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK,en;q=0.5', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['xx-YY, de;q=0.5, en;q=0.8', 'en'],
    ['fr;q=0.2, ar-MA;q=0.9', 'ar'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt-PT'],
    ['sr-Latn-RS', 'sr-Latn'],
    ['sr-RS', 'sr'],
    ['iw-IL', 'he'],
    ['no', 'nb'],
    ['tl', 'fil'],
    ['EN-gb', 'en'],
  ])('matches Accept-Language %j to %s first', (header, expected) => {
    expect(suggestedLanguages(header, 1)).toEqual([expected]);
  });

  it.each([undefined, '', '*', 'en;q=0', 'xx, yy;q=0.5', ';;;,,,', 'q=1'])(
    'matches nothing for %j',
    (header) => {
      expect(suggestedLanguages(header)).toEqual([]);
    },
  );
});

describe('matchTag', () => {
  it.each([
    ['pt-AO', 'pt-PT'],
    ['pt', 'pt'],
    ['sr-ME', 'sr-Latn'],
    ['sr-Cyrl-ME', 'sr'],
    ['zh-MO', 'zh-Hant'],
    ['zh-SG', 'zh-Hans'],
    ['in', 'id'],
    ['ji', 'yi'],
    ['jw', 'jv'],
    ['mo', 'ro'],
    ['nn', 'nn'],
    ['nb-NO', 'nb'],
    [' de-DE-u-co-phonebk ', 'de'],
    ['und-FR', 'fr'],
  ])('reads %j as %s', (tag, expected) => {
    expect(matchTag(tag)).toBe(expected);
  });

  it.each(['', 'es_MX', 'x-klingon', 'tlh', 'gsw', 'zz-Latn'])('offers nothing for %j', (tag) => {
    expect(matchTag(tag)).toBeUndefined();
  });
});

describe('interfaceLanguage', () => {
  const words = ['en', 'fr', 'pt', 'nb', 'he', 'ro', 'zh-Hans', 'zh-Hant'];

  it('falls back by script, language and sibling, then to English', () => {
    expect(interfaceLanguage('pt-PT', words)).toBe('pt');
    expect(interfaceLanguage('zh-TW', words)).toBe('zh-Hant');
    expect(interfaceLanguage('nn', words)).toBe('nb');
    expect(interfaceLanguage('no', words)).toBe('nb');
    expect(interfaceLanguage('iw', words)).toBe('he');
    expect(interfaceLanguage('mo', words)).toBe('ro');
    expect(interfaceLanguage('sw', words)).toBe('en');
    expect(interfaceLanguage('"><script>', words)).toBe('en');
    expect(interfaceLanguage('sw', words, 'fr')).toBe('fr');
  });
});

describe('acceptedTags', () => {
  it('orders by q, then as sent, without wildcards or refusals', () => {
    expect(acceptedTags('de;q=0.5, fr-CH, *;q=0.1, en;q=0, it;q=0.5')).toEqual([
      'fr-CH',
      'de',
      'it',
    ]);
    expect(acceptedTags(undefined)).toEqual([]);
  });

  it('reads q-values as Accept-Encoding is read: any case, out-of-range ones clamped', () => {
    expect(acceptedTags('fr;Q=0, es;q=-1, de;q=0.5, it;q=5')).toEqual(['it', 'de']);
  });
});
