import { strToU8 } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { PNG_1PX, SVG } from '../../../tests/helpers/media.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { TreeItem } from '../tree/schema.ts';
import { makeDocx } from './docx-fixture.ts';

let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ t, cookie, other } = s));

type Doc = { name: string; bytes: Uint8Array | string };

function send(docs: Doc[], options: { path?: unknown; as?: string; origin?: string } = {}) {
  const form = new FormData();
  for (const doc of docs) {
    const bytes = typeof doc.bytes === 'string' ? strToU8(doc.bytes) : doc.bytes;
    form.append('documents', new Blob([new Uint8Array(bytes)]), doc.name);
  }
  form.append('pathArray', JSON.stringify(options.path ?? []));
  const headers: Record<string, string> = { origin: options.origin ?? ORIGIN };
  if (options.as !== '') headers.cookie = options.as ?? cookie;
  return t.request('/api/upload/documents', { method: 'POST', headers, body: form });
}

async function tree(as = cookie): Promise<TreeItem[]> {
  return (await (await t.request('/api/tree', { headers: { cookie: as } })).json()) as TreeItem[];
}

async function article(id: number) {
  const res = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie } });
  return (await res.json()) as { unformatted_name: string; content: Record<string, unknown>[] };
}

async function folder(name: string, as = cookie): Promise<number> {
  const res = await t.postJson(
    '/api/manage/add_folder',
    { pathArray: [], id: name },
    { cookie: as },
  );
  return ((await res.json()) as { id: number }).id;
}

const error = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;

const word = makeDocx([
  { heading: 'Le phare' },
  { text: 'Construit en 1880.' },
  { bullet: 'Lanterne' },
  { bullet: 'Escalier' },
  { link: 'Horaires', href: 'https://example.org/horaires' },
  { image: new Uint8Array(PNG_1PX), alt: 'Le phare de nuit' },
]);

describe('POST /api/upload/documents', () => {
  it('makes one article per file in the folder, in the content model', async () => {
    const folderId = await folder('Salle 2');
    const res = await send(
      [
        { name: 'Phare.docx', bytes: word },
        { name: 'Notes.md', bytes: '# Les notes\n\nUn *mot*.\n\n![x](photo.jpg)\n' },
      ],
      { path: [folderId] },
    );
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { articleIds: number[]; skippedImages: unknown[] };
    expect(answer.articleIds).toHaveLength(2);
    expect(answer.skippedImages).toEqual([{ file: 'Notes.md', src: 'photo.jpg' }]);

    const [salle] = await tree();
    expect(salle?.children?.map((c) => c.name).sort()).toEqual(['Notes', 'Phare']);
    const phare = await article(answer.articleIds[0]!);
    expect(phare.unformatted_name).toBe('Phare');
    const [meta, ...blocks] = phare.content;
    expect(meta).toMatchObject({ type: 'metadatas', publicTitle: 'Le phare' });
    expect(meta!.url).toMatch(/^article-[a-z0-9]{10}$/);
    expect(blocks.map((b) => [b.type, b.content ?? b.alt, b.bold ?? null])).toEqual([
      ['text', 'Construit en 1880.', false],
      ['text', '• Lanterne\n• Escalier', false],
      ['link', 'Horaires', false],
      ['image', 'Le phare de nuit', null],
    ]);
    expect(blocks[2]!.link).toBe('https://example.org/horaires');
    const image = await t.request(blocks[3]!.src as string);
    expect(image.status).toBe(200);
    // Stored as every uploaded image is (ADR 0027): the same picture, its metadata gone.
    const stored = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);
    expect(blocks[3]!.src).toMatch(/-w1h1\.png$/);

    // The visitor page shows the markup-free text, the link and the image.
    const page = await t.request(`/article?name=${meta!.url as string}&lang=fr`);
    const html = await page.text();
    expect(html).toContain('Construit en 1880.');
    expect(html).toContain('href="https://example.org/horaires"');
    // The document's first heading is the page's title, shown once: not a text block too.
    expect(html).toContain('>Le phare</h1>');
    expect(html).not.toContain('>Le phare</p>');
  });

  it('names articles uniquely in the folder', async () => {
    await send([{ name: 'Guide.md', bytes: 'Un.' }]);
    const res = await send([
      { name: 'Guide.md', bytes: 'Deux.' },
      { name: 'Guide.markdown', bytes: 'Trois.' },
    ]);
    expect(res.status).toBe(201);
    expect((await tree()).map((item) => item.name).sort()).toEqual([
      'Guide',
      'Guide (2)',
      'Guide (3)',
    ]);
  });

  it('keeps hostile text as text on the visitor page', async () => {
    const res = await send([
      {
        name: '<img src=x onerror=alert(1)>.md',
        bytes:
          '# <script>alert(1)</script>\n\n<iframe src="javascript:alert(1)"></iframe>\n\n[go](javascript:alert(2))\n',
      },
    ]);
    expect(res.status).toBe(201);
    const [id] = ((await res.json()) as { articleIds: number[] }).articleIds;
    const { content } = await article(id!);
    expect(content[0]!.publicTitle).toBe('<script>alert(1)</script>');
    expect(content.slice(1).map((b) => b.type)).toEqual(['text', 'text']);
    const html = await (
      await t.request(`/article?name=${content[0]!.url as string}&lang=fr`)
    ).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('&lt;iframe');
  });

  it('refuses bad input naming the file, and imports nothing of the batch', async () => {
    const cases: [Doc, number, string][] = [
      [{ name: 'rapport.docx', bytes: '%PDF-1.7\n%%EOF' }, 415, 'not_docx'],
      [{ name: 'rapport.md', bytes: new Uint8Array([0x25, 0x50, 0xff, 0xfe, 0]) }, 415, 'not_text'],
      [{ name: 'rapport.pdf', bytes: '%PDF-1.7' }, 415, 'extension'],
      [{ name: 'vide.md', bytes: '' }, 422, 'empty'],
      [
        { name: 'long.md', bytes: Array.from({ length: 501 }, (_, i) => `P${i}`).join('\n\n') },
        422,
        'too_many_blocks',
      ],
      [{ name: 'svg.docx', bytes: makeDocx([{ image: strToU8(SVG) }]) }, 422, 'image'],
    ];
    for (const [bad, status, reason] of cases) {
      const res = await send([{ name: 'Bon.docx', bytes: word }, bad]);
      expect(res.status, bad.name).toBe(status);
      expect(await error(res), bad.name).toMatchObject({
        code: 'invalid_document',
        details: { file: bad.name, reason },
      });
    }
    expect(await tree()).toEqual([]);
    // The first file's image was stored before the second's was refused: removed again.
    expect(await t.blobs.list('media')).toEqual([]);
  });

  it('refuses over 50 files and a file over 20 MB', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `n${i}.md`, bytes: 'x' }));
    const res = await send(many);
    expect(res.status).toBe(422);
    expect((await error(res)).details).toMatchObject({ reason: 'too_many', max: 50 });

    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61);
    const large = await send([{ name: 'gros.md', bytes: big }]);
    expect(large.status).toBe(413);
    expect((await error(large)).details).toMatchObject({ file: 'gros.md', reason: 'too_large' });
    expect(await tree()).toEqual([]);
  });

  it("refuses another museum's folder, a bad path, no session and another origin", async () => {
    const theirs = await folder('Leur salle', other);
    const foreign = await send([{ name: 'Phare.docx', bytes: word }], { path: [theirs] });
    expect(foreign.status).toBe(404);
    // The image was stored before the folder was found foreign: removed again.
    expect(await t.blobs.list('media')).toEqual([]);
    expect(await tree(other)).toEqual([
      { id: theirs, type: 'folder', name: 'Leur salle', children: [] },
    ]);

    const badPath = await send([{ name: 'a.md', bytes: 'a' }], { path: 'root' });
    expect(badPath.status).toBe(422);
    expect((await error(badPath)).details).toMatchObject({ reason: 'path' });

    expect((await send([{ name: 'a.md', bytes: 'a' }], { as: '' })).status).toBe(401);
    const cross = await send([{ name: 'a.md', bytes: 'a' }], { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect((await send([])).status).toBe(422);
    expect(await tree()).toEqual([]);
  });
});
