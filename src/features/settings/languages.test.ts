import { describe, expect, it } from 'vitest';
import { languageName, nativeName } from '../languages/names.ts';
import { LANGUAGES } from '../languages/catalogue.ts';
import { languageChoices } from './languages.ts';

/** The settings' list names every language as the visitor picker does. */
describe('languageChoices', () => {
  it('offers every language once', () => {
    for (const lang of ['fr', 'en'] as const) {
      const codes = languageChoices(lang).map((choice) => choice.code);
      expect(codes.toSorted()).toEqual([...LANGUAGES].sort());
    }
  });

  it('shows the native name, then the interface language name when it differs', () => {
    const fr = new Map(languageChoices('fr').map((c) => [c.code, c.label]));
    const en = new Map(languageChoices('en').map((c) => [c.code, c.label]));
    expect(fr.get('sq')).toBe('Shqip (Albanais)');
    expect(en.get('sq')).toBe('Shqip (Albanian)');
    expect(fr.get('bo')).toBe('བོད་སྐད་ (Tibétain)');
    expect(fr.get('ff')).toBe('Pulaar (Peul)');
    expect(fr.get('es')).toBe('Español (Espagnol)');
    expect(fr.get('fr')).toBe('Français');
    expect(en.get('en')).toBe('English');
    // Same word, accents aside: said once.
    expect(fr.get('mi')).toBe('Māori');
  });

  it('never shows a raw code, nor an English name in the French list', () => {
    for (const { code, label } of languageChoices('fr')) {
      const own = nativeName(code);
      expect(label.startsWith(own), code).toBe(true);
      const ours = label === own ? undefined : label.slice(own.length + 2, -1);
      expect(own.toLowerCase(), code).not.toBe(code.toLowerCase());
      // Beside it, the French name, never the English one ('Albanian').
      if (ours !== undefined) expect(ours, code).toBe(languageName(code, 'fr'));
    }
  });

  it('is sorted with the interface language collation', () => {
    const labels = languageChoices('fr').map((c) => c.label);
    expect(labels).toEqual(labels.toSorted(new Intl.Collator('fr').compare));
  });
});
