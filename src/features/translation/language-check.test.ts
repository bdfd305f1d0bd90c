import { beforeAll, describe, expect, it } from 'vitest';
import { segmentProblem } from './answer.ts';
import { WRONG_LANGUAGE } from './job-batch.ts';
import { eldCode, loadLanguageIdentifier, MIN_LETTERS, wrongLanguage } from './language-check.ts';
import { SAMPLES } from './language-samples.ts';

beforeAll(() => loadLanguageIdentifier());

const [lanternFr = '', giftFr = ''] = SAMPLES.fr ?? [];
const [lanternEn = ''] = SAMPLES.en ?? [];
const sample = (lang: string, i = 0) => SAMPLES[lang]?.[i] ?? '';

describe('the language of a translation', () => {
  it('refuses a French answer to a Spanish request, naming both', () => {
    const reason = wrongLanguage(lanternEn, lanternFr, 'es');
    expect(reason).toBe('in another language (fr, not es)');
    expect(reason?.startsWith(WRONG_LANGUAGE)).toBe(true);
    // As the last of the answer's checks.
    const languages = { sourceLang: 'en', targetLang: 'es' };
    expect(segmentProblem(lanternEn, lanternFr, languages)).toBe(reason);
    expect(segmentProblem(lanternEn, lanternFr, { ...languages, checkLanguage: false })).toBe(
      undefined,
    );
  });

  it('refuses an answer in the source language and one in English', () => {
    expect(wrongLanguage(giftFr, sample('de', 1).replace('Das', 'Le'), 'it')).toMatch(
      /^in another language \(de, not it\)/,
    );
    expect(wrongLanguage(giftFr, sample('en', 1), 'de')).toBe('in another language (en, not de)');
    expect(wrongLanguage(giftFr, sample('de', 1), 'nl')).toBe('in another language (de, not nl)');
  });

  it('refuses a text in another script, even for a language the identifier does not know', () => {
    expect(eldCode('sd')).toBeUndefined();
    expect(wrongLanguage(giftFr, sample('en', 1), 'sd')).toBe(
      'in another language (Latin script, not Arabic)',
    );
    expect(wrongLanguage(giftFr, sample('en', 1), 'hi')).toBe(
      'in another language (Latin script, not Devanagari)',
    );
    expect(wrongLanguage(giftFr, sample('sr', 1), 'sr-Latn')).toBe(
      'in another language (Cyrillic script, not Latin)',
    );
    expect(wrongLanguage(lanternFr, sample('ko', 0), 'ja')).toMatch(/^in another language/);
  });

  it.each(Object.keys(SAMPLES))('never refuses a correct translation into %s', (lang) => {
    for (const text of SAMPLES[lang] ?? [])
      expect(wrongLanguage(giftFr, text, lang)).toBe(undefined);
  });

  it.each([
    ['es', 'es'],
    ['de', 'de'],
    ['ja', 'ja'],
    ['zh-Hans', 'zh-Hans'],
    ['ar', 'ar'],
    ['ru', 'ru'],
    ['hi', 'hi'],
    ['sw', 'sw'],
    ['tr', 'tr'],
    ['pt', 'pt-BR'],
    ['ko', 'ko'],
    ['he', 'he'],
    ['pt', 'pt-PT'],
    ['nb', 'nb'],
    ['nn', 'nn'],
    ['fil', 'fil'],
    ['zh-Hant', 'zh-Hant'],
  ])('a correct %s translation passes every check for %s', (lang, target) => {
    (SAMPLES[lang] ?? []).forEach((text, i) => {
      const source = SAMPLES.fr?.[i] ?? '';
      expect(segmentProblem(source, text, { sourceLang: 'fr', targetLang: target })).toBe(
        undefined,
      );
    });
  });

  it('never refuses short texts, names or numbers', () => {
    expect(wrongLanguage('Le port', 'The harbour of Saint-Malo', 'es')).toBe(undefined);
    const names =
      'Claude Monet, Pierre-Auguste Renoir, Edgar Degas, Berthe Morisot, Camille Pissarro';
    expect(names.match(/\p{L}/gu)?.length).toBeGreaterThan(MIN_LETTERS);
    expect(wrongLanguage(names, names, 'ja')).toBe(undefined);
    expect(wrongLanguage(names, names, 'es')).toBe(undefined);
    const numbers = '1 500 000 — 1923 — 14.07.1789 — 3,5 m × 2,10 m — n° 42';
    expect(wrongLanguage(numbers, numbers, 'ar')).toBe(undefined);
    // A name the source holds, kept in its letters inside a translation.
    const ja = `${sample('ja', 1)} Claude Monet, Pierre-Auguste Renoir, Edgar Degas`;
    expect(wrongLanguage(`${giftFr} ${names}`, ja, 'ja')).toBe(undefined);
    // Italics kept as the source writes them.
    expect(
      wrongLanguage(
        '[!The Pilot’s Lantern and the Harbour of Honfleur at Night!]',
        `[!The Pilot’s Lantern and the Harbour of Honfleur at Night!] ${sample('ru', 0).slice(0, 30)}`,
        'ru',
      ),
    ).toBe(undefined);
  });

  it('does not refuse a close relative the identifier confuses', () => {
    // Serbian in Latin letters reads as Croatian; Norwegian and Danish as each other.
    expect(wrongLanguage(giftFr, sample('sr-Latn', 0), 'sr-Latn')).toBe(undefined);
    expect(wrongLanguage(giftFr, sample('hr', 0), 'sr-Latn')).toBe(undefined);
    expect(wrongLanguage(giftFr, sample('nb', 0), 'da')).toBe(undefined);
    expect(wrongLanguage(giftFr, sample('mr', 0), 'hi')).toBe(undefined);
  });

  it('never refuses for a target the identifier does not know, in its script', () => {
    // Swahili, Galician, Indonesian, Kurmanji: not in eld's 60 languages.
    for (const lang of ['sw', 'gl', 'id', 'ku', 'yue']) expect(eldCode(lang)).toBeUndefined();
    expect(wrongLanguage(giftFr, lanternFr, 'sw')).toBe(undefined);
    expect(wrongLanguage(giftFr, sample('es', 0), 'gl')).toBe(undefined);
    expect(wrongLanguage(giftFr, sample('ms', 0), 'id')).toBe(undefined);
    expect(eldCode('nn')).toBe('no');
    expect(eldCode('ckb')).toBe('ku');
  });
});
