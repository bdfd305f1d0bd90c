import { describe, expect, it } from 'vitest';
import { readContent } from '../../articles/content.ts';
import { renderArticlePage, type VisitorPage } from './page.ts';

/** The editor's 'left' and 'right' are the line's start and end, whatever the page's direction. */

const page = (lang: string, align?: string): VisitorPage => ({
  content: readContent(
    [
      { type: 'metadatas', url: 'joconde' },
      { type: 'text', content: 'Un portrait.', ...(align ? { align } : {}) },
    ],
    'joconde',
  ),
  lang,
  languageLabel: lang,
});

const textAligns = (html: string) => html.match(/text-align:[a-z-]+/g) ?? [];

describe('text alignment on left-to-right and right-to-left pages', () => {
  it('starts a default-aligned block at the line start: right on an Arabic page', () => {
    const html = renderArticlePage(page('ar'));
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).not.toContain('text-align:left');
    expect(html).toContain('<p class="reader-text" style="');
    expect(textAligns(html.slice(html.indexOf('class="reader-text"')))).toEqual([
      'text-align:start',
    ]);
  });

  it('keeps a French page flush left (start in a left-to-right document)', () => {
    const html = renderArticlePage(page('fr'));
    expect(html).toMatch(/<html lang="fr" dir="ltr">/);
    expect(textAligns(html.slice(html.indexOf('class="reader-text"')))).toEqual([
      'text-align:start',
    ]);
  });

  it('mirrors right to end on every right-to-left page; centre and justify stay', () => {
    for (const lang of ['ar', 'he', 'fa', 'ur']) {
      const html = renderArticlePage(page(lang, 'right'));
      expect(html).not.toMatch(/text-align:(left|right)/);
      expect(html).toContain('text-align:end');
    }
    expect(renderArticlePage(page('ar', 'center'))).toContain('text-align:center');
    expect(renderArticlePage(page('ar', 'justify'))).toContain('text-align:justify');
  });
});
