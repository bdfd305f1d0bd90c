import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../../tests/helpers/logger.ts';
import { staff } from '../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../tests/helpers/use-test-app.ts';

let t: TestApp;
let cookie: string;
const recorded = recordingLogger();
useTestApp(
  () => {
    recorded.lines.length = 0;
    return { log: recorded.log };
  },
  (s) => ({ t, cookie } = s),
);

// The background work the subscribers started ends before the next test empties the database.
afterEach(async () => {
  await t.services.prepare.settled();
  await t.services.status.settled();
});

const FORGET = [
  'visitor pages forgotten',
  'scan targets forgotten',
  'circuit pages forgotten',
  'guide homes forgotten',
  'count lookups forgotten',
  'shared caches purged',
];

/**
 * What the app's subscribers are seen doing, in order: each call to what they act on is
 * recorded (and still made), and the article's or museum's id with it.
 */
function recordSubscribers(app: TestApp): string[] {
  const { pages, qrcodes, status, prepare } = app.services;
  const seen: string[] = [];
  const record = <T extends object, K extends keyof T & string>(object: T, method: K) => {
    const real = (object[method] as (...args: unknown[]) => unknown).bind(object);
    vi.spyOn(object, method as never).mockImplementation(((...args: unknown[]) => {
      seen.push([method, ...args].join(' '));
      return real(...args);
    }) as never);
  };
  record(pages, 'clear');
  record(qrcodes, 'forgetTargets');
  record(status, 'later');
  record(status, 'laterMuseum');
  record(prepare, 'afterSave');
  return seen;
}

describe('the app’s subscribers', () => {
  it('are listed in the order they run, for every event', () => {
    const { events } = t.services;
    expect(events.labels('articleChanged')).toEqual([
      ...FORGET,
      'overview counts recomputed',
      'priority languages prepared',
    ]);
    expect(events.labels('circuitChanged')).toEqual(FORGET);
    expect(events.labels('glossaryChanged')).toEqual([...FORGET, 'overview counts recomputed']);
    expect(events.labels('museumChanged')).toEqual([...FORGET, 'overview counts recomputed']);
    expect(events.labels('translationStored')).toEqual([
      'shared caches purged',
      'overview counts recomputed',
    ]);
  });

  it('forget the pages of a saved article before its counts and priority languages', async () => {
    const curator = staff(t, cookie);
    const id = await curator.publish('le-port');
    const seen = recordSubscribers(t);
    await curator.save(id, 'le-port', 'Le port');
    expect(seen).toEqual([
      'clear',
      'forgetTargets',
      `later ${id}`,
      expect.stringMatching(new RegExp(`^afterSave \\d+ ${id}$`)),
    ]);
  });

  it('forget the pages of a reset article before its counts, and prepare nothing', async () => {
    const curator = staff(t, cookie);
    const id = await curator.publish('le-port');
    const seen = recordSubscribers(t);
    const res = await curator.manage('reset_traductions', { articleId: id });
    expect(res.status).toBe(200);
    expect(seen).toEqual(['clear', 'forgetTargets', `later ${id}`]);
  });

  it('forget the pages before the museum is counted again, after a glossary change', async () => {
    const seen = recordSubscribers(t);
    const res = await staff(t, cookie).manage('save_glossary_term', {
      term: 'Hermione',
      note: '',
      doNotTranslate: true,
      translations: {},
    });
    expect(res.status).toBe(201);
    expect(seen).toEqual(['clear', 'forgetTargets', expect.stringMatching(/^laterMuseum \d+$/)]);
  });

  it('count a stored translation of an article again, not a circuit’s', async () => {
    const seen = recordSubscribers(t);
    await t.services.events.emit('translationStored', { articleId: 5, targetLang: 'es' });
    await t.services.events.emit('translationStored', { articleId: 'circuit-2', targetLang: 'es' });
    expect(seen).toEqual(['later 5 es']);
  });

  it('keep going past a subscriber that fails, and the save answers', async () => {
    const curator = staff(t, cookie);
    const id = await curator.publish('le-port');
    const seen = recordSubscribers(t);
    vi.spyOn(t.services.pages, 'clear').mockImplementation(() => {
      throw new Error('cache broken');
    });
    await curator.save(id, 'le-port', 'Le port');
    expect(seen).toEqual(['forgetTargets', `later ${id}`, expect.stringMatching(/^afterSave /)]);
    expect(recorded.lines).toContain('error: event articleChanged: visitor pages forgotten failed');
  });

  it('are told what changed: the museum, the articles, and how', async () => {
    const told: unknown[] = [];
    const { events } = t.services;
    for (const name of ['articleChanged', 'museumChanged', 'glossaryChanged'] as const) {
      events.on(name, 'test', (event) => void told.push({ name, ...event }));
    }
    const curator = staff(t, cookie);
    const added = await curator.manage('add_folder', { pathArray: [], id: 'Salle' });
    const room = ((await added.json()) as { id: number }).id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await curator.manage('add_article', { pathArray: [room] });
      ids.push(((await res.json()) as { id: number }).id);
    }
    await curator.save(ids[0]!, 'salle-1');
    const museumId = (told[0] as { museumId: number }).museumId;
    await curator.manage('reset_traductions', { articleId: ids[0] });
    await curator.manage('update_settings', { sourceLanguage: 'fr', timeZone: 'Europe/Paris' });
    const deleted = await curator.manage('delete_item', {
      id: room,
      type: 'folder',
      pathArray: [],
    });
    expect(await deleted.json()).toEqual({ deletedArticles: 2 });
    expect(told).toEqual([
      { name: 'articleChanged', how: 'saved', museumId, articleId: ids[0] },
      { name: 'articleChanged', how: 'reset', museumId, articleId: ids[0] },
      { name: 'museumChanged', museumId },
      {
        name: 'articleChanged',
        how: 'deleted',
        museumId,
        articleIds: expect.arrayContaining(ids) as unknown,
      },
    ]);
    // Those two, and no other.
    expect((told[3] as { articleIds: number[] }).articleIds).toHaveLength(2);
  });
});
