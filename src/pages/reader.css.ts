// /reader.css: the visitor page's stylesheet, for the editor's live preview (prebuilt at build time).
import type { APIRoute } from 'astro';
import { READER_CSS } from '../features/reader/render/reader-css.ts';

export const GET: APIRoute = () =>
  new Response(READER_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
