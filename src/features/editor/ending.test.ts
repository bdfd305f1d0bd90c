import { describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { museumCommand, parseSlug } from '../../app/cli/museum.ts';
import { createNetlifyPrepare } from '../../app/netlify/prepare.ts';
import { silentLogger } from '../../server/log.ts';
import type { ArticleDocument } from './schema.ts';

/**
 * An article's planned end on the guide (docs/adr/0038-scheduled-end-of-publication.md):
 * `unpublish {at}` plans it, the read answer and the tree carry it, cancel_unpublish calls it
 * off, and at its time the runner of planned publishes takes the article off the guide as an
 * unpublish does (visitor page, guide home and search, circuits, CDN).
 */
let t: TestApp;
let cookie: string;
let other: string;
let clock: TestClock;
const purged: string[][] = [];
const app = useTestApp(
  () => {
    purged.length = 0;
    clock = testClock(new Date('2026-11-21T10:00:00Z'));
    return {
      clock,
      env: { COUNTS_FLUSH_MS: '0' },
      purge: (tags: readonly string[]) => Promise.resolve(void purged.push([...tags])),
    };
  },
  (s) => ({ t, cookie, other } = s),
);

const manage = (path: string, body: unknown, as = cookie) =>
  t.postJson(`/api/manage/${path}`, body, { cookie: as });

async function publication(id: number): Promise<ArticleDocument['publication']> {
  const res = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as ArticleDocument).publication;
}

const page = async (path: string) => {
  const res = await t.request(path, { headers: { 'accept-language': 'fr' } });
  return { status: res.status, html: await res.text() };
};

/** The exhibition's panel, published, stop 7 of museum A's guide and of its circuit. */
async function exhibition(): Promise<number> {
  await museumCommand(app.database.db, { museum: 'Musée A', slug: parseSlug('musee-a') });
  const id = await staff(t, cookie).publish('expo', 'Expo', 'Les estampes japonaises');
  const circuit = await manage('save_circuit', {
    name: 'visite',
    title: 'La visite',
    intro: '',
    articleIds: [id],
  });
  expect(circuit.status).toBe(201);
  return id;
}

describe('a planned end', () => {
  it('is read back, then takes the article off the guide, its search and circuits at its time', async () => {
    const id = await exhibition();
    const res = await manage('unpublish', { articleId: id, at: '2026-11-21T11:02:00+01:00' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { publication: unknown }).publication).toEqual({
      state: 'published',
      publishedAt: '2026-11-21T10:00:00.000Z',
      publishAt: null,
      unpublishAt: '2026-11-21T10:02:00.000Z',
    });
    const tree = (await (await staff(t, cookie).get('/api/tree')).json()) as { id: number }[];
    expect(tree.find((item) => item.id === id)).toMatchObject({
      unpublishAt: '2026-11-21T10:02:00.000Z',
    });
    clock.advance(60_000);
    expect((await t.services.publishing.publishDue()).ended).toEqual([]);
    expect((await page('/article?name=expo&lang=fr')).status).toBe(200);
    expect((await page('/visit/musee-a?lang=fr')).html).toContain('name=expo');
    expect((await page('/visit/musee-a?lang=fr&q=estampes')).html).toContain('name=expo');
    expect((await page('/circuit?name=visite&lang=fr')).html).toContain('expo');
    purged.length = 0;

    clock.advance(60_000);
    expect((await t.services.publishing.publishDue()).ended).toEqual([id]);
    expect(await publication(id)).toEqual({
      state: 'unpublished',
      publishedAt: null,
      publishAt: null,
      unpublishAt: null,
    });
    const gone = await page('/article?name=expo&lang=fr');
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('Pas encore disponible');
    expect((await page('/visit/musee-a?lang=fr')).html).not.toContain('name=expo');
    expect((await page('/visit/musee-a?lang=fr&q=estampes')).html).not.toContain('name=expo');
    expect((await page('/circuit?name=visite&lang=fr')).html).not.toContain('expo');
    await t.services.cdn.idle();
    expect(purged.flat()).toEqual(expect.arrayContaining([expect.stringMatching(`-a${id}$`)]));
    // Done once: the next run finds nothing.
    expect((await t.services.publishing.publishDue()).ended).toEqual([]);
  });

  it('on Netlify, the function scheduled every minute ends it', async () => {
    const id = await staff(t, cookie).publish('expo');
    expect((await manage('unpublish', { articleId: id, at: '2026-11-21T10:01:00Z' })).status).toBe(
      200,
    );
    const scheduled = await createNetlifyPrepare(t.config, {
      db: app.database.db,
      log: silentLogger,
      now: clock.now,
    });
    expect((await scheduled.run()).status).toBe(200);
    expect((await publication(id)).state).toBe('published');
    clock.advance(60_000);
    expect((await scheduled.run()).status).toBe(200);
    expect((await publication(id)).state).toBe('unpublished');
  });

  it('can be called off, and is cleared by an unpublish by hand; a save keeps it', async () => {
    const id = await staff(t, cookie).publish('expo');
    await manage('unpublish', { articleId: id, at: '2026-11-22T10:00:00Z' });
    const off = await manage('cancel_unpublish', { articleId: id });
    expect(off.status).toBe(200);
    expect(((await off.json()) as Published).publication.unpublishAt).toBeNull();
    clock.advance(2 * 24 * 3_600_000);
    expect((await t.services.publishing.publishDue()).ended).toEqual([]);
    expect((await page('/article?name=expo&lang=fr')).status).toBe(200);

    await manage('unpublish', { articleId: id, at: '2026-11-24T10:00:00Z' });
    await staff(t, cookie).save(id, 'expo', 'Expo', 'Corrigé');
    expect((await publication(id)).unpublishAt).toBe('2026-11-24T10:00:00.000Z');
    expect((await manage('unpublish', { articleId: id })).status).toBe(200);
    expect((await publication(id)).unpublishAt).toBeNull();
  });
});

type Published = { publication: { unpublishAt: string | null } };

describe('refused plans', () => {
  const refusedAt = async (res: Response) => {
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as {
      error: { code: string; details: { path: string }[] };
    };
    expect(error.code).toBe('invalid_body');
    expect(error.details.map((detail) => detail.path)).toEqual(['at']);
  };

  it('a time past, now or not a time is 422 naming `at`, and changes nothing', async () => {
    const id = await staff(t, cookie).publish('expo');
    for (const at of ['2026-11-21T09:59:00Z', '2026-11-21T10:00:00Z', 'mardi', '2026-11-22']) {
      await refusedAt(await manage('unpublish', { articleId: id, at }));
    }
    expect(await publication(id)).toMatchObject({ state: 'published', unpublishAt: null });
  });

  it('an end before the planned publish, or a publish after the planned end, is 422', async () => {
    const id = await staff(t, cookie).publish('expo');
    await manage('publish', { articleId: id, at: '2026-11-22T10:00:00Z' });
    await refusedAt(await manage('unpublish', { articleId: id, at: '2026-11-22T09:00:00Z' }));
    await refusedAt(await manage('unpublish', { articleId: id, at: '2026-11-22T10:00:00Z' }));
    expect((await manage('unpublish', { articleId: id, at: '2026-11-23T10:00:00Z' })).status).toBe(
      200,
    );
    await refusedAt(await manage('publish', { articleId: id, at: '2026-11-23T10:00:00Z' }));
    expect(await publication(id)).toMatchObject({
      state: 'scheduled',
      publishAt: '2026-11-22T10:00:00.000Z',
      unpublishAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it("another museum's article, or none, is 404 to planning and calling off", async () => {
    const id = await staff(t, cookie).publish('expo');
    await manage('unpublish', { articleId: id, at: '2026-11-22T10:00:00Z' });
    const at = '2026-11-23T10:00:00Z';
    for (const [path, body] of [
      ['unpublish', { articleId: id, at }],
      ['cancel_unpublish', { articleId: id }],
    ] as const) {
      expect((await manage(path, body, other)).status, path).toBe(404);
      expect((await manage(path, { ...body, articleId: 999_999 })).status, path).toBe(404);
    }
    expect((await publication(id)).unpublishAt).toBe('2026-11-22T10:00:00.000Z');
  });
});
