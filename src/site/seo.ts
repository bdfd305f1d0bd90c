import { localePath, type Lang } from '../i18n/paths.ts';
import { escapeXml } from '../server/escape.ts';

/** The public pages search engines may index, besides the blog posts (staff screens are never indexed). */
export const PUBLIC_ROUTES = ['/', '/blog', '/contact'] as const;

/**
 * Staff screens, sign-in, the CMS, the API, visitor pages and QR redirects are kept out of
 * search engines: the visitor pages would have crawlers order translations in 145 languages.
 */
export const DISALLOWED = [
  '/login',
  '/dashboard',
  '/articles',
  '/article',
  '/qrcodes',
  '/qrcode',
  '/stats',
  '/settings',
  '/translations',
  '/glossary',
  '/admin',
  '/api/',
  '/r/',
  '/media/',
] as const;

export function robotsTxt(siteUrl: string): string {
  const lines = ['User-agent: *'];
  for (const path of DISALLOWED) {
    lines.push(`Disallow: ${path}`);
    if (!path.endsWith('/')) lines.push(`Disallow: ${localePath('en', path)}`);
  }
  lines.push('', `Sitemap: ${siteUrl}/sitemap.xml`, '');
  return lines.join('\n');
}

export interface SitemapPage {
  /** The page's address in each language it exists in. */
  alternates: Partial<Record<Lang, string>>;
  lastmod?: Date;
}

/** A sitemap with hreflang alternates: one <url> per page and language. */
export function sitemapXml(siteUrl: string, pages: readonly SitemapPage[]): string {
  const absolute = (path: string) => escapeXml(new URL(path, `${siteUrl}/`).href);
  const urls: string[] = [];
  for (const page of pages) {
    const links = Object.entries(page.alternates).map(
      ([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(path)}"/>`,
    );
    for (const path of Object.values(page.alternates)) {
      const lastmod = page.lastmod
        ? `<lastmod>${page.lastmod.toISOString().slice(0, 10)}</lastmod>`
        : '';
      urls.push(`<url><loc>${absolute(path)}</loc>${lastmod}${links.join('')}</url>`);
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}
