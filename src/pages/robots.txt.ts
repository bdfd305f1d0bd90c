import type { APIRoute } from 'astro';
import { robotsTxt } from '../site/seo.ts';
import { site } from '../site/settings.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(site.url), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
