import { describe, expect, it } from 'vitest';
import { LANGUAGES, isSupportedLanguage, sameLanguage, supportedLanguage } from './catalogue.ts';
import { direction } from './direction.ts';
import { languageLabel, languageName, nativeName } from './names.ts';

describe('languages', () => {
  it('include the languages most visitors to a European museum speak', () => {
    const common = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'pl', 'sv', 'da', 'nb', 'fi', 'cs'];
    const more = ['ro', 'hu', 'el', 'uk', 'ru', 'tr', 'ar', 'he', 'zh-Hans', 'ja', 'ko', 'hi'];
    for (const code of [...common, ...more]) expect(supportedLanguage(code), code).toBe(code);
    expect(nativeName('pl')).toBe('Polski');
  });

  it('offers more than 100 distinct, valid BCP-47 codes', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(110);
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
    for (const code of LANGUAGES) {
      expect(Intl.getCanonicalLocales(code)).toEqual([code]);
    }
    for (const code of ['ar', 'he', 'fa', 'ur', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'hi', 'bn']) {
      expect(LANGUAGES).toContain(code);
    }
    for (const code of ['ta', 'te', 'sw', 'am', 'yo', 'ha', 'ig', 'zu', 'fr', 'en', 'es']) {
      expect(LANGUAGES).toContain(code);
    }
  });

  it('names every language in itself, never by its code', () => {
    const names = LANGUAGES.map(nativeName);
    names.forEach((name, i) => {
      expect(name.trim()).not.toBe('');
      expect(name).not.toBe(LANGUAGES[i]);
    });
    expect(new Set(names).size).toBe(names.length);
  });

  it('capitalises with the language’s own rules', () => {
    expect(nativeName('es')).toBe('Español');
    expect(nativeName('fr')).toBe('Français');
    expect(nativeName('ar')).toBe('العربية');
    expect(nativeName('tr')).toBe('Türkçe');
    expect(nativeName('zh-Hant')).toBe('繁體中文');
    expect(nativeName('ka')).toBe('ქართული');
    expect(nativeName('zu')).toBe('isiZulu');
    expect(languageName('es', 'fr')).toBe('Espagnol');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('zh-Hans', 'en')).toBe('Simplified Chinese');
  });

  it('writes Arabic, Hebrew, Persian, Urdu and the other right-to-left scripts rtl', () => {
    const rtl = LANGUAGES.filter((code) => direction(code) === 'rtl');
    expect([...rtl].sort()).toEqual(
      ['ar', 'ckb', 'dv', 'fa', 'he', 'ps', 'sd', 'ug', 'ur', 'yi'].sort(),
    );
    expect(direction('fr')).toBe('ltr');
    expect(direction('zh-Hant')).toBe('ltr');
    expect(direction('not a code')).toBe('ltr');
  });

  it('knows which codes are supported, spelt canonically', () => {
    expect(isSupportedLanguage('zh-Hant')).toBe(true);
    expect(isSupportedLanguage('zh-hant')).toBe(false);
    expect(supportedLanguage('ZH-hant')).toBe('zh-Hant');
    expect(isSupportedLanguage('xx')).toBe(false);
    expect(isSupportedLanguage('')).toBe(false);
  });

  it('serves the same language and script untranslated, and no other', () => {
    expect(sameLanguage('fr', 'fr')).toBe(true);
    expect(sameLanguage('fr', 'fr-FR')).toBe(true);
    expect(sameLanguage('fr-CA', 'fr')).toBe(true);
    expect(sameLanguage('zh-Hans', 'zh-Hant')).toBe(false);
    expect(sameLanguage('sr', 'sr-Latn')).toBe(false);
    expect(sameLanguage('fr', 'en')).toBe(false);
    expect(sameLanguage('fr', '!!')).toBe(false);
  });
});

describe('languageLabel', () => {
  it('names a language by its own name, then in the interface language when that differs', () => {
    expect(languageLabel('fy', 'fr')).toBe('Frysk (Frison occidental)');
    expect(languageLabel('es', 'en')).toBe('Español (Spanish)');
    expect(languageLabel('fr', 'fr')).toBe('Français');
    // A statistics key that is no language, even one of Object.prototype's: as it is.
    expect(['constructor', 'toString', '__proto__'].map((k) => languageLabel(k, 'fr'))).toEqual([
      'Constructor',
      'Tostring',
      '__proto__',
    ]);
  });
});
