import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp } from '../../../tests/helpers/use-test-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { tempDir } from '../../../tests/helpers/server.ts';
import { createBlobStore } from '../../server/blobs.ts';
import { parseConfig } from '../../server/config.ts';
import { HashGate, HashingBusyError, passwordHashing, PRODUCTION_PARAMS } from './passwords.ts';
import { HASHING_IN_FLIGHT } from './policy.ts';
import { loginThrottle } from '../../server/db/schema.ts';

/**
 * Password hashing is bounded per process, so a burst of sign-ins cannot
 * starve file reads (media, the health check's blob probe) of libuv's thread pool, nor take
 * 128 MiB per attempt. Sign-ins beyond the bound answer 503 at once, without hashing.
 */

describe('HashGate', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('runs at most inFlight at once, queues `queue` more in order, refuses the rest at once', async () => {
    const gate = new HashGate(2, 3);
    const work = Array.from({ length: 8 }, deferred);
    const order: number[] = [];
    const runs = work.map((w, i) =>
      gate.run(async () => {
        order.push(i);
        await w.promise;
        return i;
      }),
    );
    const settled = runs.map((r) =>
      r.then(
        () => 'done',
        (e: unknown) => e,
      ),
    );
    // The three beyond 2 + 3 are refused before any work ends.
    for (const i of [5, 6, 7]) expect(await settled[i]).toBeInstanceOf(HashingBusyError);
    expect(order).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    for (const w of work) w.resolve();
    expect(await Promise.all(runs.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(gate.stats).toEqual({ maxInFlight: 2, admitted: 5, refused: 3 });
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a hash that fails', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('100 sign-ins at once, at production cost', () => {
  let database: TestDatabase;
  let dir: string;
  const limits = { inFlight: passwordHashing.inFlight, queue: passwordHashing.queue };

  useTestApp({ museums: false }, (s) => ({ database } = s));
  beforeAll(() => {
    dir = tempDir('legenda-hashing-');
  });
  afterAll(() => {
    Object.assign(passwordHashing, limits);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leave media and /healthz answering, and hash no more than the bound', async () => {
    // The production bound in flight. No queue here: each queued hash would add ~0.5-2 s of
    // test time, and those in flight are what compete with file reads.
    passwordHashing.queue = 0;
    const blobs = await createBlobStore(
      parseConfig({ NODE_ENV: 'test', DATA_DIR: dir, BLOB_STORE: 'fs' }),
    );
    await blobs.setBytes('media/1/images/abc.png', PNG_1PX);
    const t = testApp(database.db, { blobs, passwordParams: PRODUCTION_PARAMS });
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await t.request(path);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const idle = { media: [] as number[], health: [] as number[] };
    for (let i = 0; i < 5; i++) {
      idle.media.push((await timed('/media/1/images/abc.png')).ms);
      idle.health.push((await timed('/healthz')).ms);
    }

    const before = { ...passwordHashing.stats };
    const rss = process.memoryUsage().rss;
    let peakRss = rss;
    const answered: { status: number; retryAfter: string | null }[] = [];
    const burst = Array.from({ length: 100 }, async (_, i) => {
      const res = await t.postJson(
        '/login',
        { email: `nobody${i}@x.example`, password: 'guess' },
        { 'x-test-address': `10.7.${i}.1` },
      );
      answered.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    });
    // Under load: every attempt has been checked in or answered, the hashes are running.
    while (answered.length < 100 - HASHING_IN_FLIGHT) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(passwordHashing.running).toBe(HASHING_IN_FLIGHT);
    const under = { media: [] as number[], health: [] as number[] };
    for (let i = 0; i < 3; i++) {
      const media = await timed('/media/1/images/abc.png');
      const health = await timed('/healthz');
      expect(media.status).toBe(200);
      expect(health.status).toBe(200);
      under.media.push(media.ms);
      under.health.push(health.ms);
    }
    const stillHashing = passwordHashing.running;
    await Promise.all(burst);

    const statuses = answered.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(HASHING_IN_FLIGHT);
    const busy = answered.filter((a) => a.status === 503);
    expect(busy).toHaveLength(100 - HASHING_IN_FLIGHT);
    expect(busy.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    // At once: all 98 answered before either hash ended, and none took a place.
    expect(answered.slice(0, busy.length).every((a) => a.status === 503)).toBe(true);
    expect(passwordHashing.stats.admitted - before.admitted).toBe(HASHING_IN_FLIGHT);
    expect(passwordHashing.stats.maxInFlight).toBeLessThanOrEqual(HASHING_IN_FLIGHT);

    const report = (what: 'media' | 'health') =>
      `${median(under[what]).toFixed(1)} ms (idle ${median(idle[what]).toFixed(1)} ms, ` +
      `x${(median(under[what]) / median(idle[what])).toFixed(1)}; samples ${under[what].map((x) => x.toFixed(1)).join(', ')})`;
    console.log(
      `100 sign-ins at once (${stillHashing} hashes still running after the probes): media ` +
        `GET ${report('media')}, /healthz ${report('health')}; RSS ${rss >> 20} -> ` +
        `${peakRss >> 20} MiB at most`,
    );
  });
});

describe('a burst of sign-ins while the hashing is full', () => {
  let database: TestDatabase;
  useTestApp({ museums: false }, (s) => ({ database } = s));

  it('is answered 503 without a query: the health check does not wait behind 300 sign-ins', async () => {
    const t = testApp(database.db);
    // Every hashing place taken and the line full, as in a long burst.
    const hold = Promise.withResolvers<void>();
    const held = Array.from({ length: passwordHashing.inFlight + passwordHashing.queue }, () =>
      passwordHashing.run(() => hold.promise),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          t.postJson(
            '/login',
            { email: `nobody${i}@x.example`, password: 'guess' },
            { 'x-test-address': `10.9.${i % 250}.${i}` },
          ),
        ),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
      expect((await answers[0]!.json()).error.code).toBe('sign_in_busy');
      // None of them reached the database: no throttling key was written.
      expect(await database.db.select().from(loginThrottle)).toEqual([]);
      expect((await t.request('/healthz')).status).toBe(200);
    } finally {
      hold.resolve();
      await Promise.all(held);
    }
  });
});

describe('a burst of sign-ins from a blocked address', () => {
  let database: TestDatabase;
  useTestApp({ museums: false }, (s) => ({ database } = s));

  it('lets /healthz in between: each sign-in’s queries start on a turn of their own', async () => {
    const t = testApp(database.db);
    // The address is blocked: each attempt reads and gives back its keys (429), hashing nothing.
    const at = new Date();
    await database.db.insert(loginThrottle).values({
      key: 'address:10.9.9.9',
      failures: 30,
      windowStartedAt: at,
      updatedAt: at,
      blockedUntil: new Date(at.getTime() + 3_600_000),
    });
    let answered = 0;
    const burst = Array.from({ length: 20 }, async (_, i) => {
      const res = await t.postJson(
        '/login',
        { email: `nobody${i}@x.example`, password: 'guess' },
        { 'x-test-address': '10.9.9.9' },
      );
      answered++;
      return res.status;
    });
    // The probe comes in on the next turn of the event loop, as a request on its own socket
    // does. Answered behind the sign-ins' chained queries, it would come after all of them
    // (the embedded database runs each query on this thread).
    await new Promise((resolve) => setImmediate(resolve));
    const health = await t.request('/healthz');
    expect(health.status).toBe(200);
    expect(answered).toBeLessThan(10);
    expect(new Set(await Promise.all(burst))).toEqual(new Set([429]));
  });
});
