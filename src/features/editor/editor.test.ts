import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { eq, sql } from 'drizzle-orm';
import { loadTestSettings } from '../../server/config.ts';
import { articles, checkedTranslations, museums } from '../../server/db/schema.ts';
import type { TreeItem } from '../tree/schema.ts';
import { withBlockIds } from '../articles/block-ids.ts';
import { newBlock } from '../articles/content.ts';
import { MAX_ELEMENTS, MAX_TEXT_LENGTH } from '../articles/content-fields.ts';

/** A new element as a client that names nothing sends it (the server names it by position). */
function unnamed(type: Parameters<typeof newBlock>[0]) {
  const { id: _id, ...element } = newBlock(type);
  return element;
}
import type { ArticleDocument } from './schema.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ database, t, cookie, other } = s));

const manage = (path: string, body: unknown, as = cookie) =>
  t.postJson(`/api/manage/${path}`, body, { cookie: as });

async function newArticle(as = cookie): Promise<{ id: number; name: string }> {
  const res = await manage('add_article', { pathArray: [] }, as);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const doc = await read(id, as);
  return { id, name: doc.name };
}

async function read(id: number | string, as = cookie): Promise<ArticleDocument> {
  const res = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return res.json();
}

/** A panel using every element type and option, as a curator would build it. */
function panel(url: string) {
  return [
    { type: 'metadatas', url, backgroundColor: '#102030' },
    {
      type: 'text',
      content: 'Le port au XVIIIe siècle, [!la traite!] et le commerce',
      fontSize: 22,
      lineHeight: 28,
      bold: true,
      italic: false,
      color: '#ffeeaa',
      size: 90,
      justify: 'center',
      align: 'justify',
    },
    {
      type: 'image',
      src: '/media/1/images/abcdef.png',
      alt: 'Plan du port en 1780',
      size: 80,
      justify: 'flex-end',
    },
    {
      type: 'video',
      src: '/media/1/videos/Ab12Cd-xyz.mp4',
      subtitles: '/media/1/subtitles/Ab12Cd-xyz.vtt',
      videoId: 'Ab12Cd',
      size: 100,
      justify: 'center',
    },
    {
      type: 'link',
      src: '',
      alt: '',
      content: 'Le site du musée',
      link: 'https://museum.example/visite',
      fontSize: 18,
      bold: false,
      italic: true,
      color: '#ffffff',
      size: 50,
      justify: 'flex-start',
    },
    { type: 'space', size: 120 },
    {
      type: 'accordion',
      header: {
        content: 'En savoir plus',
        fontSize: 20,
        bold: true,
        italic: false,
        color: '#ffffff',
        size: 100,
        justify: 'flex-start',
      },
      details: [
        { ...unnamed('text'), content: 'Détail' },
        { ...unnamed('link'), content: 'Écrire', link: 'mailto:accueil@museum.example' },
        { ...unnamed('image'), src: '/media/1/images/detail.webp' },
        { ...unnamed('space'), size: 10 },
        { ...unnamed('legendItem'), content: 'Légende', justify: 'right', width: 25 },
      ],
    },
    {
      ...unnamed('legendItem'),
      src: '/media/1/images/lg.png',
      alt: 'Une ancre rouillée',
      content: 'Ancre, 1780',
    },
    {
      ...unnamed('audio'),
      src: '/media/1/audio/Xy12Ab34Cd56Ef78.mp3',
      caption: 'Le conservateur raconte le port',
      transcript: 'Bienvenue au port.\nIci accostaient les navires.',
      color: '#ffee00',
      size: 90,
      justify: 'flex-start',
    },
  ];
}

const save = (id: number, content: unknown, extra: Record<string, unknown> = {}, as = cookie) =>
  manage(
    'update_article',
    {
      articleId: id,
      newContent: content,
      unformatted_name: 'Panneau 3 : le port',
      instructions: 'Vocabulaire maritime; tutoyer le lecteur.',
      ...extra,
    },
    as,
  );

describe('GET /api/read/article', () => {
  it('answers a new article with its metadatas entry', async () => {
    const { id, name } = await newArticle();
    const doc = await read(id);
    expect(doc).toEqual({
      id,
      name,
      unformatted_name: '',
      instructions: '',
      content: [{ type: 'metadatas', url: name, backgroundColor: '#341539' }],
      revision: 0,
      // A new article has no draft and is not published yet (docs/adr/0028-drafts-and-revisions.md).
      draft: null,
      publication: { state: 'unpublished', publishedAt: null, publishAt: null, unpublishAt: null },
    });
    expect(name).toMatch(/^article-[a-z0-9]{10}$/);
  });

  it("refuses the signed-out, other museums' articles, unknown ids and bad ids", async () => {
    const { id } = await newArticle();
    expect((await t.request(`/api/read/article?articleId=${id}`)).status).toBe(401);
    const foreign = await t.request(`/api/read/article?articleId=${id}`, {
      headers: { cookie: other },
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain('metadatas');
    for (const bad of ['abc', '', '-1', '1.5', '99999999999']) {
      const res = await t.request(`/api/read/article?articleId=${bad}`, { headers: { cookie } });
      expect(res.status, bad).toBe(422);
    }
    expect((await t.request('/api/read/article', { headers: { cookie } })).status).toBe(422);
    const unknown = await t.request(`/api/read/article?articleId=${id + 1000}`, {
      headers: { cookie },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/manage/update_article', () => {
  it('saves every element type exactly, renames the article and raises its revision', async () => {
    const { id } = await newArticle();
    const content = panel('le-port-au-xviiie');
    const res = await save(id, content);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, name: 'le-port-au-xviiie', revision: 1 });

    const doc = await read(id);
    expect(doc.content).toEqual(withBlockIds(content));
    // Unnamed elements are named by position (block-ids.ts), details too.
    expect(doc.content.slice(1).map((e) => (e as { id: string }).id)).toEqual(
      content.slice(1).map((_, i) => `p${i + 1}`),
    );
    expect(doc.name).toBe('le-port-au-xviiie');
    expect(doc.unformatted_name).toBe('Panneau 3 : le port');
    expect(doc.instructions).toBe('Vocabulaire maritime; tutoyer le lecteur.');

    // Saved again as the editor holds it, named: the names stay, whatever moves around them.
    const [meta, first, ...rest] = doc.content;
    expect((await (await save(id, [meta, ...rest, first])).json()).revision).toBe(2);
    const again = await read(id);
    expect(again.revision).toBe(2);
    expect(again.content).toEqual([meta, ...rest, first]);
  });

  it('shows the new title in the tree at once', async () => {
    const { id } = await newArticle();
    await t.request('/api/tree', { headers: { cookie } }); // warm the tree cache
    await save(id, panel('titre'));
    const tree = (await (
      await t.request('/api/tree', { headers: { cookie } })
    ).json()) as TreeItem[];
    expect(tree).toEqual([{ id, type: 'article', name: 'Panneau 3 : le port' }]);
  });

  it('fills missing style fields with the defaults and drops unknown fields', async () => {
    const { id } = await newArticle();
    const res = await save(id, [
      { type: 'metadatas', url: 'x' },
      { type: 'text', content: 'Bonjour', onclick: 'alert(1)' },
      { type: 'space' },
      { type: 'audio', autoplay: true },
    ]);
    expect(res.status).toBe(200);
    expect((await read(id)).content).toEqual([
      { type: 'metadatas', url: 'x', backgroundColor: '#341539' },
      {
        type: 'text',
        id: 'p1',
        content: 'Bonjour',
        fontSize: 16,
        lineHeight: 24,
        bold: false,
        italic: false,
        color: '#ffffff',
        size: 100,
        justify: 'center',
        align: 'left',
      },
      { type: 'space', id: 'p2', size: 40 },
      {
        type: 'audio',
        id: 'p3',
        src: '',
        caption: '',
        transcript: '',
        color: '#ffffff',
        size: 100,
        justify: 'center',
      },
    ]);
  });

  it('gives a text without a line height one and a half times its font size, and keeps a stored one', async () => {
    const { id } = await newArticle();
    const res = await save(id, [
      { type: 'metadatas', url: 'interligne' },
      { type: 'text', content: 'Par défaut' },
      { type: 'text', content: 'Grand', fontSize: 30 },
      { type: 'text', content: 'Très grand', fontSize: 90 },
      { type: 'text', content: 'Ancien', fontSize: 16, lineHeight: 16 },
      { type: 'accordion', details: [{ type: 'text', content: 'Détail', fontSize: 20 }] },
    ]);
    expect(res.status).toBe(200);
    const blocks = (await read(id)).content.slice(1) as {
      lineHeight?: number;
      details?: { lineHeight?: number }[];
    }[];
    // 90 × 1.5 is past the editor's largest value (100): the largest it is.
    expect(blocks.map((b) => b.lineHeight)).toEqual([24, 45, 100, 16, undefined]);
    expect(blocks[4]!.details![0]!.lineHeight).toBe(30);
  });

  it('keeps each element’s name, and renames one sent twice', async () => {
    const { id } = await newArticle();
    const res = await save(id, [
      { type: 'metadatas', url: 'noms' },
      { type: 'text', id: 'Quai-1', content: 'Un' },
      { type: 'text', id: 'Quai-1', content: 'Deux' },
      { type: 'accordion', id: 'Phare', details: [{ type: 'text', id: 'Quai-1' }] },
    ]);
    expect(res.status).toBe(200);
    const ids = (await read(id)).content.slice(1) as { id: string; details?: { id: string }[] }[];
    expect(ids.map((e) => e.id)).toEqual(['Quai-1', 'p2', 'Phare']);
    expect(ids[2]!.details![0]!.id).toBe('p3-1');
  });

  const meta = { type: 'metadatas', url: 'u' };
  const invalid: [string, unknown, string][] = [
    ['an unknown element type', [meta, { type: 'marquee' }], 'newContent.1.type'],
    ['a name with markup', [meta, { type: 'text', id: '<b>x</b>' }], 'newContent.1.id'],
    ['a name of another type', [meta, { type: 'space', id: 7 }], 'newContent.1.id'],
    ['a wrong field type', [meta, { type: 'text', fontSize: '16' }], 'newContent.1.fontSize'],
    ['a size of 0', [meta, { type: 'image', size: 0 }], 'newContent.1.size'],
    ['a size of 101', [meta, { type: 'text', size: 101 }], 'newContent.1.size'],
    ['a fractional font size', [meta, { type: 'text', fontSize: 12.5 }], 'newContent.1.fontSize'],
    ['a space of 401 px', [meta, { type: 'space', size: 401 }], 'newContent.1.size'],
    [
      'oversized text',
      [meta, { type: 'text', content: 'a'.repeat(MAX_TEXT_LENGTH + 1) }],
      'newContent.1.content',
    ],
    ['a control character', [meta, { type: 'text', content: 'a\u0007b' }], 'content'],
    ['a url with spaces', [{ type: 'metadatas', url: 'le port' }], 'newContent.0.url'],
    ['an empty url', [{ type: 'metadatas', url: '' }], 'newContent.0.url'],
    [
      'a public title of 121 characters',
      [{ ...meta, publicTitle: `  ${'a'.repeat(121)}  ` }],
      'newContent.0.publicTitle',
    ],
    [
      'a control character in the public title',
      [{ ...meta, publicTitle: 'Le\u0007port' }],
      'newContent.0.publicTitle',
    ],
    ['no metadatas first', [{ type: 'text' }], 'newContent.0'],
    ['a second metadatas', [meta, meta], 'newContent.1.type'],
    [
      'a javascript: link',
      [meta, { type: 'link', link: 'javascript:alert(1)' }],
      'newContent.1.link',
    ],
    ['an outside image', [meta, { type: 'image', src: 'https://evil.example/x.png' }], 'src'],
    ['a path escape', [meta, { type: 'image', src: '/media/../etc/passwd' }], 'src'],
    ['a colour with CSS', [meta, { type: 'text', color: 'red;background:url(x)' }], 'color'],
    ['a legend justified centre', [meta, { type: 'legendItem', justify: 'center' }], 'justify'],
    ['an alt text of 301 characters', [meta, { type: 'image', alt: 'a'.repeat(301) }], 'alt'],
    ['a caption of 301 characters', [meta, { type: 'audio', caption: 'a'.repeat(301) }], 'caption'],
    [
      'a transcript of 5,001 characters',
      [meta, { type: 'audio', transcript: 'a'.repeat(5001) }],
      'newContent.1.transcript',
    ],
    ['an outside sound', [meta, { type: 'audio', src: 'https://evil.example/a.mp3' }], 'src'],
    [
      'a sound in an accordion',
      [meta, { type: 'accordion', details: [{ type: 'audio' }] }],
      'newContent.1.details.0.type',
    ],
    ['a bad video id', [meta, { type: 'video', videoId: 'abc' }], 'newContent.1.videoId'],
    [
      'a video in an accordion',
      [meta, { type: 'accordion', details: [{ type: 'video' }] }],
      'newContent.1.details.0.type',
    ],
    ['not a list', { type: 'metadatas' }, 'newContent'],
    [
      'too many elements',
      [meta, ...Array.from({ length: MAX_ELEMENTS + 1 }, () => ({ type: 'space' }))],
      'newContent',
    ],
  ];
  for (const [what, content, field] of invalid) {
    it(`refuses ${what} with 422 naming the field, and saves nothing`, async () => {
      const { id } = await newArticle();
      const before = await read(id);
      const res = await save(id, content);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { details: { path: string }[] } };
      expect(body.error.details.map((d) => d.path).join(' ')).toContain(field);
      expect(await read(id)).toEqual(before);
    });
  }

  it('refuses missing or wrong top-level fields', async () => {
    const { id } = await newArticle();
    const good = { articleId: id, newContent: panel('p'), unformatted_name: 'T', instructions: '' };
    for (const [field, value] of [
      ['articleId', 'one'],
      ['articleId', undefined],
      ['unformatted_name', ''],
      ['unformatted_name', 'x'.repeat(121)],
      ['unformatted_name', 42],
      ['instructions', 'x'.repeat(2001)],
      ['instructions', null],
      ['newContent', undefined],
    ] as const) {
      const res = await manage('update_article', { ...good, [field]: value });
      expect(res.status, `${field}=${String(value).slice(0, 10)}`).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(field);
    }
    expect((await read(id)).revision).toBe(0);
  });

  it('refuses a url another article has with 409, in this museum or another', async () => {
    const first = await newArticle();
    const second = await newArticle();
    const foreign = await newArticle(other);
    expect((await save(first.id, panel('salle-1'))).status).toBe(200);
    const res = await save(second.id, panel('salle-1'));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: 'url_taken' });
    expect((await save(second.id, panel(foreign.name))).status).toBe(409);
    expect((await read(second.id)).revision).toBe(0);
    // Keeping its own url is no conflict.
    expect((await save(first.id, panel('salle-1'))).status).toBe(200);
  });

  it('lets only one of two simultaneous saves take a url', async () => {
    const a = await newArticle();
    const b = await newArticle();
    const statuses = (await Promise.all([save(a.id, panel('duel')), save(b.id, panel('duel'))]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
  });

  it("answers 404 for another museum's article and leaves it alone", async () => {
    const foreign = await newArticle(other);
    expect((await save(foreign.id, panel('pirate'))).status).toBe(404);
    expect((await read(foreign.id, other)).revision).toBe(0);
  });

  it('refuses the signed-out, cross-site requests and oversized bodies', async () => {
    const { id } = await newArticle();
    const body = { articleId: id, newContent: panel('p'), unformatted_name: 'T', instructions: '' };
    expect((await t.postJson('/api/manage/update_article', body)).status).toBe(401);
    const cross = await t.postJson('/api/manage/update_article', body, {
      cookie,
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
    const huge = await manage('update_article', { ...body, pad: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await read(id)).revision).toBe(0);
  });
});

describe('POST /api/manage/update_article with the revision it was based on', () => {
  /** Everything a save could change: the article as read, and the museum's tree revision. */
  async function snapshot(id: number) {
    const [museum] = await database.db
      .select({ treeRevision: museums.treeRevision })
      .from(museums)
      .where(eq(museums.name, 'Musée A'));
    return { article: await read(id), treeRevision: museum?.treeRevision };
  }

  it('saves without a revision as before, overwriting whatever is stored', async () => {
    const { id } = await newArticle();
    expect((await save(id, panel('sans-revision'), { revision: 0 })).status).toBe(200);
    const res = await save(id, panel('ecrase'), { unformatted_name: 'Sans révision' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, name: 'ecrase', revision: 2 });
    expect((await read(id)).unformatted_name).toBe('Sans révision');
  });

  it('saves on the current revision and answers the new one, which the next save is based on', async () => {
    const { id } = await newArticle();
    const first = await save(id, panel('premier'), { revision: 0 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id, name: 'premier', revision: 1 });
    const second = await save(id, panel('second'), { revision: 1 });
    expect(second.status).toBe(200);
    expect((await second.json()).revision).toBe(2);
  });

  it('refuses a save based on an older revision with 409 and the current one, changing nothing', async () => {
    const { id } = await newArticle();
    const other = await newArticle();
    expect((await save(other.id, panel('prise'))).status).toBe(200);
    expect(
      (await save(id, panel('version-a'), { revision: 0, unformatted_name: 'Version A' })).status,
    ).toBe(200);
    const before = await snapshot(id);
    expect(before.article.revision).toBe(1);

    for (const [stale, url] of [
      [0, 'version-b'],
      [7, 'version-b'], // a revision the article never had
      [0, 'prise'], // stale and a url already taken: the staleness is told first
    ] as const) {
      const res = await save(id, panel(url), {
        revision: stale,
        unformatted_name: 'Version B',
        instructions: 'Autre consigne',
      });
      expect(res.status, `revision ${stale}, url ${url}`).toBe(409);
      const body = (await res.json()) as { error: { code: string; details: unknown } };
      expect(body.error).toMatchObject({ code: 'stale_revision', details: { revision: 1 } });
      expect(await snapshot(id)).toEqual(before);
    }
    expect(before.article).toMatchObject({
      name: 'version-a',
      unformatted_name: 'Version A',
      content: withBlockIds(panel('version-a')),
    });
    // The url clash keeps its own code, told apart from a stale revision.
    const taken = await save(id, panel('prise'), { revision: 1 });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe('url_taken');
    expect(await snapshot(id)).toEqual(before);
  });

  it('lets exactly one of several simultaneous saves based on the same revision win', async () => {
    const { id } = await newArticle();
    const titles = ['Onglet 1', 'Onglet 2', 'Onglet 3', 'Onglet 4'];
    const answers = await Promise.all(
      titles.map((title, i) =>
        save(id, panel(`onglet-${i + 1}`), { revision: 0, unformatted_name: title }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect([...statuses].sort()).toEqual([200, 409, 409, 409]);
    const winner = statuses.indexOf(200);
    for (const [i, res] of answers.entries()) {
      if (i === winner) continue;
      expect((await res.json()).error).toMatchObject({
        code: 'stale_revision',
        details: { revision: 1 },
      });
    }
    const doc = await read(id);
    expect(doc).toMatchObject({ revision: 1, unformatted_name: titles[winner] });
    expect(doc.content).toEqual(withBlockIds(panel(`onglet-${winner + 1}`)));
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can interleave two saves (npm run
  // test:pg): here a save reads revision 0, then finds the row locked by another writer raising
  // it. Checking the revision before the UPDATE alone would let the save overwrite that writer.
  it.skipIf(!loadTestSettings().databaseUrl)(
    'checks the revision in the UPDATE itself: a save that read the old one, then waited on another writer, is refused (PostgreSQL only)',
    async () => {
      const { id } = await newArticle();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const held = new Promise<void>((resolve) => (holding = resolve));
      const writer = database.db.transaction(async (tx) => {
        await tx
          .update(articles)
          .set({ revision: sql`${articles.revision} + 1`, unformattedName: 'Autre onglet' })
          .where(eq(articles.id, id));
        holding();
        await released;
      });
      await held;
      const pending = save(id, panel('en-attente'), { revision: 0 });
      // The save has read revision 0 and its UPDATE now waits for the writer's row lock.
      await expect
        .poll(async () => {
          const result = await database.db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return (result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting;
        })
        .toBe(1);
      release();
      await writer;
      const res = await pending;
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({
        code: 'stale_revision',
        details: { revision: 1 },
      });
      expect(await read(id)).toMatchObject({ revision: 1, unformatted_name: 'Autre onglet' });
    },
  );

  it('refuses a revision that is not a whole number of the right range with 422', async () => {
    const { id } = await newArticle();
    const before = await snapshot(id);
    for (const bad of ['0', '', 1.5, -1, 2 ** 31, null, true, [0], { revision: 0 }]) {
      const res = await save(id, panel('mauvais-type'), { revision: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(await res.json())).toContain('revision');
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("answers 404 for another museum's article or an unknown one, whatever the revision", async () => {
    const foreign = await newArticle(other);
    for (const revision of [0, 3]) {
      const res = await save(foreign.id, panel('pirate'), { revision });
      expect(res.status).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('revision');
    }
    expect((await read(foreign.id, other)).revision).toBe(0);
    expect((await save(foreign.id + 1000, panel('nulle-part'), { revision: 0 })).status).toBe(404);
  });
});

describe('POST /api/manage/reset_traductions', () => {
  it('keeps the museum’s checked translations unless includeReviewed is true', async () => {
    const a = await newArticle();
    const res = await save(a.id, [
      { type: 'metadatas', url: 'verifie' },
      { type: 'text', id: 'Un', content: 'Bonjour' },
    ]);
    expect(res.status).toBe(200);
    const checked = (lang: string) =>
      manage('update_translation', {
        articleId: a.id,
        lang,
        segmentId: 'Un.content',
        text: 'Hola',
      });
    expect((await checked('es')).status).toBe(200);
    expect((await checked('de')).status).toBe(200);
    const rows = () =>
      database.db.select().from(checkedTranslations).where(eq(checkedTranslations.articleId, a.id));

    expect(await (await manage('reset_traductions', { articleId: a.id })).json()).toMatchObject({
      reviewedRemoved: 0,
    });
    expect(await rows()).toHaveLength(2);
    const bad = await manage('reset_traductions', { articleId: a.id, includeReviewed: 'yes' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('includeReviewed');
    expect(await rows()).toHaveLength(2);
    const all = await manage('reset_traductions', { articleId: a.id, includeReviewed: true });
    expect(await all.json()).toMatchObject({ reviewedRemoved: 2 });
    expect(await rows()).toHaveLength(0);
  });

  it("deletes the article's stored translations in every language, and only them", async () => {
    const a = await newArticle();
    const b = await newArticle();
    await t.blobs.setJson(`translations/${a.id}/en`, { k: 'Hello' });
    await t.blobs.setJson(`translations/${a.id}/de`, { k: 'Hallo' });
    await t.blobs.setJson(`translations/${b.id}/en`, { k: 'Hi' });
    const res = await manage('reset_traductions', { articleId: a.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cleared: 2, reviewedRemoved: 0 });
    expect(await t.blobs.list(`translations/${a.id}`)).toEqual([]);
    expect(await t.blobs.list(`translations/${b.id}`)).toEqual(['en']);
    expect(await (await manage('reset_traductions', { articleId: a.id })).json()).toEqual({
      cleared: 0,
      reviewedRemoved: 0,
    });
    // Each reset files later translations under a new generation, for every process.
    const [row] = await database.db
      .select({ generation: articles.translationGeneration })
      .from(articles)
      .where(eq(articles.id, a.id));
    expect(row?.generation).toBe(2);
  });

  it("refuses other museums' articles, unknown ids and bad payloads", async () => {
    const foreign = await newArticle(other);
    await t.blobs.setJson(`translations/${foreign.id}/en`, {});
    expect((await manage('reset_traductions', { articleId: foreign.id })).status).toBe(404);
    expect(await t.blobs.list(`translations/${foreign.id}`)).toEqual(['en']);
    expect((await manage('reset_traductions', { articleId: 999999 })).status).toBe(404);
    expect((await manage('reset_traductions', { articleId: 'x' })).status).toBe(422);
    expect((await manage('reset_traductions', {})).status).toBe(422);
    expect((await t.postJson('/api/manage/reset_traductions', { articleId: 1 })).status).toBe(401);
  });
});
