import type { APIRoute } from 'astro';
import { localePath, type Lang } from '../i18n/paths.ts';
import { langOf, postPath, postsIn, twinOf } from '../site/blog/posts.ts';
import { PUBLIC_ROUTES, sitemapXml, type SitemapPage } from '../site/seo.ts';
import { site } from '../site/settings.ts';

export const GET: APIRoute = async () => {
  const pages: SitemapPage[] = PUBLIC_ROUTES.map((route) => ({
    alternates: { fr: localePath('fr', route), en: localePath('en', route) },
  }));
  for (const post of await postsIn('fr')) {
    const twin = await twinOf(post);
    const alternates: Partial<Record<Lang, string>> = { fr: postPath(post) };
    if (twin) alternates.en = postPath(twin);
    pages.push({ alternates, lastmod: post.data.date });
  }
  for (const post of await postsIn('en')) {
    if (!(await twinOf(post))) pages.push({ alternates: { [langOf(post)]: postPath(post) } });
  }
  return new Response(sitemapXml(site.url, pages), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
