import fs from 'node:fs';
import path from 'node:path';

/**
 * What a first visit to a built page downloads of ours: the HTML (its styles are inline) and the
 * scripts it names (script tags, module preloads, islands and their renderers), with the modules
 * they import statically. Lazy imports (the booking popup, the flag worker) come after the page
 * is usable and are left out; images and video are media, outside the budget.
 */
/** Written by render-visitor-page.ts. */
export const VISITOR_PAGE = path.resolve(
  import.meta.dirname,
  '../../.tmp/budgets/visitor-page.html',
);

const NAMED = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g;
/** An inline module script's import of a built file. */
const INLINE_IMPORT = /(?:\bfrom|\bimport)\s*["'](\/_astro\/[^"']+\.js)["']/g;
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

export function pageFiles(site: string, page: string): string[] {
  const html = path.join(site, page);
  return [html, ...scriptsFrom(site, fs.readFileSync(html, 'utf8'))];
}

/** An island that waits to be scrolled into view (the landing page's carousel). */
const WHEN_VISIBLE_ISLAND = /<astro-island\b[^>]*\bclient="visible"[^>]*>/g;

/**
 * The scripts a first visit runs before anything is scrolled into view: the page's scripts
 * without its client:visible islands (unless something else loads the same files), the HTML
 * left out. What the public pages' 20 kB budget counts.
 */
export function pageScriptsBeforeVisible(site: string, page: string): string[] {
  const html = fs.readFileSync(path.join(site, page), 'utf8');
  return scriptsFrom(site, html.replace(WHEN_VISIBLE_ISLAND, ''));
}

function scriptsFrom(site: string, html: string): string[] {
  const files = new Set<string>();
  const queue = [...html.matchAll(NAMED), ...html.matchAll(INLINE_IMPORT)].map((m) =>
    path.join(site, m[1]!),
  );
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1]!));
    }
  }
  return [...files];
}
