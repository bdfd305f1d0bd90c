import { describe, expect, it } from 'vitest';
import { stopApi, stopBody as body } from '../../../tests/helpers/stops.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { ArticleDocument } from './schema.ts';

/**
 * Stop numbers through the API, on PGlite and PostgreSQL: kept by every save (draft, publish,
 * restore), unique in a museum (a save claiming another article's number is refused, naming
 * it; nothing is written), free across museums, checked as 1 to 9999. A museum's transfer:
 * transfer/stops.test.ts; staff lists and QR codes: qrcodes/stops.test.ts.
 */

let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ t, cookie, other } = s));

const manage = (path: string, data: unknown, as = cookie) => stopApi(t, as).manage(path, data);
const get = (path: string, as = cookie) => stopApi(t, as).get(path);
const added = () => stopApi(t, cookie).added();
const numbered = (url: string, stop: unknown, title = 'Panneau', as = cookie) =>
  stopApi(t, as).numbered(url, stop, title);

async function read(id: number, as = cookie): Promise<ArticleDocument> {
  const res = await get(`/api/read/article?articleId=${id}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as ArticleDocument;
}

const stopOf = (content: unknown[]) => (content[0] as { stop?: unknown }).stop;

/** The 409 a taken number answers, checked: it names the number and the article holding it. */
async function takenBy(res: Response, stop: number, holder: number, title: string) {
  const answer = (await res.json()) as {
    error: { code: string; message: string; details: unknown };
  };
  expect(res.status, JSON.stringify(answer)).toBe(409);
  expect(answer.error.code).toBe('stop_taken');
  expect(answer.error.details).toEqual({ stop, articleId: holder, title });
  expect(answer.error.message).toContain(`Stop ${stop} already belongs to "${title}"`);
}

describe('stop numbers kept', () => {
  it('through publish, draft, publishing the draft and restoring an older version', async () => {
    const id = await numbered('salle-3', 23, 'Salle 3');
    expect(stopOf((await read(id)).content)).toBe(23);

    expect((await manage('save_draft', body(id, 'salle-3', 24, 'Salle 3'))).status).toBe(200);
    const drafted = await read(id);
    expect(stopOf(drafted.draft!.content)).toBe(24);
    expect(stopOf(drafted.content)).toBe(23);

    expect((await manage('publish', { articleId: id })).status).toBe(200);
    const live = await read(id);
    expect(live.draft).toBeNull();
    expect(stopOf(live.content)).toBe(24);

    const revisions = (await (await get(`/api/read/revisions?articleId=${id}`)).json()) as {
      revision: number;
      kind: string;
    }[];
    const first = revisions.at(-1)!;
    const one = (await (
      await get(`/api/read/revision?articleId=${id}&revision=${first.revision}`)
    ).json()) as { content: unknown[] };
    expect(stopOf(one.content)).toBe(23);
    const restored = await manage('restore_revision', { articleId: id, revision: first.revision });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(stopOf((await read(id)).draft!.content)).toBe(23);
  });

  it('clears the number when the field is emptied (absent, null or empty)', async () => {
    for (const [i, empty] of [undefined, null, ''].entries()) {
      const id = await numbered(`vide-${i}`, 40 + i);
      expect((await manage('update_article', body(id, `vide-${i}`, empty))).status).toBe(200);
      expect(stopOf((await read(id)).content)).toBeUndefined();
      // The number is free again.
      await numbered(`reprise-${i}`, 40 + i);
    }
  });
});

describe('stop numbers unique in a museum', () => {
  it('refuses another article’s number on publish, naming it, and writes nothing', async () => {
    const room = await numbered('salle-3', 23, 'Salle 3');
    const second = await numbered('vitrine', 5, 'Vitrine');
    const before = await read(second);
    await takenBy(await manage('update_article', body(second, 'vitrine', 23)), 23, room, 'Salle 3');
    const after = await read(second);
    expect(after.revision).toBe(before.revision);
    expect(stopOf(after.content)).toBe(5);
    // Its own number again is no clash.
    expect((await manage('update_article', body(room, 'salle-3', 23, 'Salle 3'))).status).toBe(200);
  });

  it('refuses it on a draft save and on a restore, and counts a draft’s number as taken', async () => {
    const room = await numbered('salle-3', 23, 'Salle 3');
    const second = await numbered('vitrine', 5, 'Vitrine');
    await takenBy(await manage('save_draft', body(second, 'vitrine', 23)), 23, room, 'Salle 3');
    expect((await read(second)).draft).toBeNull();

    // A number only a draft holds is taken too, for publish and draft alike.
    expect((await manage('save_draft', body(room, 'salle-3', 30, 'Salle 3'))).status).toBe(200);
    await takenBy(await manage('update_article', body(second, 'vitrine', 30)), 30, room, 'Salle 3');
    await takenBy(await manage('save_draft', body(second, 'vitrine', 30)), 30, room, 'Salle 3');

    // Restoring a version whose number another article took meanwhile.
    expect((await manage('update_article', body(room, 'salle-3', 24, 'Salle 3'))).status).toBe(200);
    expect((await manage('update_article', body(second, 'vitrine', 23, 'Vitrine'))).status).toBe(
      200,
    );
    const revisions = (await (await get(`/api/read/revisions?articleId=${room}`)).json()) as {
      revision: number;
    }[];
    const oldest = revisions.at(-1)!.revision;
    const restored = await manage('restore_revision', { articleId: room, revision: oldest });
    await takenBy(restored, 23, second, 'Vitrine');
  });

  it('lets another museum use the same number; another museum’s article is a 404', async () => {
    const room = await numbered('salle-3', 23, 'Salle 3');
    const theirs = await numbered('leur-salle', 23, 'Leur salle', other);
    expect(stopOf((await read(theirs, other)).content)).toBe(23);
    const res = await manage('update_article', body(room, 'salle-3-bis', 23), other);
    expect(res.status).toBe(404);
    const draft = await manage('save_draft', body(room, 'salle-3', 23), other);
    expect(draft.status).toBe(404);
  });

  it('two curators claiming one number at once: one is saved, the other refused', async () => {
    const a = await numbered('a', 1, 'A');
    const b = await numbered('b', 2, 'B');
    const c = await added();
    const results = await Promise.all([
      manage('update_article', body(a, 'a', 77, 'A')),
      manage('save_draft', body(b, 'b', 77, 'B')),
      manage('update_article', body(c, 'c', 77, 'C')),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    for (const r of results) {
      if (r.status === 409) {
        const code = ((await r.json()) as { error: { code: string } }).error.code;
        expect(code).toBe('stop_taken');
      }
    }
  });

  it('refuses what is no stop number, saying what is allowed', async () => {
    const id = await numbered('salle', 3);
    for (const bad of [0, 10000, 2.5, -1, '23', true, 'vingt', {}, [23]]) {
      for (const path of ['update_article', 'save_draft']) {
        const res = await manage(path, body(id, 'salle', bad));
        const answer = (await res.json()) as {
          error: { code: string; details: { path: string; message: string }[] };
        };
        expect(res.status, `${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(answer.error.code).toBe('invalid_body');
        expect(answer.error.details[0]).toEqual({
          path: 'newContent.0.stop',
          message: 'must be a whole number from 1 to 9999',
        });
      }
    }
    expect(stopOf((await read(id)).content)).toBe(3);
    expect((await manage('update_article', body(id, 'salle', 9999))).status).toBe(200);
  });
});
