import { describe, expect, it } from 'vitest';
import {
  publishArticle,
  saveArticle,
  useTranslationApp,
} from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';

/**
 * A circuit given an article with nothing in it yet (no blocks, or only empty ones): the curator
 * is told which, and visitors walk the circuit without it (numbers, neighbours and the count
 * of stops agree) until the article has something to read.
 */
let t: TestApp;
let cookie: string;
let other: string;

useTranslationApp((s) => ({ t, cookie, other } = s));

const text = (content: string) => ({ type: 'text', content });
const page = (path: string) => t.request(path, { headers: { 'accept-language': 'en' } });
const emptyArticles = async (as = cookie): Promise<number[]> => {
  const res = await t.request('/api/read/empty_articles', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as number[];
};
const circuitLinks = async (): Promise<string[]> => {
  const html = await (await page('/circuit?name=tour&lang=ja')).text();
  return [...html.matchAll(/href="\/article\?name=([^&"]+)/g)].map((m) => m[1]!);
};

describe('a circuit’s stop with no content', () => {
  it('is named to the curator and left out for visitors until it has content', async () => {
    const first = await publishArticle({ t, cookie }, 'salle-1', [text('La Joconde')]);
    const none = await publishArticle({ t, cookie }, 'salle-vide', []);
    const blank = await publishArticle({ t, cookie }, 'salle-blanche', [
      text('  \n '),
      { type: 'space' },
      { type: 'image', src: '' },
      { type: 'accordion', header: { content: '' }, details: [text('')] },
    ]);
    const last = await publishArticle({ t, cookie }, 'salle-3', [
      { type: 'image', src: '/media/victoire.jpg', alt: 'La Victoire' },
    ]);
    const saved = await t.postJson(
      '/api/manage/save_circuit',
      { name: 'tour', title: 'Le tour', articleIds: [first, none, blank, last] },
      { cookie },
    );
    expect(saved.status).toBe(201);

    // The circuits screen learns which articles have nothing to show; another museum, none.
    expect((await emptyArticles()).sort((a, b) => a - b)).toEqual([none, blank]);
    expect(await emptyArticles(other)).toEqual([]);
    expect((await t.request('/api/read/empty_articles')).status).toBe(401);

    // Visitors: two stops, numbered and linked as two.
    expect(await circuitLinks()).toEqual(['salle-1', 'salle-3']);
    const lastPage = await (await page('/article?name=salle-3&circuit=tour&lang=ja')).text();
    expect(lastPage).toContain('2 か所中 2 か所目');
    expect(lastPage).toContain('href="/article?name=salle-1&amp;circuit=tour&amp;lang=ja"');
    expect(lastPage).toMatch(/data-total="2"/);
    const firstPage = await (await page('/article?name=salle-1&circuit=tour&lang=ja')).text();
    expect(firstPage).toContain('href="/article?name=salle-3&amp;circuit=tour&amp;lang=ja"');
    // Opened from the circuit anyway (an old link), the empty article has no place in it.
    const skipped = await (await page('/article?name=salle-vide&circuit=tour&lang=ja')).text();
    expect(skipped).not.toContain('class="reader-circuit"');

    // Once it has content, it is back in its place and no longer named.
    await saveArticle({ t, cookie }, none, 'salle-vide', [text('Le Radeau de la Méduse')]);
    expect(await emptyArticles()).toEqual([blank]);
    expect(await circuitLinks()).toEqual(['salle-1', 'salle-vide', 'salle-3']);
  });
});
