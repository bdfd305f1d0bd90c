import { describe, expect, it } from 'vitest';
import { VISITOR_PAGE_CSP } from './page.ts';
import { renderProgressPage, type ProgressOptions } from './progress.ts';

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

const page = (extra: Partial<ProgressOptions> = {}) => renderProgressPage({ ...base, ...extra });
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('renderProgressPage', () => {
  it('refreshes itself without script and is never indexed', () => {
    const html = page();
    expect(head(html)).toContain('<meta http-equiv="refresh" content="2">');
    expect(head(html)).toContain('<meta name="robots" content="noindex">');
    expect(page({ noindex: false })).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script/i);
    // Meta refresh is not a fetch CSP governs; the policy still forbids every script.
    expect(VISITOR_PAGE_CSP).not.toContain('script-src');
  });

  it('says what is being done, with the numbers in a bar and in words', () => {
    const html = page();
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(html).toContain('<title>Translating into Español… – La Joconde</title>');
    expect(html).toContain('<h1 id="status">Translating into Español…</h1>');
    expect(html).toContain('<progress id="progress" max="12" value="3">3/12</progress>');
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
    expect(over).toContain('max="12" value="12"');
    expect(over).toContain('content="1"');
    expect(page({ done: 2.7, total: 5.2, refreshSeconds: 99999 })).toMatch(
      /content="3600".*max="5" value="2"/s,
    );
    const unknown = page({ done: 0, total: 0, refreshSeconds: Number.NaN });
    expect(unknown).toContain('<progress aria-labelledby="status"></progress>');
    expect(unknown).not.toContain('parts done');
    expect(unknown).toContain('content="3"');
  });

  it('escapes everything it is given and links only within the site', () => {
    const hostile = '"><script>alert(1)</script>';
    const html = page({ title: hostile, languageName: hostile, languageCode: hostile });
    expect(html).not.toMatch(/<script/i);
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
