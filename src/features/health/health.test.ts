import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { createMemoryBlobStore, type BlobStore } from '../../server/blobs.ts';
import type { Database } from '../../server/db/index.ts';
import { silentLogger } from '../../server/log.ts';
import { healthRoutes } from './routes.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const down = () => Promise.reject(new Error('connection refused'));
const hanging = () => new Promise<never>(() => {});

function probe(db: Database, blobs: BlobStore) {
  return healthRoutes({ db, blobs, log: silentLogger, timeoutMs: 200 }).request('/healthz');
}

describe('GET /healthz', () => {
  it('answers 200 when the database and the blob store answer, uncached, without a session', async () => {
    const t = testApp(database.db);
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', blobs: 'ok' });
  });

  it('answers 503 naming the database when it is down or hangs', async () => {
    for (const execute of [down, hanging]) {
      const db = { execute } as unknown as Database;
      const started = Date.now();
      const res = await probe(db, createMemoryBlobStore());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        database: 'unreachable',
        blobs: 'ok',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('answers 503 naming the blob store when it fails or hangs', async () => {
    for (const has of [down, hanging]) {
      const blobs = { ...createMemoryBlobStore(), has } as BlobStore;
      const res = await probe(database.db, blobs);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        blobs: 'unreachable',
      });
    }
  });
});
