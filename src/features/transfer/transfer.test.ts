import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { RestoreAnswer } from './format.ts';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { checkText, exportZip, restore, seedMuseum, unzip, upload } from './test-fixtures.ts';

let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ t, cookie, other } = s));

/** Another Legenda: its own database and app, with one empty museum. */
let secondDatabase: TestDatabase;
beforeAll(async () => {
  secondDatabase = await createTestDatabase();
});
afterAll(async () => {
  await secondDatabase.close();
});

async function anotherLegenda() {
  await secondDatabase.reset();
  const app = testApp(secondDatabase.db);
  await app.accounts.add({
    email: 'c@ailleurs.example',
    museum: 'Musée C',
    password: 'password of c',
  });
  return { app, as: await app.login('c@ailleurs.example', 'password of c') };
}

/** What a visitor reads on a page: its text and its pictures' places, whatever the museum's id. */
async function visitorPage(app: TestApp, name: string, lang: string): Promise<string> {
  const res = await app.request(`/article?name=${name}&lang=${lang}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const sources = [...html.matchAll(/\ssrc="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/\/media\/\d+\//, '/media/M/'),
  );
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${text}\n${sources.join('\n')}`;
}

const pages = (app: TestApp, names: string[], lang: string) =>
  Promise.all(names.map((name) => visitorPage(app, name, lang)));

describe('a museum exported and restored into another Legenda', () => {
  it('reads the same on every visitor page, with its folders, texts, codes and settings', async () => {
    const seeded = await seedMuseum(t, cookie);
    await checkText(t, cookie, seeded.ids.third, 'Bienvenue', 'Bienvenido al museo.');
    const before = await pages(t, seeded.names, 'fr');
    const circuitBefore = await (await t.request('/circuit?name=visite-courte&lang=fr')).text();
    const beforeEs = await visitorPage(t, 'accueil', 'es');
    expect(beforeEs).toContain('Bienvenido al museo.');

    const zip = await exportZip(t, cookie);
    const files = unzip(zip);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      format: string;
      version: number;
      museum: { name: string };
      counts: Record<string, number>;
    };
    expect(manifest).toMatchObject({
      format: 'legenda-museum',
      version: 1,
      museum: { name: 'Musée A' },
    });
    expect(manifest.counts).toMatchObject({
      articles: 3,
      folders: 2,
      // The image, its WebP size for phones (ADR 0027), the video and its subtitles.
      media: 4,
      translations: 1,
      glossary: 1,
      circuits: 1,
      qrcodes: 3,
    });

    const { app, as } = await anotherLegenda();
    const res = await restore(app, as, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as RestoreAnswer;
    expect(answer).toMatchObject({
      articles: 3,
      folders: 2,
      media: 4,
      translations: 1,
      glossary: 1,
      circuits: 1,
      qrcodes: 3,
      qrNotKept: [],
      renamed: [],
    });

    expect(await pages(app, seeded.names, 'fr')).toEqual(before);
    expect(await visitorPage(app, 'accueil', 'es')).toEqual(beforeEs);

    // The media files, under the new museum's own prefix, byte for byte.
    for (const url of seeded.media) {
      const original = await t.request(url);
      const moved = url.replace(/^\/media\/\d+\//, '/media/1/');
      const copy = await app.request(moved);
      expect(copy.status).toBe(200);
      expect(Buffer.from(await copy.arrayBuffer())).toEqual(
        Buffer.from(await original.arrayBuffer()),
      );
    }

    // The codes lead where they led, the folders hold what they held.
    const scan = await app.request(`/r/${seeded.links[0]!}`, { redirect: 'manual' });
    expect(scan.headers.get('location')).toContain('name=la-joconde');
    const circuitScan = await app.request(`/r/${seeded.links[1]!}`, { redirect: 'manual' });
    expect(circuitScan.headers.get('location')).toContain('name=visite-courte');
    const api = staff(app, as);
    const tree = (await (await api.get('/api/tree')).json()) as {
      name: string;
      children?: { name: string; children?: { name: string }[] }[];
    }[];
    expect(tree.map((item) => item.name)).toEqual(['Salle 1', 'Accueil']);
    expect(tree[0]!.children!.map((item) => item.name)).toEqual(['Vitrine A', 'Radeau']);
    expect(tree[0]!.children![0]!.children!.map((item) => item.name)).toEqual(['Joconde']);

    const read = async (a: TestApp, as2: string, path: string) =>
      (await (await staff(a, as2).get(path)).json()) as Record<string, unknown>;
    const settings = await read(app, as, '/api/read/settings');
    expect(settings).toMatchObject({
      museum: 'Musée C',
      timeZone: 'America/Montreal',
      priorityLanguages: ['es'],
    });
    expect(settings.visitorLanguages).toEqual(
      (await read(t, cookie, '/api/read/settings')).visitorLanguages,
    );
    const glossary = (await read(app, as, '/api/read/glossary')) as { terms: { term: string }[] };
    expect(glossary.terms.map((term) => term.term)).toEqual(['Joconde']);
    const circuits = (await (await api.get('/api/read/circuits')).json()) as {
      name: string;
      articleIds: number[];
    }[];
    expect(circuits.map((c) => [c.name, c.articleIds.length])).toEqual([['visite-courte', 2]]);
    const circuitPage = await app.request('/circuit?name=visite-courte&lang=fr');
    expect(circuitPage.status).toBe(200);
    const circuitText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(circuitText(await circuitPage.text())).toEqual(circuitText(circuitBefore));
  });

  it('gives new public names and codes where this Legenda holds them already', async () => {
    const seeded = await seedMuseum(t, cookie);
    const zip = await exportZip(t, cookie);
    const res = await restore(t, other, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as RestoreAnswer;
    expect(answer.qrNotKept.map((q) => q.link).sort()).toEqual([...seeded.links].sort());
    expect(answer.renamed.map((r) => r.from).sort()).toEqual(
      [...seeded.names, 'visite-courte'].sort(),
    );
    // Museum A keeps its own; museum B's copies answer at their new names.
    const renamed = answer.renamed.find((r) => r.from === 'la-joconde')!.to;
    const page = await (await t.request(`/article?name=${renamed}&lang=fr`)).text();
    expect(page).toContain('Portrait de Lisa Gherardini.');
    // Its media are museum B's own copies.
    expect(page).toMatch(/src="\/media\/2\/images\//);
    expect(page).not.toMatch(/\/media\/1\//);
    const newLink = answer.qrNotKept.find((q) => q.link === seeded.links[0])!.newLink;
    const scan = await t.request(`/r/${newLink}`, { redirect: 'manual' });
    expect(scan.headers.get('location')).toContain(`name=${renamed}`);
    const original = await t.request(`/r/${seeded.links[0]!}`, { redirect: 'manual' });
    expect(original.headers.get('location')).toContain('name=la-joconde');
  });

  it('keeps whether visitors read each article; the drafts stay behind', async () => {
    const a = staff(t, cookie);
    const shown = await a.publish('salle-publiee', 'Publiée', 'Texte lu par les visiteurs');
    const added = await a.manage('add_article', { pathArray: [] });
    const { id: hidden } = (await added.json()) as { id: number };
    await a.save(hidden, 'salle-cachee', 'Cachée', 'Texte pas encore publié');
    expect((await a.manage('unpublish', { articleId: hidden })).status).toBe(200);
    const draft = await a.manage('save_draft', {
      articleId: shown,
      newContent: [
        { type: 'metadatas', url: 'salle-publiee' },
        { type: 'text', content: 'Brouillon' },
      ],
      unformatted_name: 'Publiée',
      instructions: '',
    });
    expect(draft.status).toBe(200);
    const { app, as } = await anotherLegenda();
    const res = await restore(app, as, await exportZip(t, cookie));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await visitorPage(app, 'salle-publiee', 'fr')).toContain('Texte lu par les visiteurs');
    const page = await app.request('/article?name=salle-cachee&lang=fr');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Pas encore disponible');
    const all = Object.values(unzip(await exportZip(t, cookie)))
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(all).not.toContain('Brouillon');
  });

  it('holds nothing of another museum, and no account, session or count', async () => {
    const b = staff(t, other);
    await b.publish('secret-de-b', 'Secret', 'Le secret du musée B');
    expect((await upload(t, other, 'image', PNG_1PX)).status).toBe(200);
    await seedMuseum(t, cookie);
    await t.request('/article?name=la-joconde&lang=fr');
    const files = unzip(await exportZip(t, cookie));
    const all = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(all).not.toContain('secret');
    expect(all).not.toContain('Musée B');
    expect(all).not.toMatch(/@museum\.example|password|scrypt|token/i);
    expect(all).not.toMatch(/"count"|daily|budget/i);
    const media = Object.keys(files).filter((name) => name.startsWith('media/'));
    expect(media).toHaveLength(4);
    expect(media.filter((name) => /-w1h1\.1\.webp$/.test(name))).toHaveLength(1);
  });

  it('names the download after the museum and the day, and streams large files whole', async () => {
    // Larger than the answer's buffer: the zip is made only as fast as it is read.
    const large = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    await t.blobs.setBytes('media/1/videos/abc123-large.mp4', large);
    // An article names it: an export carries the files its articles name.
    const api = staff(t, cookie);
    const id = await api.publish('le-film', 'Film');
    const saved = await api.manage('update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: 'le-film' },
        { type: 'video', src: '/media/1/videos/abc123-large.mp4', videoId: 'abc123' },
      ],
      unformatted_name: 'Film',
      instructions: '',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const res = await t.request('/api/export/museum', { headers: { cookie } });
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="legenda-musee-a-2026-11-21.zip"',
    );
    const files = unzip(new Uint8Array(await res.arrayBuffer()));
    expect(files['manifest.json']).toBeDefined();
    expect(Buffer.from(files['media/videos/abc123-large.mp4']!)).toEqual(Buffer.from(large));
    expect((await t.request('/api/export/museum')).status).toBe(401);
  });
});
