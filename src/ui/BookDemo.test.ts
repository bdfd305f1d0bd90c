import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import fr from '../i18n/fr.json' with { type: 'json' };
import BookDemo, { BookDemoButton } from './BookDemo.tsx';

const BOOKING = 'https://calendly.com/legenda/demo';

describe('Book a demo', () => {
  it('is a button opening the booking popup when there is a booking page', () => {
    const html = renderToString(createElement(BookDemoButton, { lang: 'fr', bookingUrl: BOOKING }));
    expect(html).toMatch(/^<button type="button" class="button button--primary"/);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain(`>${fr.nav.bookDemo}</button>`);
    // The popup and react-calendly come at the first click, not in the page.
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('calendly');
  });

  it('is a link to the contact page without one', () => {
    expect(renderToString(createElement(BookDemoButton, { lang: 'en' }))).toBe(
      `<a class="button button--primary" href="/en/contact">${en.nav.bookDemo}</a>`,
    );
    expect(renderToString(createElement(BookDemoButton, { lang: 'fr', className: 'cta' }))).toBe(
      `<a class="cta" href="/contact">${fr.nav.bookDemo}</a>`,
    );
  });

  it('leaves the floating one out of the built page: the session decides in the browser', () => {
    expect(renderToString(createElement(BookDemo, { lang: 'fr', bookingUrl: BOOKING }))).toBe('');
  });
});
