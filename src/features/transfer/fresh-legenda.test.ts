import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { museums } from '../../server/db/schema.ts';
import { DEMO_CODE, DEMO_SCAN_PATH } from '../demo/demo.ts';
import { DEMO_TITLE } from '../demo/content.ts';
import { demoAtFirstStart, ensureDemo } from '../demo/service.ts';
import type { RestoreAnswer } from './format.ts';
import { exportZip, restore, seedMuseum } from './test-fixtures.ts';

/**
 * A museum export restored into a new Legenda, which holds its demo article (demo/service.ts):
 * the untouched demo counts as empty and is replaced; a demo the curator worked on is kept.
 */

let t: TestApp;
let cookie: string;
let database: TestDatabase;
useTestApp({}, (s) => ({ t, cookie, database } = s));

const ADMIN = { email: 'admin@nouveau.example', password: 'a first password', museum: 'Nouveau' };

let second: TestDatabase;
beforeAll(async () => {
  second = await createTestDatabase();
});
afterAll(async () => {
  await second.close();
});

/** Another Legenda at its first start: the first account, its museum and the demo article. */
async function freshLegenda() {
  await second.reset();
  const app = testApp(second.db);
  const first = await app.accounts.ensureFirstAccount(ADMIN);
  const deps = { db: second.db, log: recordingLogger().log, services: app.services };
  expect(await demoAtFirstStart(deps, first!.museum)).toMatchObject({ kind: 'created' });
  const as = await app.login(ADMIN.email, ADMIN.password);
  const tree = (await (await staff(app, as).get('/api/tree')).json()) as { id: number }[];
  return { app, as, demoId: tree[0]!.id };
}

/** Museum A with its own demo (code DemoLegend, /article?name=demo) and three articles. */
async function exportWithDemo() {
  const [museum] = await database.db
    .select({ id: museums.id })
    .from(museums)
    .where(eq(museums.name, 'Musée A'));
  await ensureDemo({ db: database.db, services: t.services }, museum!.id);
  const seeded = await seedMuseum(t, cookie);
  return { seeded, zip: await exportZip(t, cookie) };
}

const into = async (app: TestApp, as: string) =>
  ((await (await staff(app, as).get('/api/read/restore')).json()) as { into: string }).into;

describe('a restore into a new Legenda', () => {
  it('replaces its untouched demo, nothing deleted first, keeping the archive’s names and codes', async () => {
    const { seeded, zip } = await exportWithDemo();
    const { app, as } = await freshLegenda();
    expect(await into(app, as)).toBe('demo');

    const res = await restore(app, as, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as RestoreAnswer;
    expect(answer).toMatchObject({ articles: 4, qrcodes: 4, qrNotKept: [], renamed: [] });

    // The archive's demo alone: the new Legenda's was replaced, not kept beside it.
    const api = staff(app, as);
    const tree = (await (await api.get('/api/tree')).json()) as { name: string }[];
    expect(tree.filter((item) => item.name === DEMO_TITLE)).toHaveLength(1);
    const codes = (await (await api.get('/api/read/qrcodes')).json()) as { link: string }[];
    expect(codes.map((code) => code.link).sort()).toEqual([...seeded.links, DEMO_CODE].sort());
    const scan = await app.request(DEMO_SCAN_PATH, { redirect: 'manual' });
    expect(scan.headers.get('location')).toBe('/article?name=demo');
    const joconde = await app.request(`/r/${seeded.links[0]!}`, { redirect: 'manual' });
    expect(joconde.headers.get('location')).toContain('name=la-joconde');
    expect(await into(app, as)).toBe('not_empty');
  });

  it('is refused as today when the curator worked on the demo or beside it', async () => {
    const { zip } = await exportWithDemo();
    type Api = ReturnType<typeof staff>;
    const work: Record<string, (api: Api, demoId: number) => unknown> = {
      'edited the demo': (api, id) => api.save(id, 'demo', DEMO_TITLE, 'Notre propre texte'),
      // Saved again as it was: a version of the curator's is kept in its history.
      'saved it again': async (api, id) => {
        const read = await api.get(`/api/read/article?articleId=${id}`);
        const demo = (await read.json()) as { content: unknown[]; instructions: string };
        return api.manage('update_article', {
          articleId: id,
          newContent: demo.content,
          unformatted_name: DEMO_TITLE,
          instructions: demo.instructions,
        });
      },
      'made a folder': (api) => api.manage('add_folder', { pathArray: [], id: 'Salle 1' }),
      'made a QR code': (api) => api.addCode(),
    };
    for (const [what, act] of Object.entries(work)) {
      const { app, as, demoId } = await freshLegenda();
      await act(staff(app, as), demoId);
      const res = await restore(app, as, zip);
      expect([what, res.status]).toEqual([what, 409]);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('museum_not_empty');
      expect(await into(app, as)).toBe('not_empty');
    }
  });
});
