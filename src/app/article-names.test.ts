import { describe, expect, it } from 'vitest';
import { staff } from '../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../tests/helpers/use-test-app.ts';
import { t as translate } from '../i18n/index.ts';
import { articleLabel as qrLabel } from '../features/qrcodes/ArticlePicker.tsx';
import type { QrcodeDocument } from '../features/qrcodes/schema.ts';
import type { TranslationStatus } from '../features/review/status.ts';
import { articleName, numberedName, untitledName } from '../features/articles/label.ts';

let t: TestApp;
let cookie: string;
useTestApp({ env: { COUNTS_FLUSH_MS: '0' } }, (s) => ({ t, cookie } = s));

/**
 * An article nobody has named yet, as the statistics, the QR codes, the translations overview
 * and the editor name it: every screen from what its own route answers, the same name.
 */
describe('an untitled article', () => {
  it('has one name on every staff screen', async () => {
    const curator = staff(t, cookie);
    const added = await curator.manage('add_article', { pathArray: [] });
    const { id } = (await added.json()) as { id: number };
    const code = await curator.codeFor(id);
    // A visitor scans it (it leads to the article even before it is published).
    const scan = await t.request(`/r/${code.link}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    const expected = untitledName(id);

    // Statistics: the series of the scans per article, named by the server.
    const stats = await curator.get('/api/stats/scans-per-article?days=10');
    expect(stats.status).toBe(200);
    const rows = (await stats.json()) as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).toContain(expected);

    // QR codes: the list's line, named by the QR screens.
    const codes = (await (await curator.get('/api/read/qrcodes')).json()) as QrcodeDocument[];
    const line = codes.find((c) => c.id === code.id)!;
    const qrName = qrLabel({
      id: line.id_article ?? line.id,
      unformatted_name: line.unformatted_name ?? '',
      public_title: line.public_title,
    });

    // The translations overview's line.
    await t.services.status.settled();
    const overview = (await (
      await curator.get('/api/read/translation_status')
    ).json()) as TranslationStatus;
    const row = overview.articles.find((a) => a.articleId === id)!;
    const overviewName = articleName({ id: row.articleId, title: row.title });

    // The editor's heading, in both interface languages.
    const headings = (['fr', 'en'] as const).map((lang) =>
      numberedName({ id, title: '' }, (name) => translate(lang, 'editor.heading', { id, name })),
    );

    expect([qrName, overviewName, ...headings]).toEqual([expected, expected, expected, expected]);
  });
});
