import { renderToStaticMarkup } from 'react-dom/server';
import { expect } from 'vitest';
import type * as Markup from './markup.ts';

/**
 * For tests: markup.ts checked against react-dom/server on every page a test renders. A test
 * file opts in with
 *   vi.mock('…/render/markup.ts', async (real) =>
 *     (await import('…/render/markup-check.ts')).crossChecked(await real()));
 * and every visitor page it renders is written by both and must come out the same, but for the
 * image preloads React adds (markup.ts says why ours has none).
 */

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/** Where the two first part, with a little around it: whole pages are too long to read. */
function firstDifference(ours: string, react: string): string {
  let at = 0;
  while (at < ours.length && ours[at] === react[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 60);
  return `ours:  …${around(ours)}…\nreact: …${around(react)}…`;
}

export const checkedPages = { count: 0 };

export function crossChecked(real: typeof Markup): typeof Markup {
  return {
    ...real,
    markup(node) {
      const ours = real.markup(node);
      const react = renderToStaticMarkup(node).replace(IMAGE_PRELOAD, '');
      if (ours !== react) expect(firstDifference(ours, react)).toBe('');
      checkedPages.count++;
      return ours;
    },
  };
}
