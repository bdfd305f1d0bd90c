import { describe, expect, it } from 'vitest';
import { staff } from '../../../tests/helpers/staff.ts';
import { stopApi, stopBody as body } from '../../../tests/helpers/stops.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { ArticleChoice } from '../articles/article-list.ts';
import { parseQrcode } from './qrApi.ts';
import type { QrcodeDocument } from './schema.ts';

/**
 * An article's stop number where staff pick and print articles, on PGlite and PostgreSQL: the
 * articles list (QR picker, circuits) and the QR codes (detail and print sheet).
 */

let t: TestApp;
let cookie: string;
useTestApp({}, (s) => ({ t, cookie } = s));

const manage = (path: string, data: unknown) => stopApi(t, cookie).manage(path, data);
const get = (path: string) => stopApi(t, cookie).get(path);
const numbered = (url: string, stop: unknown, title: string) =>
  stopApi(t, cookie).numbered(url, stop, title);

describe('stop numbers on staff screens', () => {
  it('the articles list and the QR codes carry the published number', async () => {
    const room = await numbered('salle-3', 23, 'Salle 3');
    const plain = await numbered('sans-numero', undefined, 'Sans numéro');
    const list = (await (await get('/api/read/articles')).json()) as ArticleChoice[];
    expect(list.find((a) => a.id === room)?.stop).toBe(23);
    expect(list.find((a) => a.id === plain)).not.toHaveProperty('stop');

    const api = staff(t, cookie);
    const code = await api.codeFor(room);
    const free = await api.addCode();
    const one = (await (
      await get(`/api/read/qrcode?qrcodeId=${code.id}`)
    ).json()) as QrcodeDocument;
    expect(one.stop).toBe(23);
    // As the QR detail and the print sheet read it.
    expect(parseQrcode(one)?.stop).toBe(23);
    expect(parseQrcode({ ...one, stop: '23' })).not.toHaveProperty('stop');
    const all = (await (await get('/api/read/qrcodes')).json()) as QrcodeDocument[];
    expect(all.find((c) => c.id === code.id)?.stop).toBe(23);
    expect(all.find((c) => c.id === free.id)).not.toHaveProperty('stop');

    // A draft's number is not printed before it is published.
    expect((await manage('save_draft', body(room, 'salle-3', 24, 'Salle 3'))).status).toBe(200);
    const still = (await (
      await get(`/api/read/qrcode?qrcodeId=${code.id}`)
    ).json()) as QrcodeDocument;
    expect(still.stop).toBe(23);
  });
});
