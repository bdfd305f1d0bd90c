import { renderToStaticMarkup } from 'react-dom/server';
import { expect } from 'vitest';
import { markupWatch } from '../../src/features/reader/render/markup.ts';

/**
 * A setup file of every Vitest run (vitest.config.ts): each page, or part of one, that
 * render/markup.ts writes in any test is written by react-dom/server too, and must come out
 * the same to the byte, but for the image preloads React adds (markup.ts says why ours has
 * none). `pagesCompared` lets markup.test.ts check that this ran.
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

markupWatch.written = (node, ours) => {
  const react = renderToStaticMarkup(node).replace(IMAGE_PRELOAD, '');
  if (ours !== react) expect(firstDifference(ours, react)).toBe('');
  pagesCompared.count++;
};
