import path from 'node:path';
import { pageFiles, pageScriptsBeforeVisible, VISITOR_PAGE } from './tests/budgets/pages.ts';

/**
 * The size budgets CI enforces (`npm run size`, run by .ci/run): gzip, as phones ask.
 * The visitor page's is 14 KB before media, from the start. The public pages' are what they weigh
 * today with some room: HTML with its inline styles, and the scripts a first visit loads
 * (tests/budgets/pages.ts). Raise one only with a reason in the commit.
 */
const site = path.resolve(import.meta.dirname, 'dist');

const PUBLIC_PAGES: [name: string, page: string, limit: string][] = [
  // 144 kB on 2026-11-25, 166.1 kB on 2026-11-27 (evening): React and the staff dictionary for
  // the top bar, the toasts and the carousel. 158.8 kB on 2026-11-27 (night): the top bar and
  // the toasts are built HTML with a plain script; the carousel still brings React and the
  // dictionary, once scrolled into view.
  ['Home page (fr)', 'index.html', '162 kB'],
  ['Home page (en)', 'en.html', '162 kB'],
  // 145.0–149.8 kB on 2026-11-27 (evening): React and the staff dictionary for the top bar, the
  // toasts and 'Book a demo'. 16.4–21.1 kB on 2026-11-27 (night), with no React at all: the page
  // and its plain scripts (the top bar's, the flag bursts' on the contact page).
  ['Contact (fr)', 'contact.html', '24 kB'],
  ['Contact (en)', 'en/contact.html', '24 kB'],
  ['Blog (fr)', 'blog.html', '21 kB'],
  ['Blog (en)', 'en/blog.html', '21 kB'],
  ['Blog post (fr)', 'blog/pourquoi-legenda.html', '23 kB'],
  ['Blog post (en)', 'en/blog/why-legenda.html', '23 kB'],
  ['Not found', '404.html', '19 kB'],
];

/**
 * The JavaScript of a public page before anything is scrolled into view, the HTML apart: at most
 * 20 kB (a whole documentation page of a well-made static site weighs about 27 kB of it). On
 * 2026-11-27: 132–136 kB (React and the staff dictionary for the top bar), then 8.9 kB on the
 * home and contact pages (top bar and flag bursts) and 5.3 kB on the others. The booking popup
 * (fetched at its first click) and the carousel (when seen) are not counted.
 */
const SCRIPTS_BEFORE_VISIBLE: [name: string, page: string][] = [
  ['Home page (fr)', 'index.html'],
  ['Home page (en)', 'en.html'],
  ['Contact (fr)', 'contact.html'],
  ['Contact (en)', 'en/contact.html'],
  ['Blog (fr)', 'blog.html'],
  ['Blog (en)', 'en/blog.html'],
  ['Blog post (fr)', 'blog/pourquoi-legenda.html'],
  ['Blog post (en)', 'en/blog/why-legenda.html'],
  ['Not found (fr)', '404.html'],
  ['Not found (en)', 'en/404.html'],
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
    // (pages, pictures, sounds, videos on consent, the summary and its removal); 7.1 kB on
    // 2026-12-07 before, 9.3 kB after, it became three scripts under the 300-line rule, each
    // compressed apart, with the JSDoc types the type check reads (ADR 0046); 9.8 kB as four
    // scripts under 300 lines each, comments included: counted together.
    name: 'Offline saving scripts (circuit pages)',
    path: ['offline-plan.js', 'offline-keep.js', 'offline-save.js', 'offline.js'].map((file) =>
      path.resolve(import.meta.dirname, 'public', file),
    ),
    limit: '10 KiB',
    gzip: true,
  },
  ...PUBLIC_PAGES.map(([name, page, limit]) => ({
    name,
    path: pageFiles(site, page),
    limit,
    gzip: true,
  })),
  ...SCRIPTS_BEFORE_VISIBLE.map(([name, page]) => ({
    name: `${name}: JavaScript before the carousel is seen`,
    path: pageScriptsBeforeVisible(site, page),
    limit: '20 kB',
    gzip: true,
  })),
];
