import { describe, expect, it } from 'vitest';
import { cardDate } from './blog/dates.ts';
import { blogPostSchema } from './blog/schema.ts';
import { robotsTxt, sitemapXml } from './seo.ts';

describe('robots.txt', () => {
  const robots = robotsTxt('https://legenda.example');

  it('lets the public pages be crawled and names the sitemap', () => {
    const disallowed = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    for (const page of ['/', '/en', '/blog', '/en/blog/guarani', '/contact', '/en/contact']) {
      expect(
        disallowed.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(false);
    }
    expect(robots).toContain('Sitemap: https://legenda.example/sitemap.xml');
  });
});

describe('the sitemap', () => {
  it('lists every language of a page with its hreflang twins, escaped', () => {
    const xml = sitemapXml('https://legenda.example', [
      {
        alternates: { fr: '/blog/pourquoi-legenda', en: '/en/blog/why-legenda' },
        lastmod: new Date('2025-01-16'),
      },
      { alternates: { fr: '/blog/a&b' } },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain(
      '<loc>https://legenda.example/blog/pourquoi-legenda</loc><lastmod>2025-01-16</lastmod>',
    );
    expect(xml).toContain('<loc>https://legenda.example/en/blog/why-legenda</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://legenda.example/en/blog/why-legenda"/>',
    );
    expect(xml).toContain('https://legenda.example/blog/a&amp;b');
    expect(xml).not.toContain('a&b');
  });
});

describe('blog cards', () => {
  it('show the day-month-year of the post', () => {
    expect(cardDate(new Date('2025-07-13'))).toBe('13-07-2025');
    expect(cardDate(new Date('2024-12-17T00:00:00Z'))).toBe('17-12-2024');
  });

  it('refuse a post whose front matter is incomplete or unsafe, with the field named', () => {
    const good = {
      title: 'Guarani',
      description: 'Espagnol vers guarani',
      date: '2024-12-17',
      cover: '/images/blog/guarani.webp',
      author: 'Camille Laurent',
    };
    expect(blogPostSchema.parse(good).tags).toEqual([]);
    const bad = (patch: Record<string, unknown>) => {
      const result = blogPostSchema.safeParse({ ...good, ...patch });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(bad({ title: '' })).toEqual(['title']);
    expect(bad({ date: 'someday' })).toEqual(['date']);
    expect(bad({ cover: 'javascript:alert(1)' })).toEqual(['cover']);
    expect(bad({ cover: 'https://tracker.example/x.webp' })).toEqual(['cover']);
    expect(bad({ route: 'Why Legenda' })).toEqual(['route']);
    expect(bad({ route: 'why-legenda' })).toEqual([]);
    expect(blogPostSchema.parse({ ...good, route: '' }).route).toBeUndefined();
    expect(blogPostSchema.parse({ ...good, route: null }).route).toBeUndefined();
  });
});
