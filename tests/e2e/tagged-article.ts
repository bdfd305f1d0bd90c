import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, post } from './fixtures.ts';

/**
 * The article the review and XLIFF journeys work on: three texts in French (an italic, an image's
 * alternative, a closing line), each holding a tag of the test's own so that parallel tests never
 * share one, published; its id and public name (`{prefix}-{tag}`).
 */
export async function publishTagged(
  context: BrowserContext,
  tag: string,
  prefix: string,
  title: string,
) {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const name = `${prefix}-${tag}`;
  await post(context, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name },
      { type: 'text', id: 'Intro', content: `Bienvenue au [!musée!] du port ${tag}.` },
      { type: 'image', id: 'Carte', alt: `Une carte du port ${tag}` },
      { type: 'text', id: 'Fin', content: `Merci de votre visite ${tag}.` },
    ],
    unformatted_name: `${title} ${tag}`,
    instructions: '',
  });
  return { id, name, tag };
}

/** A journey's start: the curator signed in, a new tagged article published. */
export async function signedInWithTagged(
  page: Page,
  signIn: () => Promise<unknown>,
  prefix: string,
  title: string,
) {
  await signIn();
  return publishTagged(page.context(), randomUUID().slice(0, 8), prefix, title);
}

/** The review screen's rows of the tagged article: its three texts, all still machine-made. */
export async function machineRows(page: Page, state: { machine: string }) {
  const rows = page.locator('.review-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('.review-state')).toHaveText([
    state.machine,
    state.machine,
    state.machine,
  ]);
  return rows;
}
