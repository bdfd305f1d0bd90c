import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { nativeLanguageName } from './routes.ts';

let database: TestDatabase;
let t: ReturnType<typeof testApp>;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  t = testApp(database.db);
  await t.accounts.add({ email: 'a@museum.example', museum: 'Musée A', password: 'password of a' });
  cookie = await t.login('a@museum.example', 'password of a');
});

async function publish(url: string, blocks: unknown[], title = 'Panneau 1'): Promise<void> {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [{ type: 'metadatas', url, backgroundColor: '#223344' }, ...blocks],
      unformatted_name: title,
      instructions: '',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
}

describe('GET /article?name= (the visitor page)', () => {
  it('shows the saved article to anyone, in its language, with no script', async () => {
    await publish('salle-1', [
      { type: 'text', content: 'Bienvenue au [!musée!]' },
      { type: 'accordion', header: { content: 'Plus' }, details: [{ type: 'text', content: 'D' }] },
    ]);
    const res = await t.request('/article?name=salle-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await res.text();
    expect(html).toContain('<html lang="fr" dir="ltr"');
    expect(html).toContain('<em>musée</em>');
    expect(html).toContain('<details');
    expect(html).toContain('Français');
    expect(html).toContain('#223344');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('noindex');
  });

  it('gives images their text alternative', async () => {
    await publish('alt', [
      { type: 'image', src: '/media/1/images/a.png', alt: 'Plan du port en 1780' },
      { type: 'image', src: '/media/1/images/b.png' },
    ]);
    const html = await (await t.request('/article?name=alt')).text();
    expect(html).toMatch(/<img[^>]*alt="Plan du port en 1780"/);
    expect(html).toMatch(/<img[^>]*alt=""[^>]*b\.png|<img[^>]*b\.png[^>]*alt=""/);
  });

  it('names an accordion whose header was left empty', async () => {
    await publish('vide', [{ type: 'accordion', details: [{ type: 'text', content: 'D' }] }]);
    const html = await (await t.request('/article?name=vide')).text();
    expect(html).toMatch(/<summary[^>]*aria-label="Détails"/);
  });

  it('renders hostile text as text', async () => {
    await publish(
      'hostile',
      [
        { type: 'text', content: '<script>alert(1)</script><img src=x onerror=alert(2)>' },
        { type: 'link', content: 'lien', link: 'https://museum.example/?a="><script>' },
      ],
      '</title><script>alert(3)</script>',
    );
    const html = await (await t.request('/article?name=hostile')).text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is marked noindex for a staff preview (ignoreStats=true)', async () => {
    await publish('apercu', []);
    const html = await (await t.request('/article?name=apercu&ignoreStats=true')).text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it('answers 304 to a phone that already has this version, and changes with a save', async () => {
    await publish('cache', [{ type: 'text', content: 'v1' }]);
    const first = await t.request('/article?name=cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.request('/article?name=cache', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers a friendly 404 page for an unknown or malformed name', async () => {
    for (const name of ['nope', 'a b', '../x', '<script>', 'x'.repeat(300), '']) {
      const res = await t.request(`/article?name=${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(404);
      const html = await res.text();
      expect(html).toContain('Article introuvable');
      expect(html).not.toMatch(/<script/i);
    }
    const en = await t.request('/article?name=nope', { headers: { 'accept-language': 'en-GB' } });
    expect(await en.text()).toContain('Article not found');
  });

  it('leaves /article without a name to the static editor page', async () => {
    // No static site in this test app: the API app lets the request through (404 from Hono).
    const res = await t.request('/article?id=3');
    expect(res.headers.get('content-security-policy')).not.toContain("media-src 'self'");
  });

  it('names languages in themselves for the footer button', () => {
    expect(nativeLanguageName('fr')).toBe('Français');
    expect(nativeLanguageName('de')).toBe('Deutsch');
    expect(nativeLanguageName('es')).toBe('Español');
  });
});
