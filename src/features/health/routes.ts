import { Hono } from 'hono';
import type { BlobStore } from '../../server/blobs.ts';
import type { AppEnv } from '../../server/context.ts';
import { ping, type Database } from '../../server/db/index.ts';
import type { Logger } from '../../server/log.ts';

/** How long a check may take before it counts as down: a probe must answer, not hang. */
export const HEALTH_TIMEOUT_MS = 3000;

type Check = 'ok' | 'unreachable';

async function check(work: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const result = await Promise.race([work().then(() => 'ok' as const), late]);
    return result === 'ok' ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz, for a load balancer or an uptime probe: 200 when the database and the blob store
 * answer, 503 naming what does not. Public, never cached, and it says nothing more than that.
 */
export function healthRoutes(deps: {
  db: Database;
  blobs: BlobStore;
  log: Logger;
  timeoutMs?: number;
}) {
  const app = new Hono<AppEnv>();
  const timeoutMs = deps.timeoutMs ?? HEALTH_TIMEOUT_MS;
  app.get('/healthz', async (c) => {
    const [database, blobs] = await Promise.all([
      check(() => ping(deps.db), timeoutMs),
      check(() => deps.blobs.has('healthz'), timeoutMs),
    ]);
    const ok = database === 'ok' && blobs === 'ok';
    if (!ok) deps.log.warn(`Health check failed: database ${database}, blob store ${blobs}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ok ? 'ok' : 'unavailable', database, blobs }, ok ? 200 : 503);
  });
  return app;
}
