import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import WordDiff from './WordDiff.tsx';

const render = (before: string, after: string, className?: string) =>
  renderToStaticMarkup(
    createElement(WordDiff, {
      before,
      after,
      addedLabel: 'added:',
      removedLabel: 'removed:',
      className,
    }),
  );

describe('a word diff', () => {
  it('marks words removed and added, each named for a screen reader, the rest as it was', () => {
    expect(render('Un vase rouge', 'Un vase noir')).toBe(
      '<p class="word-diff"><span>Un vase </span>' +
        '<del><span class="visually-hidden">removed: </span>rouge</del>' +
        '<ins><span class="visually-hidden">added: </span>noir</ins></p>',
    );
  });

  it('keeps the class of the screen that shows it beside its own', () => {
    expect(render('a', 'a', 'review-changes')).toBe(
      '<p class="word-diff review-changes"><span>a</span></p>',
    );
  });
});
