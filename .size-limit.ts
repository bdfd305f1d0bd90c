import path from 'node:path';
import { pageFiles, VISITOR_PAGE } from './tests/budgets/pages.ts';

/**
 * The size budgets CI enforces (`npm run size`, run by .ci/run): gzip, as phones ask.
 * The visitor page's is 14 KB before media, from the start. The public pages' are what they weigh
 * today with some room: HTML with its inline styles, and the scripts a first visit loads
 * (tests/budgets/pages.ts). Raise one only with a reason in the commit.
 */
const site = path.resolve(import.meta.dirname, 'dist');

const PUBLIC_PAGES: [name: string, page: string, limit: string][] = [
  // 144 kB on 2026-11-25: React and the carousel, booking and flag-burst islands. 161.7 kB on
  // 2026-11-27: the staff dictionary every island shares (both languages) gained the photo
  // upload, document import, museum export and public title (about 2 kB gzip).
  // 166.1 kB on 2026-11-27 (evening): the same dictionary gained the guide address, stop
  // numbers, visitor reports and the new statistics (about 1 kB). Taking the staff words out of
  // the public pages is the lasting fix.
  ['Home page (fr)', 'index.html', '168 kB'],
  ['Home page (en)', 'en.html', '168 kB'],
  // 123–128 kB on 2026-11-25: React and the booking island. 137–142 kB on 2026-11-27: the
  // staff dictionary every island shares (src/i18n, both languages, in the shared chunk) gained
  // the engine budget, the languages offered and the failing translations (about 1.5 kB).
  // 140.5–145.3 kB on 2026-11-27: the same dictionary, as for the home page (about 2 kB).
  // 145.0–149.7 kB the same evening: the guide, stops, reports and statistics words (1 kB).
  ['Contact (fr)', 'contact.html', '151 kB'],
  ['Contact (en)', 'en/contact.html', '151 kB'],
  ['Blog (fr)', 'blog.html', '151 kB'],
  ['Blog (en)', 'en/blog.html', '151 kB'],
  ['Not found', '404.html', '151 kB'],
];

export default [
  {
    // The page and its one script (reader.js, offline reading), which it loads
    // deferred; the service worker (sw.js) is fetched apart, once, and not counted.
    name: 'Visitor page (Spanish, stored translation, a circuit stop)',
    path: [VISITOR_PAGE, path.resolve(import.meta.dirname, 'public/reader.js')],
    limit: '14 KiB',
    gzip: true,
  },
  {
    // Loaded by circuit pages only, when a visitor may save the circuit: 6.4 kB on 2026-11-27
    // (pages, pictures, sounds, videos on consent, the summary and its removal).
    name: 'Offline saving script (circuit pages)',
    path: path.resolve(import.meta.dirname, 'public/offline.js'),
    limit: '8 KiB',
    gzip: true,
  },
  ...PUBLIC_PAGES.map(([name, page, limit]) => ({
    name,
    path: pageFiles(site, page),
    limit,
    gzip: true,
  })),
];
