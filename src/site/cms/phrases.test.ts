import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decap's French (decap-cms-locales) leaves some of its words in English ('Media', 'Fill in from
 * another locale'); public/admin/phrases-fr.json gives them, and boot.js adds it to Decap's
 * French before the CMS starts. Every English phrase Decap has must then read in French.
 */
type Phrases = { [key: string]: string | Phrases };

/** Decap's own phrases for `lang`, from the locales package the installed decap-cms brings. */
const fromDecap = createRequire(createRequire(import.meta.url).resolve('decap-cms'));
async function decapPhrases(lang: string): Promise<Phrases> {
  const file = fromDecap.resolve(`decap-cms-locales/dist/esm/${lang}/index.js`);
  return ((await import(pathToFileURL(file).href)) as { default: Phrases }).default;
}
const en = await decapPhrases('en');
const fr = await decapPhrases('fr');

const ours = JSON.parse(fs.readFileSync('public/admin/phrases-fr.json', 'utf8')) as Phrases;

/** Every phrase by its dotted key. */
function flat(phrases: Phrases, prefix = ''): Map<string, string> {
  const all = new Map<string, string>();
  for (const [key, value] of Object.entries(phrases)) {
    if (typeof value === 'string') all.set(prefix + key, value);
    else for (const [k, v] of flat(value, `${prefix}${key}.`)) all.set(k, v);
  }
  return all;
}

/** The same in both languages: names, signs, a date's pattern. */
const SAME = /^(Collections|Code|Markdown|Images|Notes|%\{\w+\}|＋ %\{\w+\}|MMMM D)$/;

describe('the blog CMS in French', () => {
  const english = flat(en);
  const decapFrench = flat(fr);
  const ourFrench = flat(ours);

  it('has a French word for every English one', () => {
    const left = [...english].filter(([key, text]) => {
      const french = ourFrench.get(key) ?? decapFrench.get(key);
      return french === undefined || (french === text && !SAME.test(text));
    });
    expect(left.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('adds only phrases Decap has, keeping its placeholders', () => {
    for (const [key, text] of ourFrench) {
      expect(english.has(key), key).toBe(true);
      const names = (phrase: string) => [...phrase.matchAll(/%\{\w+\}/g)].map((m) => m[0]).sort();
      expect(names(text), key).toEqual(names(english.get(key)!));
    }
  });
});
