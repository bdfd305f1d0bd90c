import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import { languageLabel } from '../languages/names.ts';
import { LANGUAGES } from '../languages/catalogue.ts';
import LanguageChoice from './LanguageChoice.tsx';

/**
 * The review screen names languages as Settings does, with the names Node computed when the site
 * was built: the browser's trimmed ICU data would answer English names ('Western Frisian') in
 * the French interface.
 */
describe('the review screen’s language list', () => {
  for (const lang of ['fr', 'en'] as const satisfies Lang[]) {
    it(`offers every language by its Settings name, in Settings' order (${lang})`, () => {
      // As Settings lists them (settings/languages.ts languageChoices, which pages give islands).
      const collator = new Intl.Collator(lang);
      const languages = LANGUAGES.map((code) => ({ code, label: languageLabel(code, lang) })).sort(
        (a, b) => collator.compare(a.label, b.label),
      );
      const html = renderToStaticMarkup(
        createElement(LanguageChoice, {
          t: (key, vars) => translate(lang, key, vars),
          lang,
          articleId: 4,
          current: 'fy',
          languages,
        }),
      );
      const options = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)];
      expect(options.map((m) => m[1])).toEqual(languages.map((l) => l.code));
      expect(options.map((m) => m[2])).toEqual(languages.map((l) => l.label));
      expect(html).toContain(
        lang === 'fr' ? '>Frysk (Frison occidental)<' : '>Frysk (Western Frisian)<',
      );
    });
  }
});
