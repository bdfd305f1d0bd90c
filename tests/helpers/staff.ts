import { expect } from 'vitest';
import type { QrcodeDocument } from '../../src/features/qrcodes/schema.ts';
import type { testApp } from './app.ts';

/** What curators do through the API in the data tests: two museums, articles, QR codes. */

type TestApp = ReturnType<typeof testApp>;

/** Museum A's and museum B's curators, signed in: their Cookie headers. */
export async function twoMuseums(t: TestApp): Promise<{ cookie: string; other: string }> {
  await t.accounts.add({ email: 'a@museum.example', museum: 'Musée A', password: 'password of a' });
  await t.accounts.add({ email: 'b@museum.example', museum: 'Musée B', password: 'password of b' });
  return {
    cookie: await t.login('a@museum.example', 'password of a'),
    other: await t.login('b@museum.example', 'password of b'),
  };
}

/** API calls as one curator (`as`: their Cookie header). */
export function staff(t: TestApp, as: string) {
  const manage = (path: string, body: unknown) =>
    t.postJson(`/api/manage/${path}`, body, { cookie: as });
  return {
    manage,
    get: (path: string) => t.request(path, { headers: { cookie: as } }),

    /** A new article with this url and title, one text block; answers its id. */
    async publish(url: string, title = 'Panneau', text = 'Bonjour'): Promise<number> {
      const added = await manage('add_article', { pathArray: [] });
      expect(added.status).toBe(201);
      const { id } = (await added.json()) as { id: number };
      await this.save(id, url, title, text);
      return id;
    },

    async save(id: number, url: string, title = 'Panneau', text = 'Bonjour'): Promise<void> {
      const res = await manage('update_article', {
        articleId: id,
        newContent: [
          { type: 'metadatas', url },
          { type: 'text', content: text },
        ],
        unformatted_name: title,
        instructions: '',
      });
      expect(res.status).toBe(200);
    },

    /** add_qrcode, which takes no body. */
    async addCode(): Promise<QrcodeDocument> {
      const res = await t.request('/api/manage/add_qrcode', {
        method: 'POST',
        headers: { cookie: as, origin: t.config.publicSiteUrl },
      });
      expect(res.status).toBe(201);
      return (await res.json()) as QrcodeDocument;
    },

    /** A new code linked to the article. */
    async codeFor(articleId: number): Promise<QrcodeDocument> {
      const code = await this.addCode();
      expect((await manage('update_qrcode', { articleId, qrcodeId: code.id })).status).toBe(200);
      return code;
    },
  };
}
