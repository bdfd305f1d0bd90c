import { describe, expect, it } from 'vitest';
import { READER_SCRIPT } from './document.ts';
import { VISITOR_PAGE_CSP } from './page.ts';
import { progressPercent, renderProgressPage, type ProgressOptions } from './progress.ts';

const base: ProgressOptions = {
  title: 'La Joconde',
  background: '#341539',
  uiLang: 'en',
  languageName: 'Español',
  done: 3,
  total: 12,
  refreshSeconds: 2,
  originalHref: '/article?name=la-joconde&lang=fr',
};

/** The page without reader.js's tag, the one script a visitor page carries (issue 19). */
const withoutReaderScript = (html: string) =>
  html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '');

const page = (extra: Partial<ProgressOptions> = {}) => renderProgressPage({ ...base, ...extra });
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('renderProgressPage', () => {
  it('refreshes itself without a script of its own and is never indexed', () => {
    const html = page();
    expect(head(html)).toContain('<meta http-equiv="refresh" content="2"/>');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect(page({ noindex: false })).toContain('<meta name="robots" content="noindex"/>');
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    // Meta refresh is not a fetch CSP governs; the policy forbids every script but this site's
    // own file (reader.js, issue 19), and inline ones.
    expect(VISITOR_PAGE_CSP).toContain("script-src 'self';");
  });

  it('says what is being done, with the numbers in a bar and in words', () => {
    const html = page();
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(html).toContain('<title>Translating into Español… – La Joconde</title>');
    expect(html).toContain('<h1 id="status">Translating into Español…</h1>');
    // 3 parts of 12 done, none of the running ones counted yet: 25%.
    expect(html).toContain('<progress id="progress" max="100" value="25">25%</progress>');
    expect(html).toContain('<label for="progress">3 of 12 parts done</label>');
    expect(html).toContain('This page refreshes by itself.');
    expect(html).toContain(
      '<a class="reader-button" href="/article?name=la-joconde&amp;lang=fr">Read the original meanwhile</a>',
    );
    expect(html).toContain('<p class="reader-kicker">La Joconde</p>');
  });

  it('speaks the visitor language and marks the language name', () => {
    const html = page({ uiLang: 'ar', languageCode: 'es', titleLang: 'fr' });
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('جارٍ الترجمة إلى <span lang="es" dir="ltr">Español</span>…');
    expect(html).toContain('الأجزاء المكتملة: 3 من 12');
    expect(html).toContain('<p class="reader-kicker" lang="fr" dir="ltr">La Joconde</p>');
    // Same language as the page: no attribute to repeat.
    expect(page({ uiLang: 'es', languageCode: 'es' })).toContain(
      '<h1 id="status">Traducción en curso: <span>Español</span>…</h1>',
    );
  });

  it('keeps numbers and delay sensible', () => {
    const over = page({ done: 20, total: 12, refreshSeconds: 0 });
    expect(over).toContain('max="100" value="100"');
    expect(over).toContain('content="1"');
    expect(page({ done: 2.7, total: 5.2, refreshSeconds: 99999 })).toMatch(
      /content="3600".*max="100" value="40".*2 of 5 parts done/s,
    );
    expect(page({ done: 0, total: 1, elapsedMs: Number.NaN })).toContain('value="0"');
    expect(page({ done: 0, total: 1, elapsedMs: -5000 })).toContain('value="0"');
    const unknown = page({ done: 0, total: 0, refreshSeconds: Number.NaN });
    expect(unknown).toContain('<progress aria-labelledby="status"></progress>');
    expect(unknown).not.toContain('parts done');
    expect(unknown).toContain('content="3"');
  });

  it('moves the bar with time while a part runs, so a one-part article does not sit at 0', () => {
    const at = (elapsedMs: number) =>
      Number(/<progress[^>]* value="(\d+)"/.exec(page({ done: 0, total: 1, elapsedMs }))?.[1]);
    // One look every refresh (2 s): the bar is further on at each.
    const seen = [0, 2_000, 4_000, 6_000, 10_000, 20_000, 40_000, 120_000].map(at);
    expect(seen[0]).toBe(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    // Never done before the part is: the words still say 0 of 1.
    expect(seen.at(-1)).toBeLessThan(100);
    expect(page({ done: 0, total: 1, elapsedMs: 120_000 })).toContain('0 of 1 parts done');
    expect(progressPercent(1, 4, 0)).toBe(25);
    expect(progressPercent(1, 4, 15_000)).toBeGreaterThan(25);
  });

  it('shows no title without one: never the private name', () => {
    const html = page({ title: undefined });
    expect(html).not.toContain('<p class="reader-kicker"');
    expect(html).toContain('<title>Translating into Español…</title>');
  });

  it('escapes everything it is given and links only within the site', () => {
    const hostile = '"><script>alert(1)</script>';
    const html = page({ title: hostile, languageName: hostile, languageCode: hostile });
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;');
    for (const originalHref of [
      'javascript:alert(1)',
      '//evil.example/',
      'https://evil.example/',
    ]) {
      const other = page({ originalHref });
      expect(other).not.toContain('evil');
      expect(other).not.toContain('javascript');
      expect(other).not.toContain('Read the original meanwhile');
    }
  });

  it('draws our words legibly on a light background', () => {
    expect(page({ background: '#fafafa' })).toContain('background-color:#fafafa;color:#1f1422');
    expect(page({ background: 'url(x)' })).toContain('style="background-color:#341539"');
  });
});
