import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect } from 'vitest';
import { markupWatch } from '../../src/features/reader/render/markup.ts';

/**
 * The visitor pages' writer held to react-dom/server's word (ADR 0032). The test files that
 * write every kind of visitor page (the corpus: markup.test.ts, the article, circuit, guide
 * and offline page tests) call `crossCheckPages()`: each page, or part of one, that
 * render/markup.ts writes while they run is written by react-dom/server too, and must come out
 * the same to the byte, but for the image preloads React adds (markup.ts says why ours has
 * none). The other tests no longer pay for a second rendering of every page they read.
 * `pagesCompared` lets markup.test.ts check that this runs.
 */

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

export const pagesCompared = { count: 0 };

/** Where the two first part, with a little around it: whole pages are too long to read. */
export function firstDifference(ours: string, react: string): string {
  let at = 0;
  while (at < ours.length && ours[at] === react[at]) at++;
  if (at === ours.length && at === react.length) return '';
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 60);
  return `ours:  …${around(ours)}…\nreact: …${around(react)}…`;
}

function compare(node: Parameters<NonNullable<typeof markupWatch.written>>[0], ours: string) {
  const react = renderToStaticMarkup(node).replace(IMAGE_PRELOAD, '');
  if (ours !== react) expect(firstDifference(ours, react)).toBe('');
  pagesCompared.count++;
}

/**
 * Compares every page the calling test file writes. Feature test files share a worker
 * (vitest.config.ts), so the watch is taken off after the file, not left for the next one.
 */
export function crossCheckPages(): void {
  beforeAll(() => {
    markupWatch.written = compare;
  });
  afterAll(() => {
    delete markupWatch.written;
  });
}
