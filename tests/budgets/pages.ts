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
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

export function pageFiles(site: string, page: string): string[] {
  const html = path.join(site, page);
  const files = new Set<string>([html]);
  const queue = [...fs.readFileSync(html, 'utf8').matchAll(NAMED)].map((m) =>
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
