import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import fr from '../i18n/fr.json' with { type: 'json' };
import TopBar from './TopBar.tsx';

const BOOKING = 'https://calendly.com/legenda/demo';

describe('the top bar drawn for a plain script (public pages)', () => {
  const html = renderToString(
    createElement(TopBar, { lang: 'en', current: '/blog', bookingUrl: BOOKING, scripted: true }),
  );

  it('holds Logout and the floating Book a demo, both hidden until the session check', () => {
    expect(html).toMatch(
      new RegExp(
        `<button type="button" class="button button--ghost" data-logout=""[^>]*hidden="">${en.nav.logout}</button>`,
      ),
    );
    expect(html).toContain(`data-busy="${en.nav.loggingOut}"`);
    expect(html).toContain(`data-failed="${en.auth.logoutFailed}"`);
    expect(html).toContain(
      `<a class="book-demo" href="/en/contact" aria-haspopup="dialog" data-booking="" data-signed-out="" hidden="">${en.nav.bookDemo}</a>`,
    );
  });

  it('holds the language menu and the phone menu, closed, with each option’s language', () => {
    expect(html).toMatch(/<ul class="lang-switcher__menu" id="[^"]+" role="menu"[^>]*hidden="">/);
    expect(html).toMatch(/<button[^>]*class="lang-switcher__button"[^>]*aria-expanded="false"/);
    expect(html).toMatch(/<div class="mobile-menu__panel" id="[^"]+" hidden="">/);
    expect(html.match(/data-lang="fr"/g)).toHaveLength(2);
    expect(html.match(/data-lang="en"/g)).toHaveLength(2);
  });

  it('leaves the floating button out on the contact page, which has its own', () => {
    const contact = renderToString(
      createElement(TopBar, {
        lang: 'fr',
        current: '/contact',
        bookingUrl: BOOKING,
        scripted: true,
      }),
    );
    expect(contact).not.toContain('book-demo');
    expect(contact).toContain(fr.nav.logout);
  });

  it('draws neither in the staff screens before the session is known', () => {
    const staff = renderToString(
      createElement(TopBar, { lang: 'en', current: '/blog', bookingUrl: BOOKING }),
    );
    expect(staff).not.toContain('data-logout');
    expect(staff).not.toContain('book-demo');
  });
});
