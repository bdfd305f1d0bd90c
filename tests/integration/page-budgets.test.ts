import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageFiles, pageScriptsBeforeVisible } from '../budgets/pages.ts';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-budget-'));
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  fs.writeFileSync(path.join(site, file), text);
}

write(
  'index.html',
  '<script type="module" src="/_astro/bar.js"></script>' +
    '<script type="module">import "/_astro/inline.js";</script>' +
    '<astro-island uid="a" component-url="/_astro/Carousel.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>',
);
write('_astro/bar.js', 'import { a } from "./shared.js"; import("./lazy.js");');
write('_astro/inline.js', 'export const b = 1;');
write('_astro/shared.js', 'export const a = 1;');
write('_astro/lazy.js', 'export const c = 1;');
write('_astro/Carousel.js', 'import { a } from "./shared.js"; import "./react.js";');
write('_astro/client.js', 'import "./react.js";');
write('_astro/react.js', 'export {};');

const names = (files: string[]) => files.map((file) => path.relative(site, file)).sort();

describe('the files a first visit loads', () => {
  it('counts the page, its scripts and what they import at once, islands included', () => {
    expect(names(pageFiles(site, 'index.html'))).toEqual(
      [
        'index.html',
        '_astro/bar.js',
        '_astro/inline.js',
        '_astro/shared.js',
        '_astro/Carousel.js',
        '_astro/client.js',
        '_astro/react.js',
      ].sort(),
    );
  });

  it('before anything is scrolled into view: scripts only, without the client:visible islands', () => {
    expect(names(pageScriptsBeforeVisible(site, 'index.html'))).toEqual(
      ['_astro/bar.js', '_astro/inline.js', '_astro/shared.js'].sort(),
    );
  });
});
