import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { testClock, type TestClock } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { articleRevisions, articles, dailyCounts } from '../../server/db/schema.ts';
import { KEEP_NEWEST } from '../articles/revisions.ts';
import { createNetlifyPrepare } from '../../app/netlify/prepare.ts';
import { silentLogger } from '../../server/log.ts';
import type { ArticleDocument } from './schema.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
let clock: TestClock;
useTestApp(
  () => {
    clock = testClock(new Date('2026-11-21T10:00:00Z'));
    return { clock, env: { COUNTS_FLUSH_MS: '0' } };
  },
  (s) => ({ database, t, cookie, other } = s),
);

const manage = (path: string, body: unknown, as = cookie) =>
  t.postJson(`/api/manage/${path}`, body, { cookie: as });
const get = (path: string, as = cookie) => t.request(path, { headers: { cookie: as } });

async function read(id: number, as = cookie): Promise<ArticleDocument> {
  const res = await get(`/api/read/article?articleId=${id}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as ArticleDocument;
}

const body = (id: number, url: string, text: string, extra: Record<string, unknown> = {}) => ({
  articleId: id,
  newContent: [
    { type: 'metadatas', url },
    { type: 'text', content: text },
  ],
  unformatted_name: 'Panneau',
  instructions: 'Tutoyer.',
  ...extra,
});

/** An article published with this text, as a curator's save makes it. */
async function published(url: string, text = 'Version publiée'): Promise<number> {
  const id = await staff(t, cookie).publish(url, 'Panneau', text);
  return id;
}

const saveDraft = (id: number, url: string, text: string, extra = {}, as = cookie) =>
  manage('save_draft', body(id, url, text, extra), as);

/** The visitor page in French, as a phone without a session asks it. */
async function visit(query: string, headers: Record<string, string> = {}) {
  const res = await t.show(`/article?${query}`, { headers });
  return { status: res.status, html: await res.text() };
}

describe('drafts', () => {
  it('a new article is unpublished: visitors get the not-available-yet page, 404', async () => {
    const res = await manage('add_article', { pathArray: [] });
    const { id } = (await res.json()) as { id: number };
    const doc = await read(id);
    expect(doc.draft).toBeNull();
    expect(doc.publication).toEqual({
      state: 'unpublished',
      publishedAt: null,
      publishAt: null,
      unpublishAt: null,
    });
    const page = await visit(`name=${doc.name}&lang=en`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('Not available yet');
    const fr = await visit(`name=${doc.name}`, { 'accept-language': 'fr' });
    expect(fr.status).toBe(404);
    expect(fr.html).toContain('Pas encore disponible');
    // An address no article has is still the plain 404.
    expect((await visit('name=nothing-here&lang=en')).html).not.toContain('Not available yet');
  });

  it('update_article still publishes', async () => {
    const id = await published('salle-1');
    const doc = await read(id);
    expect(doc.publication.state).toBe('published');
    expect(doc.publication.publishedAt).toBe('2026-11-21T10:00:00.000Z');
    const page = await visit('name=salle-1&lang=fr');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Version publiée');
  });

  it('a draft is kept beside the published version; visitors never see it', async () => {
    const id = await published('salle-1');
    const before = await read(id);
    const res = await saveDraft(id, 'salle-1', 'Brouillon secret', { revision: before.revision });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { id: number; revision: number };
    expect(saved.revision).toBe(before.revision + 1);
    const doc = await read(id);
    expect(doc.revision).toBe(saved.revision);
    expect(JSON.stringify(doc.content)).toContain('Version publiée');
    expect(JSON.stringify(doc.draft?.content)).toContain('Brouillon secret');
    expect(doc.draft?.unformatted_name).toBe('Panneau');
    expect(doc.publication.state).toBe('published');
    for (const query of ['name=salle-1&lang=fr', 'name=salle-1&lang=fr&preview=draft']) {
      const page = await visit(query);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Version publiée');
      expect(page.html).not.toContain('Brouillon secret');
    }
  });

  it('two curators saving a draft of one revision at once: one is told 409', async () => {
    await t.accounts.add({
      email: 'c@museum.example',
      museum: 'Musée A',
      password: 'password of c',
    });
    const colleague = await t.login('c@museum.example', 'password of c');
    const id = await published('salle-1');
    const { revision } = await read(id);
    const answers = await Promise.all([
      saveDraft(id, 'salle-1', 'Texte de A', { revision }),
      saveDraft(id, 'salle-1', 'Texte de C', { revision }, colleague),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    const error = (await refused.json()) as { error: { code: string; details: unknown } };
    expect(error.error.code).toBe('stale_revision');
    expect(error.error.details).toEqual({ revision: revision + 1 });
  });

  it("another museum's article is 404 to every call", async () => {
    const id = await published('salle-1');
    const calls: [string, unknown][] = [
      ['save_draft', body(id, 'salle-1', 'x')],
      ['publish', { articleId: id }],
      ['publish', { articleId: id, at: '2026-12-01T09:00:00+01:00' }],
      ['cancel_schedule', { articleId: id }],
      ['discard_draft', { articleId: id }],
      ['unpublish', { articleId: id }],
      ['restore_revision', { articleId: id, revision: 1 }],
    ];
    for (const [path, payload] of calls) {
      expect((await manage(path, payload, other)).status, path).toBe(404);
    }
    expect((await get(`/api/read/revisions?articleId=${id}`, other)).status).toBe(404);
    const { revision } = await read(id);
    expect(
      (await get(`/api/read/revision?articleId=${id}&revision=${revision}`, other)).status,
    ).toBe(404);
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Version publiée');
  });
});

describe('publishing', () => {
  it('publishes the draft now: visitors read it, the draft is gone', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Nouvelle version');
    clock.advance(60_000);
    const res = await manage('publish', { articleId: id });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { publication: { state: string; publishedAt: string } };
    expect(answer.publication).toEqual({
      state: 'published',
      publishedAt: '2026-11-21T10:01:00.000Z',
      publishAt: null,
      unpublishAt: null,
    });
    const doc = await read(id);
    expect(doc.draft).toBeNull();
    expect(JSON.stringify(doc.content)).toContain('Nouvelle version');
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Nouvelle version');
  });

  it('publishes a never-published article, then unpublishes it, keeping its texts', async () => {
    const res = await manage('add_article', { pathArray: [] });
    const { id } = (await res.json()) as { id: number };
    await saveDraft(id, 'salle-2', 'Première');
    expect((await visit('name=salle-2&lang=fr')).status).toBe(404);
    expect((await manage('publish', { articleId: id })).status).toBe(200);
    expect((await visit('name=salle-2&lang=fr')).html).toContain('Première');

    const off = await manage('unpublish', { articleId: id });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { publication: unknown }).publication).toEqual({
      state: 'unpublished',
      publishedAt: null,
      publishAt: null,
      unpublishAt: null,
    });
    const page = await visit('name=salle-2&lang=fr');
    expect(page.status).toBe(404);
    expect(page.html).toContain('Pas encore disponible');
    expect(JSON.stringify((await read(id)).content)).toContain('Première');
    // Published again, as it was.
    expect((await manage('publish', { articleId: id })).status).toBe(200);
    expect((await visit('name=salle-2&lang=fr')).html).toContain('Première');
  });

  it('a scan of an unpublished article is counted, and leads to the not-available page', async () => {
    const res = await manage('add_article', { pathArray: [] });
    const { id } = (await res.json()) as { id: number };
    const { name } = await read(id);
    const code = await staff(t, cookie).codeFor(id);
    const scan = await t.request(`/r/${code.link}`, { headers: { 'accept-language': 'en' } });
    expect(scan.status).toBe(302);
    const page = await t.request(scan.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''), {
      headers: { 'accept-language': 'en' },
    });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Not available yet');
    const rows = await database.db.select().from(dailyCounts).where(eq(dailyCounts.articleId, id));
    expect(rows.map((r) => [r.kind, r.count])).toEqual([['scan', 1]]);
    expect(name).toMatch(/^article-/);
  });

  it('plans a publish: visitors read the old text until its time, then the new', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Pour le vernissage');
    const res = await manage('publish', { articleId: id, at: '2026-11-21T11:02:00+01:00' });
    expect(res.status).toBe(200);
    expect((await read(id)).publication).toEqual({
      state: 'scheduled',
      publishedAt: '2026-11-21T10:00:00.000Z',
      publishAt: '2026-11-21T10:02:00.000Z',
      unpublishAt: null,
    });
    clock.advance(60_000);
    expect((await t.services.publishing.publishDue()).published).toEqual([]);
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Version publiée');
    clock.advance(60_000);
    expect((await t.services.publishing.publishDue()).published).toEqual([id]);
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Pour le vernissage');
    const doc = await read(id);
    expect(doc.draft).toBeNull();
    expect(doc.publication).toEqual({
      state: 'published',
      publishedAt: '2026-11-21T10:02:00.000Z',
      publishAt: null,
      unpublishAt: null,
    });
    const list = (await (await get(`/api/read/revisions?articleId=${id}`)).json()) as {
      kind: string;
      savedBy: string;
    }[];
    expect(list[0]).toMatchObject({ kind: 'published', savedBy: 'a@museum.example' });
  });

  it('on Netlify, the function scheduled every minute publishes what is due', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Publié par la fonction');
    await manage('publish', { articleId: id, at: '2026-11-21T10:01:00Z' });
    const scheduled = await createNetlifyPrepare(t.config, {
      db: database.db,
      blobs: t.blobs,
      log: silentLogger,
      now: clock.now,
    });
    expect(await (await scheduled.run()).json()).toEqual({ prepared: 0 });
    clock.advance(60_000);
    expect(await (await scheduled.run()).json()).toMatchObject({ published: 1 });
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Publié par la fonction');
  });

  it('a planned publish can be called off', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Plus tard');
    await manage('publish', { articleId: id, at: '2026-11-22T10:00:00Z' });
    const res = await manage('cancel_schedule', { articleId: id });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { publication: { state: string } }).publication.state).toBe(
      'published',
    );
    clock.advance(2 * 24 * 3_600_000);
    expect((await t.services.publishing.publishDue()).published).toEqual([]);
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Version publiée');
    expect(JSON.stringify((await read(id)).draft)).toContain('Plus tard');
  });

  it('refuses an `at` in the past or unparsable, naming it, and changes nothing', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Brouillon');
    const before = await read(id);
    for (const at of ['2026-11-21T09:59:00Z', 'demain matin', '2026-13-01T10:00:00Z', 12]) {
      const res = await manage('publish', { articleId: id, at });
      expect(res.status, String(at)).toBe(422);
      const error = (await res.json()) as { error: { code: string; details: { path: string }[] } };
      expect(error.error.code).toBe('invalid_body');
      expect(error.error.details.map((d) => d.path)).toEqual(['at']);
    }
    expect(await read(id)).toEqual(before);
  });

  it('discards the draft', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'À jeter');
    const res = await manage('discard_draft', { articleId: id });
    expect(res.status).toBe(200);
    const doc = await read(id);
    expect(doc.draft).toBeNull();
    expect(JSON.stringify(doc.content)).toContain('Version publiée');
  });
});

describe('the staff preview of a draft', () => {
  it('shows the draft to the museum signed in, counted nothing and never kept', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Brouillon secret');
    const preview = await visit('name=salle-1&lang=fr&preview=draft', { cookie });
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('Brouillon secret');
    // Another museum's staff, or a visitor after the preview: the published page.
    const theirs = await visit('name=salle-1&lang=fr&preview=draft', { cookie: other });
    expect(theirs.html).not.toContain('Brouillon secret');
    expect((await visit('name=salle-1&lang=fr')).html).not.toContain('Brouillon secret');
    const rows = await database.db.select().from(dailyCounts).where(eq(dailyCounts.articleId, id));
    // Only the visitor's page was counted: a draft preview's address counts nothing.
    expect(rows.map((r) => r.count).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('shows an unpublished article to its staff only', async () => {
    const res = await manage('add_article', { pathArray: [] });
    const { id } = (await res.json()) as { id: number };
    // Its address is its public name until its first publish, whatever the draft's url.
    const { name } = await read(id);
    await saveDraft(id, 'salle-3', 'Texte en préparation');
    const preview = `name=${name}&lang=fr&preview=draft`;
    expect((await visit(preview, { cookie })).html).toContain('Texte en préparation');
    const theirs = await visit(preview, { cookie: other });
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain('Texte en préparation');
  });
});

describe('the tree', () => {
  it('marks articles not published, planned, and with a draft', async () => {
    const live = await published('salle-1');
    const planned = await published('salle-2');
    const res = await manage('add_article', { pathArray: [] });
    const { id: fresh } = (await res.json()) as { id: number };
    await saveDraft(live, 'salle-1', 'Brouillon');
    await manage('publish', { articleId: planned, at: '2026-12-01T09:00:00+01:00' });
    const tree = (await (await get('/api/tree')).json()) as Record<string, unknown>[];
    const marks = (id: number) => {
      const { publication, publishAt, hasDraft } = tree.find((item) => item.id === id)!;
      return { publication, publishAt, hasDraft };
    };
    expect(marks(live)).toEqual({ publication: undefined, publishAt: undefined, hasDraft: true });
    expect(marks(planned)).toEqual({
      publication: 'scheduled',
      publishAt: '2026-12-01T08:00:00.000Z',
      hasDraft: undefined,
    });
    expect(marks(fresh)).toEqual({
      publication: 'unpublished',
      publishAt: undefined,
      hasDraft: undefined,
    });
  });
});

describe('circuits', () => {
  it('skip stops not published, and show them once they are', async () => {
    const first = await published('salle-1', 'Premier arrêt');
    const res = await manage('add_article', { pathArray: [] });
    const { id: second } = (await res.json()) as { id: number };
    await saveDraft(second, 'salle-2', 'Second arrêt');
    const saved = await manage('save_circuit', {
      name: 'visite',
      title: 'La visite',
      intro: '',
      articleIds: [first, second],
    });
    expect(saved.status).toBe(201);
    const before = await (await t.request('/circuit?name=visite&lang=fr')).text();
    expect(before).toContain('salle-1');
    expect(before).not.toContain('salle-2');
    await manage('publish', { articleId: second });
    const after = await (await t.request('/circuit?name=visite&lang=fr')).text();
    expect(after).toContain('salle-2');
  });
});

describe('revisions', () => {
  type Entry = { revision: number; kind: string; savedAt: string; savedBy: string; words: number };
  const list = async (id: number, as = cookie): Promise<Entry[]> => {
    const res = await get(`/api/read/revisions?articleId=${id}`, as);
    expect(res.status).toBe(200);
    return (await res.json()) as Entry[];
  };

  it('keeps every publish and one draft per ten minutes of editing, newest first', async () => {
    const id = await published('salle-1', 'Un deux trois');
    await saveDraft(id, 'salle-1', 'Quatre');
    clock.advance(5 * 60_000);
    await saveDraft(id, 'salle-1', 'Quatre cinq');
    let entries = await list(id);
    expect(entries.map((e) => e.kind)).toEqual(['draft', 'published']);
    expect(entries[0]).toMatchObject({
      savedBy: 'a@museum.example',
      words: 2,
      savedAt: '2026-11-21T10:05:00.000Z',
    });
    expect(entries[1]!.words).toBe(3);
    clock.advance(6 * 60_000);
    await saveDraft(id, 'salle-1', 'Quatre cinq six');
    await manage('publish', { articleId: id });
    entries = await list(id);
    expect(entries.map((e) => e.kind)).toEqual(['published', 'draft', 'draft', 'published']);
    const revisions = entries.map((e) => e.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => b - a));

    const one = await get(`/api/read/revision?articleId=${id}&revision=${entries[2]!.revision}`);
    expect(one.status).toBe(200);
    const version = (await one.json()) as { content: unknown[]; unformatted_name: string };
    expect(JSON.stringify(version.content)).toContain('Quatre cinq');
    expect(version.unformatted_name).toBe('Panneau');
  });

  it('a revision of another article, or none, is 404', async () => {
    const a = await published('salle-1');
    const b = await published('salle-2');
    // B's newest revision is one article A never reached.
    await saveDraft(b, 'salle-2', 'Encore');
    clock.advance(11 * 60_000);
    await saveDraft(b, 'salle-2', 'Encore une fois');
    const [ofB] = await list(b);
    expect((await read(a)).revision).toBeLessThan(ofB!.revision);
    const res = await get(`/api/read/revision?articleId=${a}&revision=${ofB!.revision}`);
    expect(res.status).toBe(404);
    expect(
      (await manage('restore_revision', { articleId: a, revision: ofB!.revision })).status,
    ).toBe(404);
    expect((await get(`/api/read/revision?articleId=${a}&revision=9999`)).status).toBe(404);
    expect((await get(`/api/read/revision?articleId=${a}&revision=abc`)).status).toBe(422);
  });

  it('restore makes a revision the draft, and publishes nothing', async () => {
    const id = await published('salle-1', 'Texte original');
    const [original] = await list(id);
    await staff(t, cookie).save(id, 'salle-1', 'Panneau', 'Texte abîmé');
    const res = await manage('restore_revision', { articleId: id, revision: original!.revision });
    expect(res.status).toBe(200);
    const doc = await read(id);
    expect(JSON.stringify(doc.draft?.content)).toContain('Texte original');
    expect(JSON.stringify(doc.content)).toContain('Texte abîmé');
    expect((await visit('name=salle-1&lang=fr')).html).toContain('Texte abîmé');
    expect((await list(id))[0]!.kind).toBe('draft');
  });

  it('keeps the newest 50 and everything of the last year', async () => {
    const id = await published('salle-1');
    const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
    const old = (i: number) => ({
      museumId: row!.museumId,
      articleId: id,
      // Older than every revision the article made since, in order.
      revision: i - 60,
      kind: 'draft' as const,
      content: [],
      unformattedName: '',
      instructions: '',
      savedAt: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 60_000),
      createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 60_000),
    });
    await database.db.insert(articleRevisions).values(Array.from({ length: 60 }, (_, i) => old(i)));
    // The recent ones: within the year, all kept whatever their number.
    await t.services.publishing.publish(row!.museumId, { userId: null, email: '' }, id);
    const count = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(articleRevisions)
          .where(eq(articleRevisions.articleId, id))
      )[0]!.n;
    expect(await count()).toBe(KEEP_NEWEST);
    // The two of this year are among them.
    const kinds = await database.db
      .select({ kind: articleRevisions.kind })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    expect(kinds.filter((k) => k.kind === 'published')).toHaveLength(2);
  });

  it('deleting the article deletes its revisions', async () => {
    const id = await published('salle-1');
    await saveDraft(id, 'salle-1', 'Brouillon');
    const res = await manage('delete_item', { id, type: 'article', pathArray: [] });
    expect(res.status).toBe(200);
    const left = await database.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    expect(left).toEqual([]);
  });
});
