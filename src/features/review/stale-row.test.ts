import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { ReviewSegment } from './schema.ts';
import SegmentRow from './SegmentRow.tsx';

/**
 * A stale text (its original changed since the museum checked it) opens with the museum's
 * earlier translation in its field, said to be the earlier version to check: the curator edits
 * it rather than typing it again, and may save it as it is.
 */
const stale = (text: string | null): ReviewSegment => ({
  id: 'Intro.content',
  path: '1.content',
  source: 'Bienvenue au grand musée.',
  text,
  state: 'stale',
  previous: { source: 'Bienvenue au musée.', text: 'Benvenuti al museo.' },
});

const render = (segment: ReviewSegment, lang: Lang = 'fr') =>
  renderToStaticMarkup(
    createElement(SegmentRow, {
      t: (key, vars) => translate(lang, key, vars),
      segment,
      lang: 'it',
      dir: 'ltr',
      sourceLang: 'fr',
      busy: false,
      onSave: () => Promise.resolve(true),
      onApprove: () => Promise.resolve(true),
      onRetranslate: () => Promise.resolve(true),
      onDone: () => undefined,
    }),
  );

const field = (html: string) => /<textarea[^>]*>([^<]*)<\/textarea>/.exec(html);
const button = (html: string, name: string) =>
  new RegExp(`<button[^>]*>${name}</button>`).exec(html)?.[0];

describe('a stale text', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`opens with the earlier checked translation in its field, said so (${lang})`, () => {
      for (const machine of [null, '[it] Bienvenue au grand musée.']) {
        const html = render(stale(machine), lang);
        expect(field(html)?.[1]).toBe('Benvenuti al museo.');
        // The field is described as the earlier version, to check against the new original.
        const describedBy = /<textarea[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
        expect(describedBy).toBeDefined();
        expect(html).toContain(`id="${describedBy}"`);
        expect(html).toContain(translate(lang, 'reviewStale.prefilled'));
        // Saved as it is, it is checked again against the new original.
        expect(button(html, translate(lang, 'review.save'))).not.toContain('disabled');
      }
    });
  }

  it('shows the machine translation of the new original visitors read meanwhile', () => {
    const html = render(stale('[it] Bienvenue au grand musée.'));
    expect(html).toContain(translate('fr', 'reviewStale.machine'));
    expect(html).toContain('[it] Bienvenue au grand musée.');
    expect(render(stale(null))).not.toContain(translate('fr', 'reviewStale.machine'));
  });

  it('leaves the other states as they were: the field holds the text, nothing to save', () => {
    const machine: ReviewSegment = { ...stale('[it] Ciao'), state: 'machine' };
    delete machine.previous;
    const html = render(machine);
    expect(field(html)?.[1]).toBe('[it] Ciao');
    expect(html).not.toContain('aria-describedby');
    expect(button(html, translate('fr', 'review.save'))).toContain('disabled');
  });
});
