import { describe, expect, it } from 'vitest';
import {
  format,
  placeholders,
  UI_KEYS,
  UI_STRINGS,
  uiLanguage,
  uiStrings,
  uiText,
  type UiKey,
} from './strings.ts';

// prettier-ignore
const REQUIRED = [
  'fr', 'en', 'es', 'de', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'zh-Hans', 'zh-Hant', 'ja', 'ko',
  'ar', 'he', 'tr', 'el', 'sv', 'da', 'nb', 'fi', 'cs', 'ro', 'hu', 'hi',
];

const en = UI_STRINGS.en;

describe('UI_STRINGS', () => {
  it('has a dictionary for every language the visitor pages promise', () => {
    for (const code of REQUIRED) expect(UI_STRINGS, code).toHaveProperty([code]);
  });

  it.each(Object.keys(UI_STRINGS))(
    '%s has every key, filled, with the English placeholders',
    (code) => {
      const words = UI_STRINGS[code];
      expect(Object.keys(words ?? {}).sort()).toEqual([...UI_KEYS].sort());
      for (const key of UI_KEYS) {
        const text = words?.[key] ?? '';
        expect(text.trim(), `${code}.${key}`).not.toBe('');
        expect(placeholders(text), `${code}.${key}`).toEqual(placeholders(en?.[key] ?? ''));
        expect(text, `${code}.${key}`).not.toMatch(/[<>]/);
      }
    },
  );

  it('is translated, not English copied over', () => {
    const keys: UiKey[] = ['chooseLanguage', 'unavailable', 'notFoundText', 'empty'];
    for (const code of Object.keys(UI_STRINGS).filter((c) => c !== 'en')) {
      for (const key of keys) expect(UI_STRINGS[code]?.[key], `${code}.${key}`).not.toBe(en?.[key]);
    }
  });

  it('keeps the English words of the brief', () => {
    expect(en?.noMatch).toBe('No language matches “{q}”.');
    expect(en?.translating).toBe('Translating into {language}…');
    expect(UI_STRINGS.fr?.notFoundTitle).toBe('Article introuvable');
  });
});

describe('uiStrings', () => {
  it.each([
    ['fr', 'fr'],
    ['es-MX', 'es'],
    ['PT-br', 'pt'],
    ['pt-PT', 'pt'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-hant', 'zh-Hant'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['nn', 'nb'],
    ['no', 'nb'],
    ['iw', 'he'],
    ['ar-EG', 'ar'],
    ['sw', 'en'],
    ['yue', 'en'],
    ['', 'en'],
    ['"><script>', 'en'],
  ])('reads %j with the words of %s', (lang, expected) => {
    expect(uiLanguage(lang)).toBe(expected);
    expect(uiStrings(lang)).toBe(UI_STRINGS[expected]);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format('{done} of {total} parts done', { done: 3, total: 12 })).toBe(
      '3 of 12 parts done',
    );
    expect(format('a {b} {c}', { b: 'x' })).toBe('a x {c}');
  });

  it('escapes nothing: the caller does', () => {
    expect(format('“{q}”', { q: '<b>&' })).toBe('“<b>&”');
  });

  it('does not take placeholders from the prototype', () => {
    expect(format('{constructor}', {})).toBe('{constructor}');
  });
});

describe('uiText', () => {
  it('reads a dictionary through i18next and fills its placeholders, unescaped', () => {
    expect(uiText('es-MX', 'translating', { language: 'Español' })).toBe(
      format(UI_STRINGS.es!.translating, { language: 'Español' }),
    );
    expect(uiText('en', 'noMatch', { q: '<b>&' })).toBe('No language matches “<b>&”.');
  });

  it('falls back to English for a language without words', () => {
    expect(uiText('kl', 'chooseLanguage')).toBe(UI_STRINGS.en!.chooseLanguage);
    expect(uiText('zh-TW', 'chooseLanguage')).toBe(UI_STRINGS['zh-Hant']!.chooseLanguage);
  });
});
