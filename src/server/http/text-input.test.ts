import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORIGIN, testApp } from '../../../tests/helpers/app.ts';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { createLogger } from '../log.ts';

/**
 * Text that is not well-formed UTF-16 (a lone surrogate, `"\ud800"` in JSON)
 * is refused with 422 naming the field on every route, never a 500; and an error's log line
 * never carries the statement's parameters or other user content.
 */

const LONE = 'a\ud800b';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let lines: string[];

useTestApp(
  () => {
    lines = [];
    const log = createLogger(
      { logLevel: 'debug', logFormat: 'json' },
      { sink: (_, line) => lines.push(line) },
    );
    return { log };
  },
  (s) => ({ database, t, cookie } = s),
);

const manage = (path: string, body: unknown) => t.postJson(`/api/manage/${path}`, body, { cookie });

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(422);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('invalid_text');
  expect(error.message).toContain(`${field}: `);
}

describe('a lone surrogate in a JSON body', () => {
  it('in an article’s text is refused with 422 naming the field, and nothing is saved', async () => {
    const id = await staff(t, cookie).publish('salle-1', 'Salle 1', 'Bonjour');
    const res = await manage('update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: 'salle-1' },
        { type: 'text', content: LONE },
      ],
      unformatted_name: 'Salle 1',
      instructions: '',
    });
    await expectRefused(res, 'newContent.1.content');
    const read = await staff(t, cookie).get(`/api/read/article?articleId=${id}`);
    expect(JSON.stringify(await read.json())).toContain('Bonjour');
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });

  it('is refused on every JSON route, in any field, key or depth', async () => {
    const id = await staff(t, cookie).publish('salle-1');
    const cases: [string, unknown, string][] = [
      [
        'update_article',
        { articleId: id, newContent: [], unformatted_name: LONE, instructions: '' },
        'unformatted_name',
      ],
      [
        'update_article',
        { articleId: id, newContent: [], unformatted_name: 'x', instructions: LONE },
        'instructions',
      ],
      ['add_folder', { pathArray: [], id: LONE }, 'id'],
      ['rename_article', { articleId: id, newName: LONE }, 'newName'],
      ['update_settings', { sourceLanguage: 'fr', timeZone: LONE }, 'timeZone'],
      [
        'move_item',
        { fromPathArray: [LONE], itemId: id, toPathArray: [], toFolderId: null },
        'fromPathArray.0',
      ],
      ['add_article', { pathArray: [], [LONE]: 1 }, '"a\\ud800b"'],
    ];
    for (const [path, body, field] of cases) await expectRefused(await manage(path, body), field);
    await expectRefused(
      await t.postJson('/login', { email: `${LONE}@museum.example`, password: 'x' }),
      'email',
    );
  });

  it('is no 500 in a multipart field or a query string', async () => {
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])]), 'v.webm');
    form.append('articleId', '1');
    form.append('videoId', `Ab${LONE}C`);
    const upload = await t.request('/api/upload/video', {
      method: 'POST',
      headers: { cookie, origin: ORIGIN },
      body: form,
    });
    expect(upload.status).toBeLessThan(500);
    // %ED%A0%80 is U+D800 written as UTF-8, which no decoder gives back as text.
    for (const path of [
      '/article?name=%ED%A0%80',
      '/article?name=salle-1&q=%ED%A0%80&lang=%ED%A0%80',
      '/api/read/article?articleId=%ED%A0%80',
      '/api/read/qrcode?qrcodeId=%ED%A0%80',
      '/api/stats/scans-per-article?lang=%ED%A0%80',
      '/r/%ED%A0%80',
      '/media/%ED%A0%80',
    ]) {
      const res = await t.request(path, { headers: { cookie }, redirect: 'manual' });
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe('the error log', () => {
  it('names a failed statement without its parameters or the values PostgreSQL quotes', async () => {
    const secret = 'Le contenu de l’article, à ne jamais écrire dans un journal';
    // A fresh app: Hono takes no route once it has answered a request.
    const log = createLogger(
      { logLevel: 'debug', logFormat: 'json' },
      { sink: (_, line) => lines.push(line) },
    );
    const fresh = testApp(database.db, { log });
    fresh.app.get('/test/database-error', async () => {
      await database.db.execute(sql`select ${secret}::int as n`);
      return new Response('unreachable');
    });
    const res = await fresh.request('/test/database-error');
    expect(res.status).toBe(500);
    const errors = lines.filter((l) => l.includes('"level":"error"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Failed query: select $1::int as n');
    expect(errors[0]).toContain('params: [redacted]');
    expect(errors[0]).not.toContain('contenu');
    expect(errors[0]).not.toContain('journal');
  });
});
