import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { VisitorReport } from './repo.ts';
import ReportFlags from './ReportFlags.tsx';

/**
 * 'Report a problem' names the title the page shows: offered first in 'Where' when the museum
 * wrote one, taken by POST /feedback, and named on the staff's review screen.
 */

let t: TestApp;
let cookie: string;
useTestApp(
  () => ({}),
  (s) => ({ t, cookie } = s),
);

/** A published article of one text, with the public title given (or none). */
async function article(publicTitle?: string): Promise<number> {
  const curator = staff(t, cookie);
  const id = await curator.publish('le-port');
  const res = await curator.manage('update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: 'le-port', publicTitle },
      { type: 'text', content: 'Le port de Brest' },
    ],
    unformatted_name: 'Panneau',
    instructions: '',
  });
  expect(res.status).toBe(200);
  return id;
}

const report = (block: string) =>
  t.request('/feedback', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:4321',
    },
    body: new URLSearchParams({
      name: 'le-port',
      lang: 'fr',
      kind: 'original',
      block,
      message: 'Une faute dans le titre.',
    }).toString(),
    redirect: 'manual',
  });

const options = (page: string) =>
  [...page.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);

describe('a report on the title', () => {
  it('offers the public title first in Where, and stores a report naming it', async () => {
    const id = await article('Le phare du Minou');
    const page = await (await t.request('/article?name=le-port&lang=fr')).text();
    expect(options(page)).toEqual([
      ['', 'Toute la page'],
      ['metadatas', 'Le phare du Minou'],
      [expect.any(String), 'Le port de Brest'],
    ]);
    expect((await report('metadatas')).status).toBe(303);
    const res = await staff(t, cookie).get(`/api/read/feedback?articleId=${id}&lang=fr`);
    const { reports } = (await res.json()) as { reports: VisitorReport[] };
    expect(reports).toMatchObject([{ block: 'metadatas', kind: 'original' }]);
  });

  it('offers no title when the page shows its first words instead, and refuses one', async () => {
    await article();
    const page = await (await t.request('/article?name=le-port&lang=fr')).text();
    expect(page).not.toContain('value="metadatas"');
    expect((await report('metadatas')).status).toBe(422);
  });

  it('names the title on the staff’s review screen, in French and English', () => {
    const flag = (lang: Lang) =>
      renderToStaticMarkup(
        createElement(ReportFlags, {
          t: (key, vars) => translate(lang, key, vars),
          lang,
          busy: false,
          onResolve: () => undefined,
          reports: [
            {
              id: 1,
              articleId: 1,
              lang: 'ar',
              kind: 'translation',
              block: 'metadatas',
              message: 'خطأ',
              createdAt: '2026-12-07T10:00:00.000Z',
              resolvedAt: null,
            },
          ],
        }),
      );
    expect(flag('fr')).toContain('la traduction (le titre affiché aux visiteurs)');
    expect(flag('en')).toContain('the translation (the title shown to visitors)');
  });
});
