import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../languages/catalogue.ts';
import { nativeName } from '../../languages/names.ts';
import { READER_SCRIPT } from './document.ts';
import { fold, matchesQuery } from './picker-search.ts';
import { renderLanguagePicker, type PickerOptions } from './picker.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

const languages = LANGUAGES.map((code) => ({ code, name: nativeName(code) }));

const base: PickerOptions = {
  title: 'La Joconde',
  articleName: 'la-joconde',
  background: '#341539',
  uiLang: 'en',
  source: { code: 'fr', label: 'Français' },
  suggested: ['en', 'es'],
  languages,
};

const picker = (extra: Partial<PickerOptions> = {}) => renderLanguagePicker({ ...base, ...extra });

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

interface Link {
  url: URL;
  lang: string;
  dir: string;
  name: string;
  alt?: string;
}

/** Every language link of a part of the page, in order. */
function links(html: string): Link[] {
  const found = html.matchAll(
    /<li><a href="([^"]*)"><span class="reader-choice" lang="([^"]*)" dir="([^"]*)">([^<]*)<\/span>(?:<span class="reader-alt">([^<]*)<\/span>)?<\/a><\/li>/g,
  );
  return [...found].map(([, href = '', lang = '', dir = '', name = '', alt]) => ({
    url: new URL(unescape(href), 'https://museum.example'),
    lang,
    dir,
    name: unescape(name),
    alt: alt === undefined ? undefined : unescape(alt),
  }));
}

/** The page without reader.js's tag, the one script a visitor page carries. */
const withoutReaderScript = (html: string) =>
  html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '');

/** The part of the page after the "All languages" heading: the form and the full list. */
const allSection = (html: string) => html.slice(html.indexOf('<h2 id="languages">'));
const topSection = (html: string) => html.slice(0, html.indexOf('<h2 id="languages">'));

describe('renderLanguagePicker: the document', () => {
  it('is a whole page in the interface language, with no script', () => {
    const html = picker();
    expect(html).toMatch(
      /^<!doctype html><html lang="en" dir="ltr"><head><meta charSet="utf-8"\/>/,
    );
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<meta name="theme-color" content="#341539"/>');
    expect(html).toContain('<title>Choose your language – La Joconde</title>');
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Choose your language</h1>');
    expect(html).toContain('<h2>Suggested</h2>');
    expect(html).toContain('<h2 id="languages">All languages</h2>');
    // The title is in the article's language, not the page's.
    expect(html).toContain('<p class="reader-kicker" lang="fr" dir="ltr">La Joconde</p>');
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    // Nothing to fetch before showing the page: the one link is the icon.
    expect(html.match(/<link[^>]*>/g)).toEqual([
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    ]);
    expect(html).not.toContain('noindex');
    expect(picker({ noindex: true })).toContain('<meta name="robots" content="noindex"/>');
  });

  it('speaks the visitor language, right to left when it is', () => {
    const ar = picker({ uiLang: 'ar' });
    expect(ar).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar).toContain('<h1>اختر لغتك</h1>');
    const es = picker({ uiLang: 'es-MX' });
    expect(es).toMatch(/<html lang="es" dir="ltr">/);
    expect(es).toContain('<h1>Elija su idioma</h1>');
    expect(links(es).find((l) => l.lang === 'de')?.alt).toBe('Alemán');
    // No words for Swahili: English, and the page says so.
    expect(picker({ uiLang: 'sw' })).toMatch(
      /<html lang="en" dir="ltr">.*<h1>Choose your language/s,
    );
  });

  it('shows no title line for an article without text: never the private name', () => {
    const html = picker({ title: undefined });
    expect(html).not.toContain('<p class="reader-kicker"');
    expect(html).toContain('<title>Choose your language</title>');
  });

  it('escapes the title', () => {
    const html = picker({ title: '</title><script>alert(1)</script>' });
    expect(html).toContain(
      '<title>Choose your language – &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
  });

  it('uses a legible ink on a light background', () => {
    expect(picker({ background: '#ffffff' })).toContain(
      'style="background-color:#ffffff;color:#1f1422"',
    );
    expect(picker()).toContain('<div class="reader" style="background-color:#341539">');
  });
});

describe('renderLanguagePicker: the languages', () => {
  it('offers the original first, then the suggestions', () => {
    const top = links(topSection(picker({ suggested: ['en', 'fr', 'es', 'en'] })));
    expect(top.map((l) => l.lang)).toEqual(['fr', 'en', 'es']);
    expect(top[0]).toMatchObject({ name: 'Français', alt: 'Original version' });
    expect(top[1]).toMatchObject({ name: 'English', alt: undefined });
    expect(top[2]).toMatchObject({ name: 'Español', alt: 'Spanish' });
  });

  it('leaves the suggestions out when there are none', () => {
    const html = picker({ suggested: [] });
    expect(html).not.toContain('<h2>Suggested</h2>');
    expect(links(topSection(html)).map((l) => l.lang)).toEqual(['fr']);
  });

  it('lists every language by its native name, in its own script and direction', () => {
    const all = links(allSection(picker()));
    expect(all.map((l) => l.lang).sort()).toEqual([...LANGUAGES].sort());
    const byLang = new Map(all.map((l) => [l.lang, l]));
    expect(byLang.get('ar')).toMatchObject({ name: 'العربية', dir: 'rtl', alt: 'Arabic' });
    expect(byLang.get('he')).toMatchObject({ name: 'עברית', dir: 'rtl' });
    expect(byLang.get('ja')).toMatchObject({ name: '日本語', dir: 'ltr' });
    expect(byLang.get('zh-Hant')?.dir).toBe('ltr');
  });

  it('sorts the list by native name', () => {
    const names = links(allSection(picker())).map((l) => l.name);
    const at = (name: string) => names.indexOf(name);
    expect(at('Deutsch')).toBeGreaterThanOrEqual(0);
    expect(at('Deutsch')).toBeLessThan(at('English'));
    expect(at('English')).toBeLessThan(at('Español'));
    expect(at('Español')).toBeLessThan(at('Français'));
    expect(at('Français')).toBeLessThan(at('Русский'));
    expect(at('Русский')).toBeLessThan(at('العربية'));
  });

  it('links each language to the article, encoded and escaped', () => {
    const articleName = 'salle 1&x="<>#';
    const html = picker({ articleName });
    const all = links(html);
    expect(all.length).toBe(LANGUAGES.length + 3);
    for (const link of all) {
      expect(link.url.origin).toBe('https://museum.example');
      expect(link.url.pathname).toBe('/article');
      expect([...link.url.searchParams.keys()]).toEqual(['name', 'lang']);
      expect(link.url.searchParams.get('name')).toBe(articleName);
      expect(link.url.searchParams.get('lang')).toBe(link.lang);
      expect(link.url.hash).toBe('');
    }
    expect(html).toContain('href="/article?name=salle%201%26x%3D%22%3C%3E%23&amp;lang=zh-Hant"');
    expect(html).not.toContain('x="<');
  });
});

describe('renderLanguagePicker: the search', () => {
  it('is a GET form to /article with a labelled field', () => {
    const html = picker();
    const form = /<form[^>]*>.*?<\/form>/s.exec(html)?.[0] ?? '';
    expect(form).toMatch(
      /^<form class="reader-search" role="search" action="\/article#languages" method="get">/,
    );
    expect(form).toContain('<input type="hidden" name="name" value="la-joconde"/>');
    expect(form).toContain('<input type="hidden" name="choose" value="1"/>');
    expect(form).not.toContain('ignoreStats');
    expect(form).toContain('<label for="q">Search for a language</label>');
    const search = /<input type="search"[^>]*>/.exec(form)?.[0] ?? '';
    expect(search).toContain(' id="q"');
    expect(search).toContain(' name="q"');
    expect(search).toContain(' value=""');
    expect(form).toContain('<button class="reader-button" type="submit">Search</button>');
  });

  it.each([
    ['espanol', 'es'],
    ['ESPAÑOL', 'es'],
    ['  Espa  ', 'es'],
    ['spanish', 'es'],
    ['arab', 'ar'],
    ['العربية', 'ar'],
    ['zh-hant', 'zh-Hant'],
    ['日本', 'ja'],
    ['francais', 'fr'],
  ])('finds %j', (query, code) => {
    const html = picker({ query });
    const found = links(allSection(html)).map((l) => l.lang);
    expect(found).toContain(code);
    expect(found.length).toBeLessThan(10);
    expect(html).toContain(`value="${query.replace(/\s+/g, ' ').trim()}"`);
  });

  it('finds a language by its name in the interface language', () => {
    const found = links(allSection(picker({ uiLang: 'fr', query: 'allemand' })));
    expect(found.map((l) => l.lang)).toEqual(['de']);
  });

  it('keeps the original and the suggestions above the results', () => {
    const html = picker({ query: 'deutsch' });
    expect(links(topSection(html)).map((l) => l.lang)).toEqual(['fr', 'en', 'es']);
    expect(links(allSection(html)).map((l) => l.lang)).toEqual(['de']);
  });

  it('says when nothing matches, in the visitor language', () => {
    const html = picker({ query: 'zzqq' });
    expect(links(allSection(html))).toEqual([]);
    expect(html).toContain('<p>No language matches “zzqq”.</p>');
    expect(picker({ query: 'zzqq', uiLang: 'fr' })).toContain(
      '<p>Aucune langue ne correspond à «\u00a0zzqq\u00a0».</p>',
    );
  });

  it('writes a hostile query back as text', () => {
    const query = '"><script>alert(1)</script>';
    const html = picker({ query });
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain(
      'No language matches “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”.',
    );
  });

  it('cuts a very long query', () => {
    const html = picker({ query: 'a'.repeat(1000) });
    expect(html).toContain(`value="${'a'.repeat(64)}"`);
    expect(html).not.toContain('a'.repeat(65));
  });
});

describe('renderLanguagePicker: ignoreStats', () => {
  it('carries ignoreStats=true through every link and the form', () => {
    const html = picker({ ignoreStats: true });
    const all = links(html);
    expect(all.length).toBe(LANGUAGES.length + 3);
    for (const link of all) expect(link.url.searchParams.get('ignoreStats')).toBe('true');
    expect(html).toContain('<input type="hidden" name="ignoreStats" value="true"/>');
  });

  it('adds nothing without it', () => {
    for (const html of [picker(), picker({ ignoreStats: false })]) {
      expect(html).not.toContain('ignoreStats');
    }
  });
});

describe('matchesQuery and fold', () => {
  it('folds case, accents and wide forms', () => {
    expect(fold('ÉSPAÑOL')).toBe('espanol');
    expect(fold('ｅｓｐａｎｏｌ')).toBe('espanol');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('matches native name, English name and code start', () => {
    const es = { code: 'es', name: 'Español' };
    expect(matchesQuery(es, 'pañ')).toBe(true);
    expect(matchesQuery(es, 'Spani')).toBe(true);
    expect(matchesQuery(es, 'es')).toBe(true);
    expect(matchesQuery(es, '')).toBe(true);
    expect(matchesQuery(es, 'deutsch')).toBe(false);
    expect(matchesQuery(es, 'espagnol')).toBe(false);
    expect(matchesQuery(es, 'espagnol', 'fr')).toBe(true);
  });
});

describe('renderLanguagePicker: weight', () => {
  it('stays small with every language: well under the 14 KB budget once compressed', () => {
    const html = picker({ suggested: ['en', 'es', 'de'] });
    const gzip = gzipSync(html).length;
    // Measured: about 28 KB raw, 5.3 KB gzip with 145 languages (names in English beside).
    console.info(`picker page: ${html.length} bytes, ${gzip} bytes gzip`);
    expect(gzip).toBeLessThan(14 * 1024);
  });
});
