import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { articles, qrcodes } from '../../server/db/schema.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { contentSchema } from '../articles/content.ts';
import { CODE_PATTERN } from '../qrcodes/codes.ts';
import { qrcodesRepo } from '../qrcodes/repo.ts';
import { accountsRepo } from '../accounts/repo.ts';
import { extractSegments } from '../translation/segments.ts';
import { DEMO_CONTENT, DEMO_INSTRUCTIONS, DEMO_TITLE } from './content.ts';
import { DEMO_ARTICLE_NAME, DEMO_CODE, DEMO_SCAN_PATH } from './demo.ts';
import { demoAtFirstStart, ensureDemo } from './service.ts';
import { withBlockIds } from '../articles/block-ids.ts';

let database: TestDatabase;
let t: TestApp;
useTestApp({ museums: false, env: { COUNTS_FLUSH_MS: '0' } }, (s) => ({ database, t } = s));

const ADMIN = {
  email: 'admin@museum.example',
  password: 'a first password',
  museum: 'Musée du port',
};

/** What main.ts does at a start: the first account, then the demo when it was just made. */
async function start(log = recordingLogger().log) {
  const first = await t.accounts.ensureFirstAccount(ADMIN);
  if (first) await demoAtFirstStart({ db: database.db, log, services: t.services }, first.museum);
  return first;
}

const allArticles = () => database.db.select().from(articles);
const allCodes = () => database.db.select().from(qrcodes);

describe('the demo content', () => {
  it('passes the editor’s schema and reads like an article of 150 to 250 words', () => {
    const parsed = contentSchema.safeParse(DEMO_CONTENT);
    expect(parsed.success).toBe(true);
    const [meta, ...blocks] = parsed.data!;
    expect(meta.url).toBe(DEMO_ARTICLE_NAME);
    const types = new Set(blocks.map((b) => b.type));
    for (const type of ['text', 'space', 'legendItem', 'accordion']) expect(types).toContain(type);
    const accordion = blocks.find((b) => b.type === 'accordion');
    expect(accordion?.header.content).toBe('En savoir plus');

    const words = extractSegments(parsed.data!)
      .map((s) => s.text)
      .join(' ')
      .split(/\s+/)
      .filter((w) => /\p{L}/u.test(w)).length;
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(250);
  });

  it('has a code of the usual shape and a valid url', () => {
    expect(DEMO_CODE).toMatch(CODE_PATTERN);
    expect(DEMO_SCAN_PATH).toBe(`/r/${DEMO_CODE}`);
    expect(DEMO_ARTICLE_NAME).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('the first start', () => {
  it('creates one article and the code DemoLegend linked to it, in the first museum', async () => {
    const { log, lines } = recordingLogger();
    expect(await start(log)).toBeDefined();

    const [article, ...more] = await allArticles();
    expect(more).toHaveLength(0);
    const [code, ...otherCodes] = await allCodes();
    expect(otherCodes).toHaveLength(0);
    expect(code).toMatchObject({ link: DEMO_CODE, articleId: article!.id });
    expect(code!.museumId).toBe(article!.museumId);
    expect(article).toMatchObject({
      name: DEMO_ARTICLE_NAME,
      unformattedName: DEMO_TITLE,
      instructions: DEMO_INSTRUCTIONS,
      folderId: null,
    });
    // Stored exactly as the editor's save stores it: the parsed content, defaults filled in.
    expect(article!.content).toEqual(withBlockIds(contentSchema.parse(DEMO_CONTENT)));
    expect(lines).toEqual([expect.stringMatching(/^info: /)]);

    // The curator sees it like any article: in the tree and in the QR code list.
    const cookie = await t.login(ADMIN.email, ADMIN.password);
    const tree = (await (await staff(t, cookie).get('/api/tree')).json()) as unknown[];
    expect(tree).toEqual([{ id: article!.id, type: 'article', name: DEMO_TITLE }]);
    const list = (await (await staff(t, cookie).get('/api/read/qrcodes')).json()) as unknown[];
    expect(list).toEqual([
      expect.objectContaining({ link: DEMO_CODE, id_article: article!.id, name: 'demo' }),
    ]);
  });

  it('creates nothing at later starts, nor when asked again', async () => {
    await start();
    const before = { articles: await allArticles(), codes: await allCodes() };
    expect(await start()).toBeUndefined();
    const museumId = before.articles[0]!.museumId;
    expect(await ensureDemo({ db: database.db, services: t.services }, museumId)).toEqual({
      kind: 'exists',
    });
    expect(await allArticles()).toEqual(before.articles);
    expect(await allCodes()).toEqual(before.codes);
  });

  it('does not fail the start when another museum holds the code: a warning, no demo', async () => {
    const otherMuseum = await accountsRepo(database.db).insertMuseum('Autre musée');
    expect(await qrcodesRepo(database.db).insert(otherMuseum, DEMO_CODE)).not.toBe('taken');
    const { log, lines } = recordingLogger();
    expect(await start(log)).toBeDefined();
    expect(await allArticles()).toEqual([]);
    expect(await allCodes()).toEqual([expect.objectContaining({ museumId: otherMuseum })]);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^warn: .*QR code ${DEMO_CODE}`))]);
  });

  it('keeps its own url when another article already has the demo’s, and the code leads there', async () => {
    const otherMuseum = await accountsRepo(database.db).insertMuseum('Autre musée');
    await database.db
      .insert(articles)
      .values({ museumId: otherMuseum, name: DEMO_ARTICLE_NAME, content: [] });
    await start();
    const demo = (await allArticles()).find((a) => a.museumId !== otherMuseum)!;
    expect(demo.name).toMatch(/^article-[a-z0-9]{10}$/);
    expect((demo.content as { url: string }[])[0]!.url).toBe(demo.name);
    const res = await t.request(DEMO_SCAN_PATH, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`/article?name=${demo.name}`);
  });
});

describe('what a visitor gets', () => {
  it('a scan of /r/DemoLegend leads to the article', async () => {
    await start();
    const res = await t.request(DEMO_SCAN_PATH, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/article?name=${DEMO_ARTICLE_NAME}`);
  });

  it('the visitor page shows the language picker, then the article with its accordion', async () => {
    await start();
    const picker = await t.request(`/article?name=${DEMO_ARTICLE_NAME}`, {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(picker.status).toBe(200);
    const choose = await picker.text();
    expect(choose).toContain(DEMO_TITLE);
    expect(choose).toContain(`href="/article?name=${DEMO_ARTICLE_NAME}&amp;lang=en"`);

    const res = await t.request(`/article?name=${DEMO_ARTICLE_NAME}&lang=fr`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="fr" dir="ltr"');
    expect(html).toContain('>La lanterne du pilote</p>');
    expect(html).toContain('<em>La Vigilante</em>');
    expect(html).toMatch(
      /<details class="reader-accordion"[^>]*><summary[^>]*>En savoir plus<\/summary>/,
    );
    expect(html).toContain('background-color:#14324b');
  });
});
