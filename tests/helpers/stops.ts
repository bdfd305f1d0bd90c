import { expect } from 'vitest';
import type { TestApp } from './use-test-app.ts';

/** What the stop number data tests share: articles published with a number, through the API. */

/** update_article's or save_draft's body: one text, the stop number given (none: undefined). */
export const stopBody = (id: number, url: string, stop: unknown, title = 'Panneau') => ({
  articleId: id,
  newContent: [
    { type: 'metadatas', url, ...(stop !== undefined && { stop }) },
    { type: 'text', content: `Texte de ${title}` },
  ],
  unformatted_name: title,
  instructions: '',
});

/** A curator's calls: manage, a new article's id, an article published with a number. */
export function stopApi(t: TestApp, as: string) {
  const manage = (path: string, body: unknown) =>
    t.postJson(`/api/manage/${path}`, body, { cookie: as });
  const added = async (): Promise<number> => {
    const res = await manage('add_article', { pathArray: [] });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  return {
    manage,
    added,
    get: (path: string) => t.request(path, { headers: { cookie: as } }),
    /** A new article published at `url` with this stop number (undefined: none): its id. */
    async numbered(url: string, stop: unknown, title = 'Panneau'): Promise<number> {
      const id = await added();
      const res = await manage('update_article', stopBody(id, url, stop, title));
      expect(res.status, await res.clone().text()).toBe(200);
      return id;
    },
  };
}
