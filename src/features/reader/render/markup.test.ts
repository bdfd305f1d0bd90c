import { createElement as h, Fragment, memo, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { crossCheckPages, pagesCompared } from '../../../../tests/helpers/markup-cross-check.ts';
import { markup, markupWatch } from './markup.ts';

/**
 * markup.ts beside react-dom/server on what visitor pages could hold beyond what the page tests
 * render (every page the page tests write is compared too: tests/helpers/markup-cross-check.ts).
 */
crossCheckPages();

const cases: [string, ReactNode][] = [
  ['hostile text', h('p', { title: `"'<&>` }, '<script>alert("x")</script> & \'y\'')],
  ['numbers and nothing', h('p', null, 0, 12, null, undefined, false, true, 'a', 'b')],
  [
    'styles: px, unitless, strings, custom properties, empties',
    h('div', {
      style: {
        height: 12,
        width: 0,
        lineHeight: 1.5,
        fontWeight: 700,
        opacity: 0.5,
        zIndex: 2,
        fontSize: ' 1rem ',
        backgroundColor: '#fff',
        '--ink': 'red',
        color: '',
        margin: null,
        padding: undefined,
        msTransform: 'none',
      } as Record<string, unknown>,
    }),
  ],
  [
    'booleans, booleanish, aria and data',
    h('video', {
      controls: true,
      muted: false,
      playsInline: true,
      loop: false,
      draggable: false,
      'aria-hidden': true,
      'data-x': false,
      hidden: false,
      translate: 'no',
    }),
  ],
  [
    'event handlers and bad names are dropped',
    h('a', { href: '/x', onClick: () => 1, 'a b': 'c' }, 'x'),
  ],
  ['empty src and href are dropped', h('img', { src: '', alt: '' })],
  [
    'inputs: name, checked and value last',
    h(
      'form',
      { method: 'post', action: '/feedback', className: 'f' },
      h('input', { type: 'radio', name: 'kind', value: 'typo', defaultChecked: true, id: 'k' }),
      h('input', { type: 'text', name: 'q', defaultValue: 'é"<', maxLength: 64 }),
      h('input', { type: 'checkbox', name: 'c', checked: false, readOnly: true }),
      h('button', { name: 'go', type: 'submit', value: 'now' }, 'Go'),
    ),
  ],
  [
    'select with a value marks its option',
    h(
      'select',
      { name: 's', defaultValue: 'b' },
      h('option', { value: 'a' }, 'A'),
      h('option', { value: 'b' }, 'B'),
    ),
  ],
  ['textarea value', h('textarea', { name: 'm', defaultValue: '<b>hi</b>', rows: 4, cols: 0 })],
  [
    'fragments, arrays, components and memo',
    h(
      Fragment,
      null,
      [h('i', { key: 1 }, 'x'), 'y'],
      h((p: { n: number }) => h('b', null, p.n), { n: 3 }),
      h(
        memo((p: { s: string }) => h('em', null, p.s)),
        { s: 'z' },
      ),
    ),
  ],
  [
    'raw inner markup and void elements',
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { httpEquiv: 'refresh', content: '5' }),
      h('style', { dangerouslySetInnerHTML: { __html: 'a>b{c:d}' } }),
      h('track', { kind: 'subtitles', default: true, srcLang: 'fr', label: 'Français' }),
      h('label', { htmlFor: 'q' }, 'Q'),
    ),
  ],
];

describe('the visitor pages’ HTML writer', () => {
  it.each(cases)('writes %s as react-dom does', (_, node) => {
    expect(markup(node)).toBe(renderToStaticMarkup(node));
  });

  it('refuses what is not an element rather than writing it', () => {
    expect(() => markup({ not: 'an element' } as unknown as ReactNode)).toThrow(TypeError);
  });

  // The comparison of every page rests on this: were the watch not installed, or markup.ts no
  // longer to call it, the page tests would pass without react-dom's word.
  it('has every page it writes in a test compared with react-dom’s, and a difference fails', () => {
    const before = pagesCompared.count;
    markup(h('p', null, 'compared'));
    expect(pagesCompared.count).toBe(before + 1);
    expect(() => markupWatch.written!(h('p', null, 'a'), '<p>b</p>')).toThrow(/ours: +…<p>b/);
  });
});
