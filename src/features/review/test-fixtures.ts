import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import {
  publishArticle,
  saveArticle,
  useTranslationApp,
  type TranslationAppState,
} from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';

/*
 * What the review feature's data tests share: the app on a real database with the real
 * translator and a fake engine, and an article to review.
 *
 * The current test's app, its curator's Cookie header, another museum's curator's, and the fake
 * engine: useReviewApp sets them before each test. Imported bindings are live, so a test file
 * that imports them reads the current test's.
 */
export let t: TestApp;
export let cookie: string;
export let other: string;
export let fake: FakeOpenAI;

/** useTranslationApp for a test file, filling the bindings above before each of its tests. */
export function useReviewApp(): Readonly<TranslationAppState> {
  return useTranslationApp((s) => ({ t, cookie, other, fake } = s));
}

/** Four texts: one marking a term to keep, an image's alt, an accordion's header and its text. */
export const BLOCKS = [
  { type: 'text', id: 'Intro', content: 'Bienvenue au [!musée!] du port.' },
  { type: 'image', id: 'Carte', src: '', alt: 'Une carte du port' },
  {
    type: 'accordion',
    id: 'Plus',
    header: { content: 'En savoir plus' },
    details: [{ type: 'text', id: 'Sucre', content: 'Le commerce du sucre.' }],
  },
];

/** A new article of `blocks` at `url`, saved by the current test's curator: its id. */
export const publish = (url: string, blocks: unknown[] = BLOCKS) =>
  publishArticle({ t, cookie }, url, blocks);

/** Saves article `id` with `blocks` at `url` as the current test's curator. */
export const save = (id: number, url: string, blocks: unknown[]) =>
  saveArticle({ t, cookie }, id, url, blocks);
