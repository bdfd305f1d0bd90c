import { describe, expect, it } from 'vitest';
import { pageCache } from './page-cache.ts';

/** The page's text, as sent. */
const text = (page: { body: Uint8Array } | undefined) =>
  page && new TextDecoder().decode(page.body);

describe('pageCache', () => {
  it('reuses a page for its time to live, and keeps it as a fallback for staleMs', () => {
    let now = 1_000_000;
    const pages = pageCache({ ttlMs: 1000, staleMs: 60_000, now: () => now });
    pages.set('salle-1\nes\nfalse', '<p>Hola</p>', undefined);
    expect(text(pages.get('salle-1\nes\nfalse'))).toBe('<p>Hola</p>');

    now += 1500;
    // Expired: not reused, but still at hand while the database is out of reach.
    expect(pages.get('salle-1\nes\nfalse')).toBeUndefined();
    expect(text(pages.stale('salle-1\nes\nfalse'))).toBe('<p>Hola</p>');

    now += 60_000;
    expect(pages.stale('salle-1\nes\nfalse')).toBeUndefined();
    expect(pages.stale('never shown')).toBeUndefined();
  });

  it('forgets fallbacks too when cleared (a save or reset in this process)', () => {
    const pages = pageCache();
    pages.set('k', '<p>x</p>', undefined);
    pages.clear();
    expect(pages.stale('k')).toBeUndefined();
  });
});
