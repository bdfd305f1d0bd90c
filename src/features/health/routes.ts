import { Hono } from 'hono';
import type { BlobStore } from '../../server/blobs/store.ts';
import type { AppEnv } from '../../server/context.ts';
import { ping, sinceLastAnswer, type Database } from '../../server/db/handle.ts';
import { errorReason } from '../../server/db/errors.ts';
import type { Logger } from '../../server/log.ts';

/** How long a check may take before it counts as down: a probe must answer, not hang. */
export const HEALTH_TIMEOUT_MS = 3000;

/**
 * A database that answered a query this recently answers: the check then adds no query of its
 * own. The embedded database takes one query at a time, so during a burst (of sign-ins, say) a
 * probe's query would wait behind all the others, while the others' answers already say it is up.
 */
export const RECENT_ANSWER_MS = 1000;

/** The database's check: a recent answer, or a `select 1` of its own. */
async function databaseAnswers(db: Database): Promise<void> {
  const since = sinceLastAnswer(db);
  if (since === undefined || since > RECENT_ANSWER_MS) await ping(db);
}

/** The blob store's cheap read: listing a prefix nothing is written under. */
export const HEALTH_BLOB_PREFIX = 'healthz';

type Outcome = { state: 'ok' } | { state: 'unreachable'; reason: unknown };

async function check(work: () => Promise<unknown>, timeoutMs: number): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ state: 'unreachable', reason: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work().then((): Outcome => ({ state: 'ok' })), late]);
  } catch (reason) {
    return { state: 'unreachable', reason };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz, for a load balancer or an uptime probe: 200 `{ ok: true, database: 'ok', blobs:
 * 'ok' }` when the database answers `select 1` (or answered a query within the last second) and
 * the blob store answers a listing, each within
 * the timeout; 503 with `ok: false` and 'unreachable' for the one that did not. Public, never
 * cached, and it says nothing more: why a check failed goes to the log, not to the probe.
 *
 * The blob check lists a prefix rather than asking for one key: on S3 a missing bucket answers a
 * key lookup with the same 404 as a missing key, and a listing with an error.
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
      check(() => databaseAnswers(deps.db), timeoutMs),
      check(() => deps.blobs.list(HEALTH_BLOB_PREFIX), timeoutMs),
    ]);
    const ok = database.state === 'ok' && blobs.state === 'ok';
    if (!ok) {
      // One line per failed probe: a load balancer asks every few seconds, stacks would flood.
      const reasons: Record<string, string> = {};
      if (database.state !== 'ok') reasons.database = errorReason(database.reason);
      if (blobs.state !== 'ok') reasons.blobs = errorReason(blobs.reason);
      deps.log.warn(
        `Health check failed: database ${database.state}, blob store ${blobs.state}`,
        reasons,
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ ok, database: database.state, blobs: blobs.state }, ok ? 200 : 503);
  });
  return app;
}
