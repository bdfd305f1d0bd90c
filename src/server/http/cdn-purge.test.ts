import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { jobs } from '../db/schema.ts';
import { jobRunner } from '../jobs/runner.ts';
import { cdnPurger, purgeHook } from './cdn-purge.ts';

describe('the purge hook (CDN_PURGE_URL)', () => {
  it('posts the tags as Surrogate-Key and as JSON, with the token as a bearer', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), init: init! });
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    const tags = ['legenda-m1-a7', 'legenda-m1-guide'];
    await purgeHook('https://cache.example/purge', 'k3y', fetchImpl as typeof fetch)(tags);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://cache.example/purge');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.headers).toEqual({
      'Content-Type': 'application/json',
      'Surrogate-Key': 'legenda-m1-a7 legenda-m1-guide',
      Authorization: 'Bearer k3y',
    });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ tags });

    // No token, no Authorization; anything but a 2xx is a failure.
    const refused = (_url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: '', init: init! });
      return Promise.resolve(new Response('no', { status: 403 }));
    };
    const hook = purgeHook('http://varnish:6081/', undefined, refused as typeof fetch);
    await expect(hook(tags)).rejects.toThrow('the purge hook answered 403');
    expect(sent[1]!.init.headers).not.toHaveProperty('Authorization');
  });
});

describe('cdnPurger', () => {
  let database: TestDatabase;
  beforeAll(async () => void (database = await createTestDatabase()));
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** A purger on a jobs runner whose clock the test moves. */
  function purgerWith(options: Omit<Parameters<typeof cdnPurger>[0], 'jobs'>) {
    let at = Date.parse('2026-12-07T10:00:00Z');
    const jobs = jobRunner({ db: database.db, log: options.log, now: () => new Date(at) });
    const purger = cdnPurger({ ...options, jobs });
    /** Time passes by `ms`, and the retries then due run. */
    const after = async (ms: number) => {
      at += ms;
      await jobs.runDue();
    };
    return { purger, jobs, after };
  }

  it('answers at once, tries a failed purge again with longer waits, and logs each failure', async () => {
    const { log, lines } = recordingLogger();
    let calls = 0;
    const { purger, after } = purgerWith({
      log,
      send: () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('cache unreachable')) : Promise.resolve();
      },
    });
    // The caller (a curator's save) does not wait: nothing was sent when purge returns.
    purger.purge(['legenda-m1-a7', 'legenda-m1-a7', 'legenda-m1-guide']);
    expect(calls).toBe(0);
    await purger.idle();
    expect(calls).toBe(1);
    await after(999);
    expect(calls).toBe(1);
    await after(1);
    expect(calls).toBe(2);
    await after(1999);
    expect(calls).toBe(2);
    await after(1);
    expect(calls).toBe(3);
    expect(await database.db.select().from(jobs)).toEqual([]);
    expect(lines).toEqual([
      'warn: Job cdn-purge (legenda-m1-a7 legenda-m1-guide) failed (attempt 1: cache unreachable); trying again later.',
      'warn: Job cdn-purge (legenda-m1-a7 legenda-m1-guide) failed (attempt 2: cache unreachable); trying again later.',
    ]);
  });

  it('gives up after its last try with an error in the log and the job kept failed', async () => {
    const { log, lines } = recordingLogger();
    const tried: string[][] = [];
    const { purger, after } = purgerWith({
      log,
      tries: 3,
      send: (tags) => {
        tried.push([...tags]);
        return Promise.reject(new Error('503'));
      },
    });
    purger.purge(['legenda-m2']);
    await purger.idle();
    await after(1000);
    await after(2000);
    await after(3_600_000);
    expect(tried).toEqual([['legenda-m2'], ['legenda-m2'], ['legenda-m2']]);
    expect(lines.at(-1)).toBe(
      'error: Job cdn-purge (legenda-m2) failed for good after 3 attempt(s): 503. ' +
        'Shared caches may show these pages as they were.',
    );
    expect(await database.db.select().from(jobs)).toMatchObject([
      { kind: 'cdn-purge', state: 'failed', attempts: 3, lastError: '503' },
    ]);
  });

  it('a purge outlives its process: a retry waiting in the table is sent by the next one', async () => {
    const { log } = recordingLogger();
    const first = purgerWith({ log, send: () => Promise.reject(new Error('cache unreachable')) });
    first.purger.purge(['legenda-m3']);
    await first.purger.idle();
    first.jobs.stop();
    const sent: string[][] = [];
    const next = purgerWith({ log, send: (tags) => Promise.resolve(void sent.push([...tags])) });
    await next.after(1000);
    expect(sent).toEqual([['legenda-m3']]);
  });

  it('purges nothing without a cache to purge, or without tags', async () => {
    const { log, lines } = recordingLogger();
    const none = purgerWith({ log, send: undefined }).purger;
    none.purge(['legenda-m1']);
    await none.idle();
    let calls = 0;
    const some = purgerWith({ log, send: () => Promise.resolve(void calls++) }).purger;
    some.purge([]);
    await some.idle();
    expect(calls).toBe(0);
    expect(lines).toEqual([]);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });
});
