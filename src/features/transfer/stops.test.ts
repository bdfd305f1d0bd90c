import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { stopApi } from '../../../tests/helpers/stops.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { ArticleChoice } from '../articles/article-list.ts';
import { exportZip, restore, unzip } from './test-fixtures.ts';

/** Stop numbers through a museum's export and restore, on PGlite and PostgreSQL. */

let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ t, cookie, other } = s));

const numbered = (url: string, stop: unknown, title: string) =>
  stopApi(t, cookie).numbered(url, stop, title);
const get = (path: string, as: string) => stopApi(t, as).get(path);

describe('stop numbers in a museum’s transfer', () => {
  it('through a museum exported and restored; an archive holding one number twice is refused', async () => {
    await numbered('joconde', 7, 'Joconde');
    await numbered('radeau', 8, 'Radeau');
    const zip = await exportZip(t, cookie);

    // The archive with both articles at 7: refused whole, nothing written.
    const files = unzip(zip);
    const articles = JSON.parse(new TextDecoder().decode(files['data/articles.json'])) as {
      content: { stop?: number }[];
    }[];
    for (const article of articles) article.content[0]!.stop = 7;
    files['data/articles.json'] = new TextEncoder().encode(JSON.stringify(articles));
    const twice = await restore(t, other, zipSync(files));
    const answer = (await twice.json()) as { error: { message: string } };
    expect(twice.status, answer.error.message).toBe(422);
    expect(answer.error.message).toContain('stop number 7 appears twice');
    expect((await (await get('/api/read/articles', other)).json()) as unknown[]).toEqual([]);

    const res = await restore(t, other, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    const list = (await (await get('/api/read/articles', other)).json()) as ArticleChoice[];
    expect(list.map((a) => a.stop).sort()).toEqual([7, 8]);
  });
});
