import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { dailyCounts } from '../../server/db/schema.ts';
import { READER_SCRIPT } from '../reader/render/document.ts';
import type { QrcodeDocument } from './schema.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
// Counts written at once, so each test reads them right after the scan.
useTestApp({ env: { COUNTS_FLUSH_MS: '0' } }, (s) => ({ database, t, cookie, other } = s));

const manage = (path: string, body: unknown, as = cookie) => staff(t, as).manage(path, body);
const publish = (url: string, as = cookie) => staff(t, as).publish(url);
const save = (id: number, url: string, as = cookie) => staff(t, as).save(id, url);
const linkedCode = (articleId: number | null, as = cookie): Promise<QrcodeDocument> =>
  articleId === null ? staff(t, as).addCode() : staff(t, as).codeFor(articleId);

const scan = (link: string, headers: Record<string, string> = {}) =>
  t.request(`/r/${link}`, { headers, redirect: 'manual' });

async function counts() {
  return (await database.db.select().from(dailyCounts)).map((r) => ({
    day: r.day,
    articleId: r.articleId,
    language: r.language,
    kind: r.kind,
    count: r.count,
  }));
}

describe('GET /r/{code}', () => {
  it('redirects to the linked article, uncached, and counts a scan in the phone’s language', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    const res = await scan(code.link, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/article?name=salle-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await counts()).toEqual([
      { day: '2026-11-21', articleId: id, language: 'es', kind: 'scan', count: 1 },
    ]);
  });

  it('opens the article in the language the visitor chose before, and counts it', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    // Japanese picked on an earlier panel: this scan opens the article in Japanese directly.
    const picked = await t.show('/article?name=salle-1&lang=ja');
    // Remembered by the page's count request (the page is the same for everyone).
    const remembered = picked.seen!.headers.get('set-cookie')!.split(';')[0]!;
    expect(remembered).toBe('legenda_lang=ja');
    const res = await scan(code.link, { cookie: remembered, 'accept-language': 'es' });
    expect(res.headers.get('location')).toBe('/article?name=salle-1&lang=ja');
    expect(await counts()).toContainEqual(
      expect.objectContaining({ articleId: id, language: 'ja', kind: 'scan', count: 1 }),
    );
    // Whatever else the cookie says: a code we do not offer opens the picker as before.
    for (const cookie of ['legenda_lang=klingon', 'legenda_lang=%22%3E%3Cscript%3E', 'x=1']) {
      const plain = await scan(code.link, { cookie, 'user-agent': cookie });
      expect(plain.headers.get('location')).toBe('/article?name=salle-1');
    }
  });

  it('counts the museum’s language when the phone names none we translate into', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    // Three phones (one phone's rescans count once: below).
    await scan(code.link, { 'user-agent': 'phone 1' });
    await scan(code.link, { 'accept-language': 'tlh, *;q=0.1', 'user-agent': 'phone 2' });
    await scan(code.link, { 'accept-language': 'de-CH', 'user-agent': 'phone 3' });
    expect(await counts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: 'fr', kind: 'scan', count: 2 }),
        expect.objectContaining({ language: 'de', kind: 'scan', count: 1 }),
      ]),
    );
  });

  it('resolves at each scan: a renamed url, a relinked code and a deleted article', async () => {
    const a = await publish('salle-1');
    const b = await publish('salle-2');
    const code = await linkedCode(a);
    expect((await scan(code.link)).headers.get('location')).toBe('/article?name=salle-1');

    // The printed code keeps working when the article's url changes.
    await save(a, 'salle-un');
    expect((await scan(code.link)).headers.get('location')).toBe('/article?name=salle-un');

    await manage('update_qrcode', { articleId: b, qrcodeId: code.id });
    expect((await scan(code.link)).headers.get('location')).toBe('/article?name=salle-2');

    await manage('delete_item', { id: b, type: 'article', pathArray: [] });
    expect((await scan(code.link)).status).toBe(404);
  });

  it('shows a friendly 404 in the phone’s language for a free or unknown code, counting nothing', async () => {
    const free = await linkedCode(null);
    for (const [link, accept, lang, words] of [
      [free.link, 'en-GB,en;q=0.8', 'en', 'The QR code or link you followed may be out of date'],
      ['ZZZZZZZZZZ', 'fr-FR', 'fr', 'Article introuvable'],
      ['ZZZZZZZZZZ', 'es-ES', 'es', 'Artículo no encontrado'],
      ['ZZZZZZZZZZ', '', 'fr', 'Article introuvable'],
    ] as const) {
      const res = await scan(link, accept ? { 'accept-language': accept } : {});
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(words);
      // No script but the visitor pages' own (reader.js).
      expect(html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '')).not.toMatch(
        /<script/i,
      );
    }
    expect(await counts()).toEqual([]);
  });

  it.each([
    ['//evil.example', '%2F%2Fevil.example'],
    ['a url', 'https%3A%2F%2Fevil.example'],
    ['dots', '..%2F..%2Fapi%2Ftree'],
    ['too long', 'A'.repeat(11)],
    ['too short', 'A'.repeat(9)],
    ['not alphanumeric', 'AAAA-AAAAA'],
    ['a script', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ])('never leads outside: %s is a 404', async (_, link) => {
    const res = await scan(link);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).not.toContain('<script>alert');
  });

  it('always redirects to a path of this site', async () => {
    const id = await publish('a-b-c-123');
    const code = await linkedCode(id);
    const location = (await scan(code.link)).headers.get('location')!;
    expect(location).toMatch(/^\/article\?name=[A-Za-z0-9-]+$/);
    expect(new URL(location, t.config.publicSiteUrl).origin).toBe(
      new URL(t.config.publicSiteUrl).origin,
    );
  });

  it('works for every museum’s codes, without a session', async () => {
    const mine = await linkedCode(await publish('chez-a'));
    const theirs = await linkedCode(await publish('chez-b', other), other);
    expect((await scan(mine.link)).headers.get('location')).toBe('/article?name=chez-a');
    expect((await scan(theirs.link)).headers.get('location')).toBe('/article?name=chez-b');
  });

  it('a link preview (HEAD) is answered but not counted', async () => {
    const code = await linkedCode(await publish('salle-1'));
    const res = await t.request(`/r/${code.link}`, { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(await counts()).toEqual([]);
  });

  it('counts every one of many simultaneous scans', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => scan(code.link, { 'user-agent': `phone ${i}` })),
    );
    expect(answers.every((res) => res.status === 302)).toBe(true);
    expect(await counts()).toEqual([
      { day: '2026-11-21', articleId: id, language: 'fr', kind: 'scan', count: 200 },
    ]);
  });
});

describe('a phone scanning again', () => {
  const phone = {
    'accept-language': 'es-ES',
    'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1)',
  };

  it('counts its rescans of an article once per half hour, in each language', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    for (let i = 0; i < 20; i++) expect((await scan(code.link, phone)).status).toBe(302);
    // A second code on the same article, within the window: the same article, not counted.
    const other = await linkedCode(id);
    expect((await scan(other.link, phone)).status).toBe(302);
    expect(await counts()).toEqual([
      { day: '2026-11-21', articleId: id, language: 'es', kind: 'scan', count: 1 },
    ]);
    // The phone's language changed: another count.
    await scan(code.link, { ...phone, 'accept-language': 'de' });
    t.clock.advance(29 * 60_000);
    await scan(code.link, phone);
    expect(await counts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: 'es', count: 1 }),
        expect.objectContaining({ language: 'de', count: 1 }),
      ]),
    );
    t.clock.advance(60_000);
    await scan(code.link, phone);
    expect(await counts()).toEqual(
      expect.arrayContaining([expect.objectContaining({ language: 'es', count: 2 })]),
    );
  });

  it('counts other phones and other addresses apart; a link preview does not use the window', async () => {
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    const head = await t.request(`/r/${code.link}`, { method: 'HEAD', headers: phone });
    expect(head.status).toBe(302);
    await scan(code.link, phone);
    await scan(code.link, { ...phone, 'user-agent': 'Mozilla/5.0 (Linux; Android 15)' });
    await scan(code.link, { ...phone, 'x-test-address': '198.51.100.4' });
    await scan(code.link, phone);
    expect(await counts()).toEqual([
      { day: '2026-11-21', articleId: id, language: 'es', kind: 'scan', count: 3 },
    ]);
  });
});

describe('buffered counting', () => {
  it('loses no scan: 500 scans buffered, then flushed, make 500', async () => {
    const buffered = testApp(database.db, { env: { COUNTS_FLUSH_MS: '60000' } });
    const id = await publish('salle-1');
    const code = await linkedCode(id);
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        buffered.request(`/r/${code.link}`, {
          redirect: 'manual',
          headers: { 'user-agent': `phone ${i}` },
        }),
      ),
    );
    expect(await counts()).toEqual([]);
    await buffered.services.counter.flush();
    expect((await counts())[0]?.count).toBe(500);
  });
});
