import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import type { ReviewDocument } from './schema.ts';
import { BLOCKS, cookie, t, useReviewApp } from './test-fixtures.ts';

/**
 * The public title on a real database and the real translator (the engine a fake one that writes
 * '[es] …'): translated with the article's texts, reviewed like any of them, carried by the XLIFF
 * export and import, and read by visitors as the page's heading and tab title.
 */
useReviewApp();

const TITLE = 'Le port de [!Saint-Malo!] & ses <corsaires>';

/** A new article with `publicTitle` in its metadatas entry: its id. */
async function publishTitled(url: string, publicTitle: string): Promise<number> {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url, publicTitle: `  ${publicTitle} ` }, ...BLOCKS],
      unformatted_name: 'Vitrine 4',
      instructions: '',
    },
    { cookie },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}

const visitorPage = async (url: string, lang = 'es') =>
  (await t.request(`/article?name=${url}&lang=${lang}`)).text();

async function segments(articleId: number) {
  const res = await t.request(`/api/read/translations?articleId=${articleId}&lang=es`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as ReviewDocument).segments;
}

/** The page's tab title and its heading. */
const titles = (html: string) => [
  /<title>([^<]*)<\/title>/.exec(html)?.[1],
  /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
];

describe('the public title', () => {
  it('is stored trimmed, escaped on the visitor page, heading and tab title', async () => {
    const id = await publishTitled('titre-1', TITLE);
    const read = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie } });
    const stored = (await read.json()) as { content: { publicTitle?: string }[] };
    expect(stored.content[0]?.publicTitle).toBe(TITLE);
    const html = await visitorPage('titre-1', 'fr');
    const escaped = 'Le port de Saint-Malo &amp; ses &lt;corsaires&gt;';
    expect(titles(html)).toEqual([escaped, escaped]);
    expect(html).not.toContain('<corsaires>');
  });

  it('is translated first, reviewed like any text, and carried by XLIFF both ways', async () => {
    const id = await publishTitled('titre-2', TITLE);
    await visitorPage('titre-2');
    const texts = await segments(id);
    expect(texts[0]).toMatchObject({
      id: 'metadatas.publicTitle',
      source: TITLE,
      state: 'machine',
      text: `[es] ${TITLE}`,
    });
    const translated = '[es] Le port de Saint-Malo &amp; ses &lt;corsaires&gt;';
    expect(titles(await visitorPage('titre-2'))).toEqual([translated, translated]);

    // The export names it by its lasting id; the translator's target comes back reviewed.
    const exported = await (
      await t.request(`/api/export/xliff?articleId=${id}&lang=es`, { headers: { cookie } })
    ).text();
    expect(exported).toContain('<trans-unit id="metadatas.publicTitle"');
    const xml = exported.replace(
      /(<trans-unit id="metadatas\.publicTitle"[\s\S]*?<target[^>]*>)[\s\S]*?(<\/target>)/,
      '$1El puerto de [!Saint-Malo!]$2',
    );
    const form = new FormData();
    form.append('xliff', new Blob([xml], { type: 'application/x-xliff+xml' }), 'a.xlf');
    const res = await t.request('/api/upload/xliff', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await segments(id))[0]).toMatchObject({
      id: 'metadatas.publicTitle',
      state: 'reviewed',
      text: 'El puerto de [!Saint-Malo!]',
    });
    expect(titles(await visitorPage('titre-2'))).toEqual([
      'El puerto de Saint-Malo',
      'El puerto de Saint-Malo',
    ]);

    // Corrected on the review screen like any text.
    const corrected = await t.postJson(
      '/api/manage/update_translation',
      { articleId: id, lang: 'es', segmentId: 'metadatas.publicTitle', text: 'El puerto' },
      { cookie },
    );
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect(titles(await visitorPage('titre-2'))).toEqual(['El puerto', 'El puerto']);
  });
});
