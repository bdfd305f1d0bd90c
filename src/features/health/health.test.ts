import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../tests/helpers/blob-servers.ts';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp } from '../../../tests/helpers/use-test-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { createS3BlobStore } from '../../server/blobs.ts';
import { createMemoryBlobStore, type BlobStore } from '../../server/blobs/store.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Database } from '../../server/db/handle.ts';
import { createLogger, silentLogger, type Logger } from '../../server/log.ts';
import { healthRoutes } from './routes.ts';

let database: TestDatabase;
useTestApp({ museums: false }, (s) => ({ database } = s));

/** A blob store every call of which fails, or never answers. */
const blobStoreThat = (call: () => Promise<never>) =>
  new Proxy({} as BlobStore, { get: () => call });
const failing = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:9000'));
const hanging = () => new Promise<never>(() => {});

function probe(db: Database, blobs: BlobStore, log: Logger = silentLogger) {
  return healthRoutes({ db, blobs, log, timeoutMs: 300 }).request('/healthz');
}

function recordingLogger() {
  const lines: string[] = [];
  const log = createLogger(
    { logLevel: 'info', logFormat: 'json' },
    { sink: (_stream, line) => lines.push(line) },
  );
  return { log, lines };
}

describe('GET /healthz', () => {
  it('answers 200 when the database and the blob store answer, uncached, without a session', async () => {
    const t = testApp(database.db);
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ ok: true, database: 'ok', blobs: 'ok' });
  });

  it('takes an answer of the last second for its database check, not queueing behind busy ones', async () => {
    const t = testApp(database.db);
    // The embedded database's one connection held, as a burst of queries holds it; it had
    // answered just before.
    await database.db.execute(sql`select 1`);
    const hold = Promise.withResolvers<void>();
    const holding = Promise.withResolvers<void>();
    const busy = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding.resolve();
      await hold.promise;
    });
    await holding.promise;
    try {
      const res = await t.request('/healthz');
      expect(await res.json()).toEqual({ ok: true, database: 'ok', blobs: 'ok' });
    } finally {
      hold.resolve();
      await busy;
    }
  });

  it('answers 503 naming the database when it cannot be reached, and logs why', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const handle = openPostgres('postgres://legenda:hunter2-password@127.0.0.1:1/legenda', 1);
    const { log, lines } = recordingLogger();
    try {
      const res = await probe(handle.db, createMemoryBlobStore(), log);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ ok: false, database: 'unreachable', blobs: 'ok' });
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(entry.msg).toBe('Health check failed: database unreachable, blob store ok');
      expect(JSON.stringify(entry.database)).toContain('ECONNREFUSED');
      // One line, no stack: a load balancer probes every few seconds.
      expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/);
      expect(lines[0]).not.toContain('hunter2');
    } finally {
      await handle.close();
    }
  });

  it('answers 503 naming the database when it hangs, within the timeout', async () => {
    const db = { execute: hanging } as unknown as Database;
    const started = Date.now();
    const res = await probe(db, createMemoryBlobStore());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, database: 'unreachable', blobs: 'ok' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 503 naming the blob store when its calls fail or hang, with no detail in the body', async () => {
    for (const call of [failing, hanging]) {
      const started = Date.now();
      const res = await probe(database.db, blobStoreThat(call));
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ ok: false, database: 'ok', blobs: 'unreachable' });
      expect(text).not.toContain('ECONNREFUSED');
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('answers 503 naming both when both are down', async () => {
    const db = { execute: failing } as unknown as Database;
    const res = await probe(db, blobStoreThat(failing));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, database: 'unreachable', blobs: 'unreachable' });
  });

  describe('on S3', () => {
    let s3: S3TestServer;
    beforeAll(async () => {
      s3 = await startS3Server();
    });
    afterAll(() => s3.stop());

    it('is healthy with the bucket, and not when the bucket is missing or the key refused', async () => {
      const { settings } = await s3.newBucket();
      const healthy = await probe(database.db, await createS3BlobStore(settings));
      expect(await healthy.json()).toEqual({ ok: true, database: 'ok', blobs: 'ok' });

      for (const wrong of [{ bucket: 'no-such-bucket' }, { secretAccessKey: 'not-the-key' }]) {
        const store = await createS3BlobStore({ ...settings, ...wrong });
        const res = await probe(database.db, store);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ ok: false, database: 'ok', blobs: 'unreachable' });
      }
    });
  });
});
