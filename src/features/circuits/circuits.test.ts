import { describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { publishArticle, useTranslationApp } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { CircuitDocument } from './schema.ts';

/**
 * Circuits on a real database. The staff's API (scope, order, bad input that
 * changes nothing), QR codes leading to a circuit and their scans counted, and what visitors
 * read: the circuit page in their language and an article's 'stop n of N' with its neighbours.
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
let other: string;

useTranslationApp((s) => ({ t, cookie, other, fake } = s));

const save = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/save_circuit', body, { cookie: as });
const remove = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/delete_circuit', body, { cookie: as });
const list = async (as = cookie): Promise<CircuitDocument[]> => {
  const res = await t.request('/api/read/circuits', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as CircuitDocument[];
};
const page = (path: string, headers: Record<string, string> = {}) =>
  t.show(path, { headers: { 'accept-language': 'en', ...headers } });

const text = (content: string) => ({ type: 'text', content });

/** Three published panels of museum A: their ids. */
async function panels(): Promise<number[]> {
  return [
    await publishArticle({ t, cookie }, 'salle-1', [text('La Joconde, portrait de Lisa')]),
    await publishArticle({ t, cookie }, 'salle-2', [text('Le Radeau de la Méduse')]),
    await publishArticle({ t, cookie }, 'salle-3', [text('La Victoire de Samothrace')]),
  ];
}

async function created(body: Record<string, unknown>): Promise<CircuitDocument> {
  const res = await save(body);
  expect(res.status).toBe(201);
  return (await res.json()) as CircuitDocument;
}

/** The 422's field paths, and that it is one. */
async function fieldsOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { error: { code: string; details: { path: string }[] } };
  expect(body.error.code).toBe('invalid_body');
  return body.error.details.map((d) => d.path);
}

describe('the circuits API', () => {
  it('creates, lists in order, reorders and deletes a circuit', async () => {
    const [a, b, c] = await panels();
    expect(await list()).toEqual([]);
    const circuit = await created({
      name: 'grande-galerie',
      title: 'La Grande Galerie',
      intro: 'Trois chefs-d’œuvre.',
      articleIds: [a, b, c],
    });
    expect(circuit).toMatchObject({ name: 'grande-galerie', articleIds: [a, b, c] });
    const res = await save({ ...circuit, articleIds: [c, a] });
    expect(res.status).toBe(200);
    expect(await list()).toEqual([{ ...circuit, articleIds: [c, a] }]);
    // The other museum sees none of it, and cannot touch it.
    expect(await list(other)).toEqual([]);
    expect((await save({ ...circuit, title: 'Pris' }, other)).status).toBe(404);
    expect((await remove({ id: circuit.id }, other)).status).toBe(404);
    expect(await remove({ id: circuit.id })).toMatchObject({ status: 200 });
    expect(await list()).toEqual([]);
  });

  it('lets an article be a stop of several circuits', async () => {
    const [a, b] = await panels();
    await created({ name: 'un', title: 'Un', articleIds: [a, b] });
    await created({ name: 'deux', title: 'Deux', articleIds: [b, a] });
    expect((await list()).map((c) => c.articleIds)).toEqual([
      [b, a],
      [a, b],
    ]);
  });

  it('refuses bad input, naming the field, and changes nothing', async () => {
    const [a, b] = await panels();
    const theirs = await publishArticle({ t, cookie: other }, 'ailleurs', [text('Ailleurs')]);
    const circuit = await created({ name: 'salle', title: 'Salle', articleIds: [a] });
    const bad: [unknown, string[]][] = [
      [{ name: '', title: 'T', articleIds: [] }, ['name']],
      [{ name: 'ok', title: '   ', articleIds: [] }, ['title']],
      [{ name: 'pas bon', title: 'T', articleIds: [] }, ['name']],
      [{ name: 'ok', title: 'T', articleIds: [a, b, a] }, ['articleIds.2']],
      [{ name: 'ok', title: 'T', articleIds: [a, theirs] }, ['articleIds.1']],
      [{ name: 'ok', title: 'T', articleIds: [a, 999_999] }, ['articleIds.1']],
      [{ name: 'ok', title: 'T', articleIds: 'a,b' }, ['articleIds']],
      [{ name: 'ok', title: 'T\u0007', articleIds: [] }, ['title']],
      [{ name: 'ok', title: 'T', intro: 42, articleIds: [] }, ['intro']],
      [{ id: circuit.id, name: 'salle', title: 'T', articleIds: [a, 'x'] }, ['articleIds.1']],
    ];
    for (const [body, fields] of bad) expect(await fieldsOf(await save(body))).toEqual(fields);
    // A name another circuit has: 409, naming it.
    const taken = await save({ name: 'salle', title: 'Autre', articleIds: [] });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: 'name_taken' } });
    // An id that is no circuit of the museum.
    expect((await save({ id: 999_999, name: 'x', title: 'X', articleIds: [] })).status).toBe(404);
    expect((await remove({ id: 'abc' })).status).toBe(422);
    expect(await list()).toEqual([circuit]);
  });

  it('takes a deleted article out of its circuits; a deleted circuit leaves its codes free', async () => {
    const [a, b, c] = await panels();
    const circuit = await created({ name: 'tour', title: 'Tour', articleIds: [a, b, c] });
    const del = await t.postJson(
      '/api/manage/delete_item',
      { id: b, type: 'article', pathArray: [] },
      { cookie },
    );
    expect(del.status).toBe(200);
    expect((await list())[0]?.articleIds).toEqual([a, c]);

    const code = (await (await t.postJson('/api/manage/add_qrcode', {}, { cookie })).json()) as {
      id: number;
    };
    const linked = await t.postJson(
      '/api/manage/update_qrcode',
      { qrcodeId: code.id, circuitId: circuit.id },
      { cookie },
    );
    expect(await linked.json()).toMatchObject({
      id_article: null,
      circuit_id: circuit.id,
      circuit_title: 'Tour',
      circuit_name: 'tour',
    });
    await remove({ id: circuit.id });
    const read = await t.request(`/api/read/qrcode?qrcodeId=${code.id}`, { headers: { cookie } });
    expect(await read.json()).toMatchObject({ id_article: null, circuit_id: null });
  });

  it('links a code to a circuit or an article, never both, and only the museum’s', async () => {
    const [a] = await panels();
    const circuit = await created({ name: 'tour', title: 'Tour', articleIds: [a] });
    const theirs = (await (
      await save({ name: 'leur-tour', title: 'Leur tour', articleIds: [] }, other)
    ).json()) as CircuitDocument;
    const code = (await (await t.postJson('/api/manage/add_qrcode', {}, { cookie })).json()) as {
      id: number;
    };
    const link = (body: Record<string, unknown>) =>
      t.postJson('/api/manage/update_qrcode', { qrcodeId: code.id, ...body }, { cookie });
    expect(await fieldsOf(await link({ articleId: a, circuitId: circuit.id }))).toEqual([
      'circuitId',
    ]);
    expect(await fieldsOf(await link({}))).toEqual(['articleId']);
    expect((await link({ circuitId: theirs.id })).status).toBe(404);
    expect(await (await link({ circuitId: circuit.id })).json()).toMatchObject({
      circuit_id: circuit.id,
    });
    // Back to an article: the circuit link is freed.
    expect(await (await link({ articleId: a })).json()).toMatchObject({
      id_article: a,
      circuit_id: null,
    });
  });
});

describe('circuits for visitors', () => {
  it('sends a scan of a circuit’s code to its page, and counts it with the scans', async () => {
    const [a] = await panels();
    const circuit = await created({ name: 'tour', title: 'Le tour', articleIds: [a] });
    const code = (await (await t.postJson('/api/manage/add_qrcode', {}, { cookie })).json()) as {
      id: number;
      link: string;
    };
    await t.postJson(
      '/api/manage/update_qrcode',
      { qrcodeId: code.id, circuitId: circuit.id },
      { cookie },
    );
    const scan = await page(`/r/${code.link}`, { 'accept-language': 'ja' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe('/circuit?name=tour');
    // A visitor who chose Japanese before goes straight to it.
    const again = await page(`/r/${code.link}`, { cookie: 'legenda_lang=ja' });
    expect(again.headers.get('location')).toBe('/circuit?name=tour&lang=ja');

    const csv = await (
      await t.request('/api/stats/scans-per-article?format=csv&lang=en', { headers: { cookie } })
    ).text();
    expect(csv.split('\n')[0]).toContain('Circuit: Le tour');
    // The second scan is the same phone's within the half hour: counted once (stats/repeats.ts).
    expect(csv.trim().endsWith(',1')).toBe(true);
    const languages = await (
      await t.request('/api/stats/scans-per-language?format=csv&lang=en', { headers: { cookie } })
    ).text();
    expect(languages.split('\n')[0]).toContain('Japanese');
  });

  it('shows the circuit in the visitor’s language, its stops linked in it', async () => {
    const [a, b, c] = await panels();
    await created({
      name: 'tour',
      title: 'Le tour',
      intro: 'Premier paragraphe.\n\nSecond paragraphe.',
      articleIds: [c, a, b],
    });
    const res = await page('/circuit?name=tour&lang=ja');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Complete, from its first showing: the service worker may keep it (offline reading).
    expect(res.headers.get('x-legenda-page')).toBe('circuit');
    const html = await res.text();
    expect(html).toContain('<h1>[ja] Le tour</h1>');
    expect(html).toContain('[ja] Premier paragraphe.');
    expect(html).toContain('[ja] Second paragraphe.');
    // In the circuit's order, each linked in Japanese from the circuit.
    const links = [...html.matchAll(/href="(\/article\?[^"]+)"/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
    expect(links).toEqual([
      '/article?name=salle-3&circuit=tour&lang=ja',
      '/article?name=salle-1&circuit=tour&lang=ja',
      '/article?name=salle-2&circuit=tour&lang=ja',
    ]);
    expect(html.indexOf('[ja] La Victoire')).toBeLessThan(html.indexOf('[ja] La Joconde'));
    // One engine call for the circuit's texts; a second visit costs none.
    const calls = fake.calls.length;
    expect(calls).toBe(1);
    await page('/circuit?name=tour&lang=ja');
    expect(fake.calls.length).toBe(calls);
    // The language is remembered (by the page's count request); the picker without one; 404
    // for an unknown circuit.
    expect(res.seen?.headers.get('set-cookie')).toContain('legenda_lang=ja');
    const picker = await (await page('/circuit?name=tour')).text();
    expect(picker).toContain('href="/circuit?name=tour&amp;lang=ja"');
    expect((await page('/circuit?name=nope&lang=ja')).status).toBe(404);
    expect((await page('/circuit?name=%3Cscript%3E')).status).toBe(404);
    expect((await page('/circuit')).status).toBe(404);
  });

  it('names the QR codes of the circuit and its stops for offline scans, no others', async () => {
    const [a, b, c] = await panels();
    const circuit = await created({ name: 'tour', title: 'Le tour', articleIds: [a, b] });
    const code = async (link: Record<string, number> | undefined) => {
      const made = (await (await t.postJson('/api/manage/add_qrcode', {}, { cookie })).json()) as {
        id: number;
        link: string;
      };
      if (link) {
        const res = await t.postJson(
          '/api/manage/update_qrcode',
          { qrcodeId: made.id, ...link },
          { cookie },
        );
        expect(res.status).toBe(200);
      }
      return made.link;
    };
    const onB = await code({ articleId: b! });
    const onCircuit = await code({ circuitId: circuit.id });
    await code({ articleId: c! }); // not a stop
    await code(undefined); // free
    const html = await (await page('/circuit?name=tour&lang=ja')).text();
    const codes = /data-codes="([^"]*)"/.exec(html)?.[1]?.replaceAll('&quot;', '"');
    expect(JSON.parse(codes!.replaceAll('&amp;', '&'))).toEqual({
      [onB]: '/article?name=salle-2&circuit=tour&lang=ja',
      [onCircuit]: '/circuit?name=tour&lang=ja',
    });
  });

  it('shows an article opened from a circuit with stop n of N, previous and next', async () => {
    const [a, b, c] = await panels();
    await created({ name: 'tour', title: 'Le tour', articleIds: [a, b, c] });
    // The circuit page translates its titles first, as a visitor's visit would.
    await page('/circuit?name=tour&lang=ja');
    const html = await (await page('/article?name=salle-2&circuit=tour&lang=ja')).text();
    expect(html).toContain('3 か所中 2 か所目');
    expect(html).toContain('href="/article?name=salle-1&amp;circuit=tour&amp;lang=ja"');
    expect(html).toContain('href="/article?name=salle-3&amp;circuit=tour&amp;lang=ja"');
    expect(html).toContain('href="/circuit?name=tour&amp;lang=ja"');
    expect(html).toContain('[ja] Le Radeau');
    expect(html).toContain('[ja] La Joconde');
    // The language button and text size keep the circuit.
    expect(html).toContain('href="/article?name=salle-2&amp;choose=1&amp;circuit=tour"');
    const first = await (await page('/article?name=salle-1&circuit=tour&lang=ja')).text();
    expect(first).toContain('3 か所中 1 か所目');
    expect(first).not.toContain('rel="prev"');
    // A circuit the article is not in, or of another museum: the page without navigation.
    await save({ name: 'leur-tour', title: 'Leur tour', articleIds: [] }, other);
    for (const circuit of ['leur-tour', 'inconnu', '<b>']) {
      const plain = await (
        await page(`/article?name=salle-2&circuit=${encodeURIComponent(circuit)}&lang=ja`)
      ).text();
      expect(plain).not.toContain('class="reader-circuit"');
    }
  });
});
