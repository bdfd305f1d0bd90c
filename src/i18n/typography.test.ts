import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingText } from '../site/landing/text.ts';

/**
 * The staff dictionaries (src/i18n) and the visitor dictionaries (reader/render/strings) follow
 * each language's typography. French: a no-break space (U+00A0, or the narrow U+202F) before
 * : ; ! ? and » and after «, so that a line never starts with the sign; the curly apostrophe ’
 * (the one the files mostly used); accents on capitals (À, É). Every language: no space before
 * : ; ! ? where French is not the language, the ellipsis as one sign (…), the curly apostrophe,
 * and 'démo' in French; French numbers and percentages keep their no-break space (5 000, 12 %),
 * and the staff interface says 'code QR' throughout. English: British spelling, as the files have
 * it. `[! … !]` is the italics' markup, not punctuation.
 */

type Dict = { [key: string]: string | Dict };

function values(dict: Dict, prefix = ''): [string, string][] {
  return Object.entries(dict).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : values(value, `${prefix}${key}.`),
  );
}

function read(file: string): [string, string][] {
  return values(JSON.parse(fs.readFileSync(file, 'utf8')) as Dict);
}

const VISITOR_DIR = 'src/features/reader/render/strings';
const visitor = fs
  .readdirSync(VISITOR_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ lang: name.replace(/\.json$/, ''), file: path.join(VISITOR_DIR, name) }));
const dictionaries = [
  { lang: 'fr', file: 'src/i18n/fr.json' },
  { lang: 'en', file: 'src/i18n/en.json' },
  ...visitor,
];

/** The italics' markup `[! … !]`, taken out before the punctuation is read. */
const withoutMarkup = (text: string) =>
  text.replace(/\[!|!\]/g, '').replace(/\b(https?:\/\/|mailto:)/g, '');

/** What is wrong with one French value, in words (empty: nothing). */
function frenchFaults(raw: string): string[] {
  const text = withoutMarkup(raw);
  const faults: string[] = [];
  if (/ [:;!?»]/.test(text)) faults.push('ordinary space before : ; ! ? »');
  if (/« /.test(text)) faults.push('ordinary space after «');
  if (/[\p{L}\p{N})}][;!?»]|\p{L}:/u.test(text)) faults.push('no space before : ; ! ? »');
  if (/«\S/.test(text)) faults.push('no space after «');
  if (/(\d|\}) (%|\d{3}\b)/.test(text)) faults.push('ordinary space in a number or before %');
  if (/\bdemo\b/i.test(text)) faults.push('demo without its accent');
  if (/(^|[.!?…]\s+)(A|Etre|Etes|Etat|Ecrire|Editer|Echec|Etape|Element|Ecran)\s/u.test(text)) {
    faults.push('capital without its accent');
  }
  return faults;
}

/** The staff interface names its codes 'code QR' (visitors read the common 'QR code'). */
function staffFrenchFaults(text: string): string[] {
  return /\bQR codes?\b/.test(text) ? ['QR code (the interface says code QR)'] : [];
}

/** What is wrong with a value in any other language. */
function otherFaults(raw: string): string[] {
  const text = withoutMarkup(raw);
  return /[ \u00a0\u202f][:;!?]/.test(text) ? ['space before : ; ! ?'] : [];
}

/** English: British spelling, as the file mostly has it (colour, centre, organise). */
function englishFaults(text: string): string[] {
  const faults: string[] = [];
  if (/\b(colors?|center(ed)?|organiz\w*|Reseting)\b/i.test(text)) faults.push('spelling');
  if (/[«»]/.test(text)) faults.push('French quotation marks');
  return faults;
}

function commonFaults(text: string): string[] {
  const faults: string[] = [];
  if (text.includes("'")) faults.push('straight apostrophe (use ’)');
  if (text.includes('...')) faults.push('three dots (use …)');
  if (/\S {2,}\S/.test(text)) faults.push('double space');
  return faults;
}

describe('typography of the dictionaries', () => {
  for (const { lang, file } of dictionaries) {
    it(`${file} follows ${lang === 'fr' ? 'French' : 'its language’s'} typography`, () => {
      const faults = read(file).flatMap(([key, value]) =>
        [
          ...(lang === 'fr' ? frenchFaults(value) : otherFaults(value)),
          ...(lang === 'en' ? englishFaults(value) : []),
          ...commonFaults(value),
          ...(file === 'src/i18n/fr.json' ? staffFrenchFaults(value) : []),
        ].map((fault) => `${key}: ${fault}: ${value}`),
      );
      expect(faults).toEqual([]);
    });
  }

  it('checks what it says it checks', () => {
    expect(frenchFaults('Langue : FR')).toEqual(['ordinary space before : ; ! ? »']);
    expect(frenchFaults('Langue\u00a0: FR')).toEqual([]);
    expect(frenchFaults('« mot\u00a0»')).toEqual(['ordinary space after «']);
    expect(frenchFaults('Réserver une demo')).toEqual(['demo without its accent']);
    expect(frenchFaults('A propos')).toEqual(['capital without its accent']);
    expect(frenchFaults('5 000 caractères, {{rate}} %')).toEqual([
      'ordinary space in a number or before %',
    ]);
    expect(frenchFaults('l’italique s’écrit [! … !]\u00a0: rien')).toEqual([]);
    expect(otherFaults('Article 3 : name')).toEqual(['space before : ; ! ?']);
    expect(commonFaults("it's...")).toHaveLength(2);
  });
});

describe('words that point somewhere on the screen', () => {
  it('send to the glossary’s form where it is: above the list', () => {
    const screen = fs.readFileSync('src/features/glossary/GlossaryScreen.tsx', 'utf8');
    expect(screen.indexOf('<TermForm')).toBeGreaterThan(-1);
    expect(screen.indexOf('<TermForm')).toBeLessThan(screen.indexOf("t('glossary.empty')"));
    const fr = JSON.parse(fs.readFileSync('src/i18n/fr.json', 'utf8')) as { glossary: Dict };
    const en = JSON.parse(fs.readFileSync('src/i18n/en.json', 'utf8')) as { glossary: Dict };
    expect(fr.glossary.empty).toMatch(/ci-dessus\.$/);
    expect(en.glossary.empty).toMatch(/above\.$/);
  });

  it('write the editor’s English heading with a colon, no space before it', () => {
    const en = JSON.parse(fs.readFileSync('src/i18n/en.json', 'utf8')) as { editor: Dict };
    const fr = JSON.parse(fs.readFileSync('src/i18n/fr.json', 'utf8')) as { editor: Dict };
    expect(en.editor.heading).toBe('Article {{id}}: {{name}}');
    expect(fr.editor.heading).toBe('Article {{id}}\u00a0: {{name}}');
  });
});

/** Every string of a value, however deep (the landing page's texts hold arrays). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('typography of the public site’s texts', () => {
  it('the landing page follows French and English typography', () => {
    const faults = [
      ...strings(landingText.french).flatMap((text) =>
        [...frenchFaults(text), ...commonFaults(text)].map((fault) => `fr: ${fault}: ${text}`),
      ),
      ...strings(landingText.english).flatMap((text) =>
        [...otherFaults(text), ...englishFaults(text), ...commonFaults(text)].map(
          (fault) => `en: ${fault}: ${text}`,
        ),
      ),
    ];
    expect(faults).toEqual([]);
  });

  for (const lang of ['fr', 'en'] as const) {
    it(`the blog’s ${lang === 'fr' ? 'French' : 'English'} posts do too`, () => {
      const dir = `content/blog/${lang}`;
      const faults = fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .flatMap((name) =>
          fs
            .readFileSync(path.join(dir, name), 'utf8')
            .split('\n')
            .flatMap((line) => {
              const prose = line.replace(/^[a-zA-Z]+: /, '').replace(/\]\([^)]*\)/g, ']');
              const found = [
                ...(lang === 'fr' && / [:;!?»]|« /.test(prose) ? ['ordinary space'] : []),
                // A quotation keeps its own language's typography (a French label, quoted).
                ...(lang === 'en' && !line.startsWith('>') && / [:;!?]/.test(prose)
                  ? ['space before : ; ! ?']
                  : []),
                ...(/\p{L}'\p{L}/u.test(prose) ? ['straight apostrophe'] : []),
              ];
              return found.map((fault) => `${name}: ${fault}: ${line}`);
            }),
        );
      expect(faults).toEqual([]);
    });
  }
});
