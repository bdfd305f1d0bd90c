import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import ReviewPreview from './ReviewPreview.tsx';
import { shownText } from './preview-text.ts';
import type { ReviewSegment } from './schema.ts';
import SegmentRow from './SegmentRow.tsx';

/**
 * The review screen's phone preview: the visitor page as a phone shows it, its script running
 * (no sandbox that blocks it and shows the players meant for phones without JavaScript); beside
 * the texts on a wide screen, and below that opened on demand from a text, never after them all.
 */
const t = (key: Parameters<typeof translate>[1]) => translate('en', key);
const preview = (wide: boolean, target: { texts: string[] } | null) =>
  renderToStaticMarkup(
    createElement(ReviewPreview, {
      t,
      name: 'salle-1',
      lang: 'es',
      version: 0,
      wide,
      target,
      onClose: () => undefined,
    }),
  );

describe('the review screen’s phone preview', () => {
  it('beside the texts, frames the visitor page with its script allowed to run', () => {
    const html = preview(true, null);
    expect(html).toContain('<iframe');
    expect(html).toContain('src="/article?name=salle-1&amp;lang=es&amp;ignoreStats=true"');
    expect(html).not.toContain('sandbox');
  });

  it('on a narrow screen, is nothing until a text asks for it, then a dialog', () => {
    expect(preview(false, null)).toBe('');
    const html = preview(false, { texts: ['Hola'] });
    expect(html).toMatch(/^<dialog class="review-phone-dialog"/);
    expect(html).toContain('<iframe');
    expect(html).toContain(`>${t('reviewPhone.close')}</button>`);
  });

  it('is asked for from each text where it opens on demand', () => {
    const segment: ReviewSegment = {
      id: 'Intro.content',
      path: '1.content',
      source: 'Bonjour',
      text: 'Hola',
      state: 'machine',
    };
    const row = (onPreview?: () => void) =>
      renderToStaticMarkup(
        createElement(SegmentRow, {
          t,
          segment,
          lang: 'es',
          dir: 'ltr',
          sourceLang: 'fr',
          busy: false,
          onSave: () => Promise.resolve(true),
          onApprove: () => Promise.resolve(true),
          onRetranslate: () => Promise.resolve(true),
          onDone: () => undefined,
          onPreview,
        }),
      );
    const button = `aria-haspopup="dialog">${t('reviewPhone.show')}</button>`;
    expect(row(() => undefined)).toContain(button);
    expect(row()).not.toContain(button);
  });

  it('finds a text as the page shows it: italics markers gone, spaces as one', () => {
    expect(shownText('Bienvenue au [!musée!]\n du  port. ')).toBe('Bienvenue au musée du port.');
  });
});
