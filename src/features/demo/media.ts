import path from 'node:path';

/**
 * The demo media the public landing page shows (public/demo/), one set per landing language, and
 * their size budgets: tools/marketing/demo/record.ts (`npm run demo:record`) makes them,
 * media.test.ts checks the committed files.
 */

export const DEMO_MEDIA_DIR = path.resolve(import.meta.dirname, '../../../public/demo');

export const DEMO_MEDIA_LANGUAGES = ['fr', 'en'] as const;
export type DemoMediaLanguage = (typeof DEMO_MEDIA_LANGUAGES)[number];

/** Bytes at most: videos play on phones over museum Wi-Fi, stills are in the first screen. */
export const VIDEO_BUDGET = 700 * 1000;
export const IMAGE_BUDGET = 60 * 1000;

export const demoMedia = (lang: DemoMediaLanguage) => ({
  webm: path.join(DEMO_MEDIA_DIR, `demo-${lang}.webm`),
  mp4: path.join(DEMO_MEDIA_DIR, `demo-${lang}.mp4`),
  poster: path.join(DEMO_MEDIA_DIR, `poster-${lang}.webp`),
  phone: path.join(DEMO_MEDIA_DIR, `phone-${lang}.webp`),
});
