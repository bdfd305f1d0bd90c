import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { museums, qrcodes } from '../../server/db/schema.ts';
import { bufferedCounts, countsRepo } from '../stats/counts.ts';
import { qrcodesRepo } from './repo.ts';
import { qrcodesService } from './service.ts';
import type { ArticleChoice } from '../articles/article-list.ts';
import { CODE_LENGTH, CODE_PATTERN } from './codes.ts';
import type { QrcodeDocument } from './schema.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
/** The block about an unset PUBLIC_SITE_URL runs without it; every other test with it. */
let addressUnset = false;
useTestApp(
  (): { env: Record<string, string> } => ({
    env: addressUnset ? {} : { PUBLIC_SITE_URL: 'https://legenda.example' },
  }),
  (s) => ({ database, t, cookie, other } = s),
);

const manage = (path: string, body: unknown, as = cookie) => staff(t, as).manage(path, body);
const get = (path: string, as = cookie) => staff(t, as).get(path);
const addCode = (as = cookie) => staff(t, as).addCode();

async function newArticle(title: string, as = cookie): Promise<{ id: number; name: string }> {
  const res = await manage('add_article', { pathArray: [] }, as);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect((await manage('rename_article', { articleId: id, newName: title }, as)).status).toBe(200);
  const doc = (await (await get(`/api/read/article?articleId=${id}`, as)).json()) as {
    name: string;
  };
  return { id, name: doc.name };
}

describe('add_qrcode', () => {
  it('makes a free code with a fresh short link, no body needed', async () => {
    const code = await addCode();
    expect(code).toEqual({
      id: expect.any(Number),
      link: expect.stringMatching(CODE_PATTERN),
      url: `https://legenda.example/r/${code.link}`,
      id_article: null,
      unformatted_name: null,
      name: null,
      circuit_id: null,
      circuit_title: null,
      circuit_name: null,
    });
    expect(code.link).toHaveLength(CODE_LENGTH);
  });

  it('gives every code its own link', async () => {
    const links = new Set<string>();
    for (let i = 0; i < 40; i++) links.add((await addCode()).link);
    expect(links.size).toBe(40);
  });

  it('draws again when a link is already taken, and gives up after five draws', async () => {
    const museumId = (await database.db.select().from(museums))[0]!.id;
    const draws = ['AAAAAAAAAA', 'AAAAAAAAAA', 'AAAAAAAAAA', 'BBBBBBBBBB'];
    const service = qrcodesService(qrcodesRepo(database.db), {
      publicSiteUrl: 'https://legenda.example',
      counter: bufferedCounts(countsRepo(database.db), { flushMs: 0 }),
      now: () => new Date(),
      draw: () => draws.shift() ?? 'AAAAAAAAAA',
    });
    expect((await service.add(museumId)).link).toBe('AAAAAAAAAA');
    expect((await service.add(museumId)).link).toBe('BBBBBBBBBB');
    await expect(service.add(museumId)).rejects.toMatchObject({
      status: 500,
      code: 'no_free_code',
    });
    expect((await database.db.select().from(qrcodes)).map((q) => q.link).sort()).toEqual([
      'AAAAAAAAAA',
      'BBBBBBBBBB',
    ]);
  });

  it('is refused from another site and without a session', async () => {
    const cross = await t.request('/api/manage/add_qrcode', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    const anonymous = await t.request('/api/manage/add_qrcode', {
      method: 'POST',
      headers: { origin: t.config.publicSiteUrl },
    });
    expect(anonymous.status).toBe(401);
    expect(await database.db.select().from(qrcodes)).toHaveLength(0);
  });
});

describe('read and update', () => {
  it('lists the museum’s codes in order, free and linked', async () => {
    const article = await newArticle('Le port en 1780');
    const free = await addCode();
    const linked = await addCode();
    const res = await manage('update_qrcode', { articleId: article.id, qrcodeId: linked.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: linked.id,
      id_article: article.id,
      unformatted_name: 'Le port en 1780',
      name: article.name,
    });
    const list = (await (await get('/api/read/qrcodes')).json()) as QrcodeDocument[];
    expect(list.map((c) => [c.id, c.id_article, c.unformatted_name])).toEqual([
      [free.id, null, null],
      [linked.id, article.id, 'Le port en 1780'],
    ]);
    const one = await get(`/api/read/qrcode?qrcodeId=${linked.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(await one.json()).toEqual(list[1]);
  });

  it('relinks a code to another article, and shows a renamed title', async () => {
    const a = await newArticle('Salle 1');
    const b = await newArticle('Salle 2');
    const code = await addCode();
    await manage('update_qrcode', { articleId: a.id, qrcodeId: code.id });
    await manage('update_qrcode', { articleId: b.id, qrcodeId: String(code.id) });
    await manage('rename_article', { articleId: b.id, newName: 'Salle deux' });
    const doc = (await (
      await get(`/api/read/qrcode?qrcodeId=${code.id}`)
    ).json()) as QrcodeDocument;
    expect([doc.id_article, doc.unformatted_name]).toEqual([b.id, 'Salle deux']);
  });

  it('a deleted article leaves its codes free', async () => {
    const a = await newArticle('Éphémère');
    const code = await addCode();
    await manage('update_qrcode', { articleId: a.id, qrcodeId: code.id });
    expect((await manage('delete_item', { id: a.id, type: 'article', pathArray: [] })).status).toBe(
      200,
    );
    const doc = (await (
      await get(`/api/read/qrcode?qrcodeId=${code.id}`)
    ).json()) as QrcodeDocument;
    expect(doc).toMatchObject({ id_article: null, unformatted_name: null, name: null });
  });

  it('refuses a save with no article chosen, saying so, and changes nothing', async () => {
    const a = await newArticle('Salle 1');
    const code = await addCode();
    await manage('update_qrcode', { articleId: a.id, qrcodeId: code.id });
    for (const body of [{ qrcodeId: code.id }, { qrcodeId: code.id, articleId: null }]) {
      const res = await manage('update_qrcode', body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toContain('articleId: choose an article first');
    }
    const doc = (await (
      await get(`/api/read/qrcode?qrcodeId=${code.id}`)
    ).json()) as QrcodeDocument;
    expect(doc.id_article).toBe(a.id);
  });

  it.each([
    ['a text id', { articleId: 'one', qrcodeId: 1 }, 'articleId'],
    ['a negative code id', { articleId: 1, qrcodeId: -1 }, 'qrcodeId'],
    ['a fractional id', { articleId: 1.5, qrcodeId: 1 }, 'articleId'],
    ['no code id', { articleId: 1 }, 'qrcodeId'],
    ['an object', { articleId: { id: 1 }, qrcodeId: 1 }, 'articleId'],
  ])('answers 422 for %s', async (_, body, field) => {
    const res = await manage('update_qrcode', body);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toContain(field);
  });

  it('answers 400 for a body that is not JSON and 415 for a form', async () => {
    expect((await manage('update_qrcode', '{"articleId":')).status).toBe(400);
    const form = await t.request('/api/manage/update_qrcode', {
      method: 'POST',
      headers: { cookie, origin: t.config.publicSiteUrl, 'content-type': 'text/plain' },
      body: 'articleId=1&qrcodeId=1',
    });
    expect(form.status).toBe(415);
  });

  it('keeps museums apart: another museum’s codes and articles answer 404', async () => {
    const mine = await newArticle('À moi');
    const theirs = await newArticle('À eux', other);
    const myCode = await addCode();
    const theirCode = await addCode(other);

    expect((await get(`/api/read/qrcode?qrcodeId=${theirCode.id}`)).status).toBe(404);
    expect(await (await get('/api/read/qrcodes')).json()).toHaveLength(1);
    const foreignCode = await manage('update_qrcode', {
      articleId: mine.id,
      qrcodeId: theirCode.id,
    });
    expect(foreignCode.status).toBe(404);
    const foreignArticle = await manage('update_qrcode', {
      articleId: theirs.id,
      qrcodeId: myCode.id,
    });
    expect(foreignArticle.status).toBe(404);
    expect((await foreignArticle.json()).error.message).toBe('No such article in your museum.');
    const theirList = (await (await get('/api/read/qrcodes', other)).json()) as QrcodeDocument[];
    expect(theirList).toEqual([expect.objectContaining({ id: theirCode.id, id_article: null })]);
  });

  it('answers 422 for a bad id, 404 for an unknown one, 401 signed out', async () => {
    expect((await get('/api/read/qrcode?qrcodeId=abc')).status).toBe(422);
    expect((await get('/api/read/qrcode')).status).toBe(422);
    expect((await get('/api/read/qrcode?qrcodeId=999999')).status).toBe(404);
    expect((await t.request('/api/read/qrcodes')).status).toBe(401);
    expect((await t.request('/api/read/qrcode?qrcodeId=1')).status).toBe(401);
  });
});

describe('while PUBLIC_SITE_URL is unset', () => {
  beforeAll(() => void (addressUnset = true));
  afterAll(() => void (addressUnset = false));

  it('marks every code: its address is this machine’s own (the QR screens say so)', async () => {
    const code = await addCode();
    expect(code).toMatchObject({
      url: `http://localhost:4321/r/${code.link}`,
      address_unset: true,
    });
    const list = (await (await get('/api/read/qrcodes')).json()) as QrcodeDocument[];
    expect(list).toEqual([expect.objectContaining({ id: code.id, address_unset: true })]);
    const one = (await (await get(`/api/read/qrcode?qrcodeId=${code.id}`)).json()) as unknown;
    expect(one).toEqual(list[0]);
  });
});

describe('GET /api/read/articles', () => {
  it('lists the museum’s articles by title with their url names', async () => {
    const b = await newArticle('salle 10');
    const a = await newArticle('Salle 2');
    const c = await newArticle('Entrée');
    await newArticle('Ailleurs', other);
    const res = await get('/api/read/articles');
    expect(res.status).toBe(200);
    const list = (await res.json()) as ArticleChoice[];
    expect(list).toEqual([
      { id: c.id, name: c.name, unformatted_name: 'Entrée' },
      { id: a.id, name: a.name, unformatted_name: 'Salle 2' },
      { id: b.id, name: b.name, unformatted_name: 'salle 10' },
    ]);
    expect((await t.request('/api/read/articles')).status).toBe(401);
  });
});
